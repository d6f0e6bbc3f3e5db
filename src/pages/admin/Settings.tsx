import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { NotificationSettings, PaymentSettings, Profile } from '../../../contract/index.js'
import { errorMessage } from '../../api/client'
import { useSession } from '../../stores/session'
import {
  notificationSettingsQuery,
  paymentSettingsQuery,
  profileQuery,
  useChangePassword,
  useSaveNotificationSettings,
  useSavePaymentSettings,
  useSaveProfile,
} from './api'
import { Card, PageHeader, QueryGate, ResultDialog, Switch } from './ui'

const TABS = ['Profile', 'Security', 'Payment', 'Notifications'] as const
type Tab = (typeof TABS)[number]

/** Runs a save and puts the server's answer (success or failure) in the result modal. */
function useResult() {
  const [message, setMessage] = useState<string | null>(null)
  async function report(save: () => Promise<{ message: string }>, fallback: string): Promise<boolean> {
    try {
      setMessage((await save()).message)
      return true
    } catch (err) {
      setMessage(errorMessage(err, fallback))
      return false
    }
  }
  return { message, report, close: () => setMessage(null) }
}

function Field({
  id,
  label,
  children,
  hint,
}: {
  id: string
  label: string
  children: ReactNode
  hint?: string
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}

function ProfileForm({ userId, initial }: { userId: number; initial: Profile }) {
  const [form, setForm] = useState({
    first_name: initial.first_name,
    last_name: initial.last_name,
    username: initial.username,
    phone_number: initial.phone_number,
  })
  const save = useSaveProfile(userId)
  const result = useResult()
  const checkAuth = useSession((s) => s.checkAuth)
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    // The sidebar shows the name and email from the session: refresh it after a change.
    if (await result.report(() => save.mutateAsync(form), 'An error occurred, try again later'))
      void checkAuth()
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <Field id="profile-first" label="First Name">
        <input
          id="profile-first"
          autoComplete="given-name"
          value={form.first_name}
          onChange={set('first_name')}
          className="field"
        />
      </Field>
      <Field id="profile-last" label="Last Name">
        <input
          id="profile-last"
          autoComplete="family-name"
          value={form.last_name}
          onChange={set('last_name')}
          className="field"
        />
      </Field>
      <Field id="profile-username" label="Username" hint="Your login email.">
        <input
          id="profile-username"
          type="email"
          required
          autoComplete="email"
          aria-describedby="profile-username-hint"
          value={form.username}
          onChange={set('username')}
          className="field"
        />
      </Field>
      <Field id="profile-phone" label="Phone Number">
        <input
          id="profile-phone"
          type="tel"
          autoComplete="tel"
          value={form.phone_number}
          onChange={set('phone_number')}
          className="field"
        />
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
      <ResultDialog message={result.message} onClose={result.close} />
    </form>
  )
}

function ProfileTab({ userId }: { userId: number }) {
  const profile = useQuery(profileQuery(userId))
  return (
    <QueryGate query={profile} what="your profile">
      {profile.data && <ProfileForm userId={userId} initial={profile.data} />}
    </QueryGate>
  )
}

const EMPTY_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' }

function SecurityTab({ userId }: { userId: number }) {
  const [form, setForm] = useState(EMPTY_PASSWORDS)
  const change = useChangePassword(userId)
  const result = useResult()
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (await result.report(() => change.mutateAsync(form), 'An error occurred, try again later'))
      setForm(EMPTY_PASSWORDS)
  }

  return (
    <form onSubmit={submit} className="grid max-w-md gap-4">
      <Field id="current-password" label="Current Password">
        <input
          id="current-password"
          type="password"
          required
          autoComplete="current-password"
          value={form.current_password}
          onChange={set('current_password')}
          className="field"
        />
      </Field>
      <Field id="new-password" label="New Password" hint="At least 8 characters.">
        <input
          id="new-password"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          aria-describedby="new-password-hint"
          value={form.new_password}
          onChange={set('new_password')}
          className="field"
        />
      </Field>
      <Field id="confirm-password" label="Confirm New Password">
        <input
          id="confirm-password"
          type="password"
          required
          autoComplete="new-password"
          value={form.confirm_password}
          onChange={set('confirm_password')}
          className="field"
        />
      </Field>
      <div>
        <button type="submit" className="btn-primary" disabled={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Password'}
        </button>
      </div>
      <ResultDialog message={result.message} onClose={result.close} />
    </form>
  )
}

