import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Bell, KeyRound, UserRound } from 'lucide-react'
import { errorMessage } from '../../../lib/api-client'
import { Modal } from '../../../components/ui/modal'
import { PasswordForm, type PasswordFormText } from '../components/password-form'
import { ProfileForm, type ProfileFormText } from '../components/profile-form'
import { messagePreferencesQuery, profileQuery } from '../api'
import { MessageChoicesForm } from '../components/message-choices-form'
import { PhoneNotifications } from '../components/phone-notifications'
import type { Outcome } from '../components/use-save-outcome'
import { TabList, useTabs } from '../../../components/ui/tabs'
import { useSession } from '../../../lib/session'

const TABS = [
  { key: 'profile', label: 'Profile', icon: UserRound },
  { key: 'security', label: 'Security', icon: KeyRound },
  { key: 'notifications', label: 'Notifications', icon: Bell },
] as const
const TAB_KEYS = TABS.map((t) => t.key)

function TabLabel({ tab }: { tab: (typeof TABS)[number] }) {
  return (
    <>
      <tab.icon className="size-4" aria-hidden />
      {tab.label}
    </>
  )
}

const PROFILE_TEXT: ProfileFormText = {
  heading: 'Profile',
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username (email)',
  usernameHint: 'You log in with this email.',
  phone: 'Phone number',
  phonePlaceholder: '0803 123 4567',
  location: 'Address',
  currentPassword: 'Current password',
  errorFallback: 'Could not save your profile. Please try again.',
}

const PASSWORD_TEXT: PasswordFormText = {
  heading: 'Change password',
  current: 'Current password',
  new: 'New password',
  newHint: 'At least 8 characters. Your other devices will be logged out.',
  confirm: 'Confirm new password',
  errorFallback: 'Could not change your password. Please try again.',
}

/** The answer of a save, shown in a dialog with a Close button, titled by its tab. */
type TitledOutcome = (Outcome & { title: string }) | null

/** /user/settings: the customer's profile and password, on a dark page under the top bar. */
export default function UserSettings() {
  const userId = useSession((s) => s.id)
  const tabs = useTabs(TAB_KEYS)
  const [outcome, setOutcome] = useState<TitledOutcome>(null)

  if (userId === null) return null
  return (
    <div className="min-h-[70vh] bg-slate-950 text-white">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight">Settings</h1>
        <p className="mt-2 text-slate-400">Manage your profile, password and notifications.</p>

        <TabList
          tabs={tabs}
          label="Settings"
          className="mt-8 inline-flex max-w-full flex-wrap gap-1 rounded-xl bg-slate-800/80 p-1"
          tabClassName={(selected) =>
            `inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
              selected ? 'bg-white text-slate-900 shadow' : 'text-slate-300 hover:text-white'
            }`
          }
        >
          {(_key, i) => <TabLabel tab={TABS[i]} />}
        </TabList>

        {TABS.map((t) => (
          <div
            key={t.key}
            {...tabs.panelProps(t.key)}
            hidden={tabs.selected !== t.key}
            className="mt-6 rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8"
          >
            {t.key === 'profile' ? (
              <ProfilePanel userId={userId} onOutcome={(o) => setOutcome({ ...o, title: 'Profile' })} />
            ) : t.key === 'notifications' ? (
              <NotificationsPanel userId={userId} />
            ) : (
              <PasswordForm
                userId={userId}
                text={PASSWORD_TEXT}
                onOutcome={(o) => setOutcome({ ...o, title: 'Security' })}
                className="grid gap-5"
                buttonClassName="btn-primary px-6"
              />
            )}
          </div>
        ))}
      </div>

      <Modal
        open={outcome !== null}
        title={outcome?.title ?? ''}
        onClose={() => setOutcome(null)}
        size="sm"
        closeButton
      >
        <p
          role={outcome?.ok ? 'status' : 'alert'}
          className={outcome?.ok ? 'text-slate-700' : 'text-red-600'}
        >
          {outcome?.text}
        </p>
      </Modal>
    </div>
  )
}

/** A settings panel before its data is there: loading, or the failure with a retry. */
function PanelLoadState({
  query,
  what,
}: {
  query: { isLoading: boolean; error: unknown; refetch: () => unknown }
  what: string
}) {
  if (query.isLoading)
    return (
      <p role="status" className="text-slate-500">
        Loading...
      </p>
    )
  if (!query.error) return null
  return (
    <div role="alert" className="space-y-3">
      <p className="text-red-600">
        {errorMessage(query.error, `Could not load ${what}. Check your connection.`)}
      </p>
      <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
        Try again
      </button>
    </div>
  )
}

function ProfilePanel({ userId, onOutcome }: { userId: number; onOutcome: (outcome: Outcome) => void }) {
  const query = useQuery(profileQuery(userId))

  if (!query.data) return <PanelLoadState query={query} what="your profile" />
  return (
    <ProfileForm
      userId={userId}
      initial={query.data}
      text={PROFILE_TEXT}
      onOutcome={onOutcome}
      className="grid gap-5 sm:grid-cols-2"
      buttonClassName="btn-primary px-6"
    />
  )
}

/** The channels per kind of message; its save answers on a line under the button, not in the dialog. */
function NotificationsPanel({ userId }: { userId: number }) {
  const query = useQuery(messagePreferencesQuery(userId))
  if (!query.data) return <PanelLoadState query={query} what="your notification settings" />
  return (
    <MessageChoicesForm initial={query.data}>
      <PhoneNotifications userId={userId} />
    </MessageChoicesForm>
  )
}
