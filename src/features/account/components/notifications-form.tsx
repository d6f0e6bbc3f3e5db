import { useState, type FormEvent } from 'react'
import type { NotificationSettings } from '../../../../contract/account.js'
import { Switch } from '../../../components/ui/switch'
import { useSaveNotificationSettings } from '../api'
import { useSaveOutcome, type Outcome } from './use-save-outcome'

/** What each switch does for a customer: these are the messages the server sends them. */
const CUSTOMER_SWITCHES: { key: keyof NotificationSettings; label: string; description: string }[] = [
  {
    key: 'email',
    label: 'Email',
    description: 'Booking received and confirmed, technician on the way, service report, orders shipped.',
  },
  {
    key: 'sms',
    label: 'SMS',
    description: 'The same updates by text message, to your profile phone number.',
  },
  {
    key: 'payment',
    label: 'Payment receipts and refunds',
    description: 'By email and/or SMS as chosen above.',
  },
  { key: 'marketing', label: 'News and offers', description: 'Occasional promotions by email.' },
]

/** The customer's notification choices (admins/notification-settings/{id}/). */
export function NotificationsForm({
  userId,
  initial,
  onOutcome,
}: {
  userId: number
  initial: NotificationSettings
  onOutcome: (outcome: Outcome) => void
}) {
  const [form, setForm] = useState(initial)
  const save = useSaveNotificationSettings(userId)
  const { busy, run } = useSaveOutcome(onOutcome)

  async function submit(e: FormEvent) {
    e.preventDefault()
    await run(() => save.mutateAsync(form), 'Could not save your choices. Please try again.')
  }

  return (
    <form onSubmit={submit}>
      <h2 className="text-xl font-bold">Notifications</h2>
      <p className="mt-1 text-sm text-slate-600">
        Your notifications in the app always arrive; choose what else reaches you. Password reset messages are
        always sent.
      </p>
      <div className="mt-4 divide-y divide-slate-100">
        {CUSTOMER_SWITCHES.map(({ key, label, description }) => (
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
        {busy ? 'Saving...' : 'Save choices'}
      </button>
    </form>
  )
}
