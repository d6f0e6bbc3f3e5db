import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { parseNaira } from '../../../../contract/money.js'
import type { PaymentSettings } from '../../../../contract/withdrawals.js'
import { NotificationsForm, type NotificationsFormText } from '../components/notifications-form'
import { PhoneNotifications } from '../components/phone-notifications'
import { PasswordForm, type PasswordFormText } from '../components/password-form'
import { ProfileForm, type ProfileFormText } from '../components/profile-form'
import { TextField } from '../../../components/ui/text-field'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { useSaveOutcome, type Outcome } from '../components/use-save-outcome'
import { TabList, useTabs } from '../../../components/ui/tabs'
import { useSession } from '../../../lib/session'
import { notificationSettingsQuery, paymentSettingsQuery, profileQuery, useSavePaymentSettings } from '../api'
import { ResultDialog } from '../../../components/ui/confirm-dialog'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { Switch } from '../../../components/ui/switch'

const TABS = ['Profile', 'Security', 'Payment', 'Notifications'] as const

const SAVE_FAILED = 'An error occurred, try again later'

const PROFILE_TEXT: ProfileFormText = {
  firstName: 'First Name',
  lastName: 'Last Name',
  username: 'Username',
  usernameHint: 'Your login email.',
  phone: 'Phone Number',
  currentPassword: 'Current Password',
  errorFallback: SAVE_FAILED,
}

const PASSWORD_TEXT: PasswordFormText = {
  current: 'Current Password',
  new: 'New Password',
  newHint: 'At least 8 characters.',
  confirm: 'Confirm New Password',
  errorFallback: SAVE_FAILED,
}

/** The server's answer to a save (success or failure), shown in the result modal until closed. */
function useResultMessage() {
  const [message, setMessage] = useState<string | null>(null)
  return { message, show: (outcome: Outcome) => setMessage(outcome.text), close: () => setMessage(null) }
}

function ProfileTab({ userId }: { userId: number }) {
  const profile = useQuery(profileQuery(userId))
  const result = useResultMessage()
  // Once loaded the form stays, even when the silent reload after a save fails.
  return (
    <>
      {profile.data ? (
        <ProfileForm
          userId={userId}
          initial={profile.data}
          text={PROFILE_TEXT}
          onOutcome={result.show}
          className="grid gap-4 sm:grid-cols-2"
        />
      ) : (
        <QueryGate query={profile} what="your profile">
          {null}
        </QueryGate>
      )}
      <ResultDialog message={result.message} onClose={result.close} />
    </>
  )
}

function SecurityTab({ userId }: { userId: number }) {
  const result = useResultMessage()
  return (
    <>
      <PasswordForm
        userId={userId}
        text={PASSWORD_TEXT}
        onOutcome={result.show}
        className="grid max-w-md gap-4"
      />
      <ResultDialog message={result.message} onClose={result.close} />
    </>
  )
}

function PaymentForm({ initial }: { initial: PaymentSettings }) {
  const { form, setForm, bind } = useFormFields({ ...initial, threshold: String(initial.threshold) })
  const save = useSavePaymentSettings()
  const result = useResultMessage()
  const { busy, run } = useSaveOutcome(result.show)

  async function submit(e: FormEvent) {
    e.preventDefault()
    // "50,000" is an amount; what is not one goes as typed, for the server's message. Blank is 0.
    const threshold = form.threshold.trim() === '' ? 0 : (parseNaira(form.threshold) ?? form.threshold)
    await run(() => save.mutateAsync({ ...form, threshold }), SAVE_FAILED)
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <TextField id="bank-name" label="Bank Name" required {...bind('bank_name')} />
      <TextField id="account-name" label="Account Name" required {...bind('account_name')} />
      <TextField
        id="account-number"
        label="Account Number"
        hint="10-digit NUBAN."
        required
        inputMode="numeric"
        pattern="\d{10}"
        maxLength={10}
        title="10 digits"
        {...bind('account_number')}
      />
      <TextField
        id="swift-code"
        label="SWIFT Code (optional)"
        {...bind('swift_code')}
        className="field uppercase"
      />
      <div className="sm:col-span-2">
        <Switch
          label="Automatic withdrawals"
          description="Checked after every payment and when you save: once the balance reaches the threshold, the whole balance is requested as a Pending withdrawal to this account and you are told. Send the transfer, then mark it Paid."
          checked={form.auto_withdraw}
          onChange={(auto_withdraw) => setForm((f) => ({ ...f, auto_withdraw }))}
        />
      </div>
      <TextField id="threshold" label="Withdrawal Threshold (₦)" inputMode="decimal" {...bind('threshold')} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Payment Information'}
        </button>
      </div>
      <ResultDialog message={result.message} onClose={result.close} />
    </form>
  )
}

function PaymentTab({ userId }: { userId: number }) {
  const settings = useQuery(paymentSettingsQuery(userId))
  return (
    <QueryGate query={settings} what="payment settings">
      {settings.data && <PaymentForm initial={settings.data} />}
    </QueryGate>
  )
}

/** For an admin: the alerts the back office sends. */
const ADMIN_NOTIFICATIONS: NotificationsFormText = {
  switches: [
    {
      key: 'email',
      label: 'Email notifications',
      description: 'New bookings, orders and messages by email.',
    },
    {
      key: 'sms',
      label: 'SMS notifications',
      description: 'The same alerts by text message, to the phone number in your profile.',
    },
    { key: 'marketing', label: 'Marketing emails', description: 'News and offers.' },
    {
      key: 'payment',
      label: 'Payment notifications',
      description: 'Refunds the payment gateway could not complete, which need you.',
    },
  ],
  save: 'Save Preferences',
  failed: SAVE_FAILED,
}

function NotificationsTab({ userId }: { userId: number }) {
  const settings = useQuery(notificationSettingsQuery(userId))
  const result = useResultMessage()
  return (
    <QueryGate query={settings} what="notification settings">
      {settings.data && (
        <NotificationsForm
          userId={userId}
          initial={settings.data}
          text={ADMIN_NOTIFICATIONS}
          onOutcome={result.show}
          className="max-w-xl"
        >
          <div className="max-w-xl">
            <PhoneNotifications userId={userId} />
          </div>
        </NotificationsForm>
      )}
      <ResultDialog message={result.message} onClose={result.close} />
    </QueryGate>
  )
}

export default function SettingsScreen() {
  const userId = useSession((s) => s.id)
  const tabs = useTabs(TABS)

  if (userId === null) return null
  return (
    <>
      <PageHeader title="Settings" />
      <TabList
        tabs={tabs}
        label="Settings"
        className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
        tabClassName={(selected) =>
          `-mb-px border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${
            selected
              ? 'border-brand-700 text-brand-800'
              : 'border-transparent text-slate-600 hover:text-slate-800'
          }`
        }
      >
        {(t) => t}
      </TabList>
      <Card className="p-5 sm:p-6">
        <div {...tabs.panelProps(tabs.selected)}>
          {tabs.selected === 'Profile' && <ProfileTab userId={userId} />}
          {tabs.selected === 'Security' && <SecurityTab userId={userId} />}
          {tabs.selected === 'Payment' && <PaymentTab userId={userId} />}
          {tabs.selected === 'Notifications' && <NotificationsTab userId={userId} />}
        </div>
      </Card>
    </>
  )
}