function PaymentForm({ initial }: { initial: PaymentSettings }) {
  const [form, setForm] = useState({ ...initial, threshold: String(initial.threshold) })
  const save = useSavePaymentSettings()
  const result = useResult()
  const set =
    (key: 'bank_name' | 'account_name' | 'account_number' | 'swift_code' | 'threshold') =>
    (e: React.ChangeEvent<HTMLInputElement>) =>
      setForm((f) => ({ ...f, [key]: e.target.value }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    await result.report(
      () => save.mutateAsync({ ...form, threshold: Number(form.threshold || 0) }),
      'An error occurred, try again later',
    )
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <Field id="bank-name" label="Bank Name">
        <input id="bank-name" required value={form.bank_name} onChange={set('bank_name')} className="field" />
      </Field>
      <Field id="account-name" label="Account Name">
        <input
          id="account-name"
          required
          value={form.account_name}
          onChange={set('account_name')}
          className="field"
        />
      </Field>
      <Field id="account-number" label="Account Number" hint="10-digit NUBAN.">
        <input
          id="account-number"
          required
          inputMode="numeric"
          pattern="\d{10}"
          maxLength={10}
          title="10 digits"
          aria-describedby="account-number-hint"
          value={form.account_number}
          onChange={set('account_number')}
          className="field"
        />
      </Field>
      <Field id="swift-code" label="SWIFT Code (optional)">
        <input
          id="swift-code"
          value={form.swift_code}
          onChange={set('swift_code')}
          className="field uppercase"
        />
      </Field>
      <div className="sm:col-span-2">
        <Switch
          label="Automatic withdrawals"
          description="Pay the balance out to this account once it reaches the threshold."
          checked={form.auto_withdraw}
          onChange={(auto_withdraw) => setForm((f) => ({ ...f, auto_withdraw }))}
        />
      </div>
      <Field id="threshold" label="Withdrawal Threshold (₦)">
        <input
          id="threshold"
          type="number"
          min={0}
          step="0.01"
          value={form.threshold}
          onChange={set('threshold')}
          className="field"
        />
      </Field>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Payment Information'}
        </button>
      </div>
      <ResultDialog message={result.message} onClose={result.close} />
    </form>
  )
}

function PaymentTab() {
  const settings = useQuery(paymentSettingsQuery)
  return (
    <QueryGate query={settings} what="payment settings">
      {settings.data !== undefined && (
        <PaymentForm
          initial={
            settings.data ?? {
              bank_name: '',
              account_name: '',
              account_number: '',
              swift_code: '',
              auto_withdraw: false,
              threshold: 0,
            }
          }
        />
      )}
    </QueryGate>
  )
}

const NOTIFICATION_SWITCHES: { key: keyof NotificationSettings; label: string; description: string }[] = [
  { key: 'email', label: 'Email notifications', description: 'New bookings, orders and messages by email.' },
  { key: 'sms', label: 'SMS notifications', description: 'Urgent updates by text message.' },
  { key: 'marketing', label: 'Marketing emails', description: 'News and offers.' },
  { key: 'payment', label: 'Payment notifications', description: 'Payments received and withdrawals.' },
]

function NotificationsForm({ userId, initial }: { userId: number; initial: NotificationSettings }) {
  const [form, setForm] = useState(initial)
  const save = useSaveNotificationSettings(userId)
  const result = useResult()

  async function submit(e: FormEvent) {
    e.preventDefault()
    await result.report(() => save.mutateAsync(form), 'An error occurred, try again later')
  }

  return (
    <form onSubmit={submit} className="max-w-xl">
      <div className="divide-y divide-slate-100">
        {NOTIFICATION_SWITCHES.map(({ key, label, description }) => (
          <Switch
            key={key}
            label={label}
            description={description}
            checked={form[key]}
            onChange={(value) => setForm((f) => ({ ...f, [key]: value }))}
          />
        ))}
      </div>
      <button type="submit" className="btn-primary mt-4" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Preferences'}
      </button>
      <ResultDialog message={result.message} onClose={result.close} />
    </form>
  )
}

function NotificationsTab({ userId }: { userId: number }) {
  const settings = useQuery(notificationSettingsQuery(userId))
  return (
    <QueryGate query={settings} what="notification settings">
      {settings.data && <NotificationsForm userId={userId} initial={settings.data} />}
    </QueryGate>
  )
}

export default function SettingsScreen() {
  const userId = useSession((s) => s.id)
  const [tab, setTab] = useState<Tab>('Profile')
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  // Arrow keys move between tabs (WAI-ARIA tabs pattern).
  function onTabKey(e: KeyboardEvent, index: number) {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    e.preventDefault()
    const next = (index + delta + TABS.length) % TABS.length
    setTab(TABS[next])
    tabRefs.current[next]?.focus()
  }

  if (userId === null) return null
  return (
    <>
      <PageHeader title="Settings" />
      <div
        role="tablist"
        aria-label="Settings"
        className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {TABS.map((t, i) => (
          <button
            key={t}
            ref={(el) => {
              tabRefs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${
              tab === t
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {t}
          </button>
        ))}
      </div>
      <Card className="p-5 sm:p-6">
        <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'Profile' && <ProfileTab userId={userId} />}
          {tab === 'Security' && <SecurityTab userId={userId} />}
          {tab === 'Payment' && <PaymentTab />}
          {tab === 'Notifications' && <NotificationsTab userId={userId} />}
        </div>
      </Card>
    </>
  )
}
