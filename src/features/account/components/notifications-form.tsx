import { useState, type FormEvent, type ReactNode } from 'react'
import type { NotificationSettings } from '../../../../contract/account.js'
import { Switch } from '../../../components/ui/switch'
import { useSaveNotificationSettings } from '../api'
import { useSaveOutcome, type Outcome } from './use-save-outcome'

/** One switch of the form: which setting, and what it does for this kind of user. */
export interface NotificationSwitch {
  key: keyof NotificationSettings
  label: string
  description: string
}

/**
 * What the form says to its audience. The admin's settings use it; customers and technicians choose per kind
 * of message instead (message-choices-form.tsx).
 */
export interface NotificationsFormText {
  switches: NotificationSwitch[]
  save: string
  failed: string
}

/** A user's notification choices (admins/notification-settings/{id}/), with `children` above the switches. */
export function NotificationsForm({
  userId,
  initial,
  text,
  onOutcome,
  className,
  children,
}: {
  userId: number
  initial: NotificationSettings
  text: NotificationsFormText
  onOutcome: (outcome: Outcome) => void
  className?: string
  children?: ReactNode
}) {
  const [form, setForm] = useState(initial)
  const save = useSaveNotificationSettings(userId)
  const { busy, run } = useSaveOutcome(onOutcome)

  async function submit(e: FormEvent) {
    e.preventDefault()
    await run(() => save.mutateAsync(form), text.failed)
  }

  return (
    <form onSubmit={submit} className={className}>
      {children}
      <div className="divide-y divide-slate-100">
        {text.switches.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={form[key]}
            onChange={(value) => setForm((f) => ({ ...f, [key]: value }))}
          />
        ))}
      </div>
      <button type="submit" className="btn-primary mt-4 px-6" disabled={busy}>
        {busy ? 'Saving...' : text.save}
      </button>
    </form>
  )
}
