import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { KeyRound, UserRound } from 'lucide-react'
import type { Profile } from '../../../contract/index.js'
import { localPhone } from '../../../contract/phone.js'
import { errorMessage } from '../../api/client'
import {
  changePassword,
  fetchProfile,
  profileKey,
  saveProfile,
  type PasswordChange,
} from '../../api/settings'
import { Modal } from '../../components/Modal'
import { useSession } from '../../stores/session'

const TABS = [
  { key: 'profile', label: 'Profile', icon: UserRound },
  { key: 'security', label: 'Security', icon: KeyRound },
] as const
type TabKey = (typeof TABS)[number]['key']

/** The answer of a save, shown in a dialog with a Close button (SPEC section 8). */
type Outcome = { title: string; text: string; ok: boolean } | null

/** /user/settings: the customer's profile and password, on a dark page under the top bar. */
export default function UserSettings() {
  const userId = useSession((s) => s.id)
  const [tab, setTab] = useState<TabKey>('profile')
  const [outcome, setOutcome] = useState<Outcome>(null)
  const id = useId()
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  // Arrow keys move between tabs (and select them), Home/End jump to the ends: the WAI-ARIA tabs pattern.
  const onTabKey = (e: KeyboardEvent, index: number) => {
    const last = TABS.length - 1
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null
    if (next === null) return
    e.preventDefault()
    setTab(TABS[next].key)
    tabRefs.current[next]?.focus()
  }

  if (userId === null) return null
  return (
    <div className="min-h-[70vh] bg-slate-950 text-white">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-extrabold tracking-tight">Settings</h1>
        <p className="mt-2 text-slate-400">Manage your profile and password.</p>

        <div
          role="tablist"
          aria-label="Settings"
          className="mt-8 inline-flex gap-1 rounded-xl bg-slate-800/80 p-1"
        >
          {TABS.map((t, i) => {
            const selected = tab === t.key
            return (
              <button
                key={t.key}
                ref={(el) => {
                  tabRefs.current[i] = el
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${t.key}`}
                aria-selected={selected}
                aria-controls={`${id}-panel-${t.key}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(t.key)}
                onKeyDown={(e) => onTabKey(e, i)}
                className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
                  selected ? 'bg-white text-slate-900 shadow' : 'text-slate-300 hover:text-white'
                }`}
              >
                <t.icon className="size-4" aria-hidden />
                {t.label}
              </button>
            )
          })}
        </div>

        {TABS.map((t) => (
          <div
            key={t.key}
            role="tabpanel"
            id={`${id}-panel-${t.key}`}
            aria-labelledby={`${id}-tab-${t.key}`}
            hidden={tab !== t.key}
            className="mt-6 rounded-2xl bg-white p-6 text-slate-900 shadow-xl sm:p-8"
          >
            {t.key === 'profile' ? (
              <ProfileForm userId={userId} onOutcome={setOutcome} />
            ) : (
              <PasswordForm userId={userId} onOutcome={setOutcome} />
            )}
          </div>
        ))}
      </div>

      <Modal
        open={outcome !== null}
        title={outcome?.title ?? ''}
        onClose={() => setOutcome(null)}
        size="sm"
        footer={
          <button type="button" className="btn-primary" onClick={() => setOutcome(null)}>
            Close
          </button>
        }
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

interface FormProps {
  userId: number
  onOutcome: (outcome: Outcome) => void
}

const EMPTY_PROFILE: Profile = { first_name: '', last_name: '', username: '', phone_number: '', location: '' }

function ProfileForm({ userId, onOutcome }: FormProps) {
  const checkAuth = useSession((s) => s.checkAuth)
  const query = useQuery({ queryKey: profileKey(userId), queryFn: () => fetchProfile(userId) })
  const [form, setForm] = useState<Profile>(EMPTY_PROFILE)
  const [busy, setBusy] = useState(false)
  const id = useId()

  useEffect(() => {
    if (query.data) setForm({ ...query.data, phone_number: localPhone(query.data.phone_number) })
  }, [query.data])

  const set = (key: keyof Profile) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value })

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    try {
      const { message } = await saveProfile(userId, form)
      onOutcome({ title: 'Profile', text: message, ok: true })
      void checkAuth() // the name in the top bar may have changed
      void query.refetch()
    } catch (err) {
      onOutcome({
        title: 'Profile',
        text: errorMessage(err, 'Could not save your profile. Please try again.'),
        ok: false,
      })
      void query.refetch() // SPEC: on a failed save the saved values reload
    } finally {
      setBusy(false)
    }
  }

  if (query.isLoading)
    return (
      <p role="status" className="text-slate-500">
        Loading...
      </p>
    )
  if (query.error && !query.data)
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-600">
          {errorMessage(query.error, 'Could not load your profile. Check your connection.')}
        </p>
        <button type="button" className="btn-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )

  return (
    <form onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
      <h2 className="text-lg font-bold sm:col-span-2">Profile</h2>
      <TextField
        id={`${id}-first`}
        label="First name"
        autoComplete="given-name"
        value={form.first_name}
        onChange={set('first_name')}
      />
      <TextField
        id={`${id}-last`}
        label="Last name"
        autoComplete="family-name"
        value={form.last_name}
        onChange={set('last_name')}
      />
      <div className="sm:col-span-2">
        <TextField
          id={`${id}-username`}
          label="Username (email)"
          type="email"
          required
          autoComplete="email"
          value={form.username}
          onChange={set('username')}
          hint="You log in with this email."
        />
      </div>
      <TextField
        id={`${id}-phone`}
        label="Phone number"
        type="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
        value={form.phone_number}
        onChange={set('phone_number')}
      />
      <TextField
        id={`${id}-location`}
        label="Location"
        autoComplete="street-address"
        value={form.location}
        onChange={set('location')}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary px-6" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}

const EMPTY_PASSWORDS: PasswordChange = { current_password: '', new_password: '', confirm_password: '' }

function PasswordForm({ userId, onOutcome }: FormProps) {
  const [form, setForm] = useState(EMPTY_PASSWORDS)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const set = (key: keyof PasswordChange) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.value })

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    try {
      const { message } = await changePassword(userId, form)
      onOutcome({ title: 'Security', text: message, ok: true })
      setForm(EMPTY_PASSWORDS)
    } catch (err) {
      onOutcome({
        title: 'Security',
        text: errorMessage(err, 'Could not change your password. Please try again.'),
        ok: false,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5">
      <h2 className="text-lg font-bold">Change password</h2>
      <TextField
        id={`${id}-current`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={form.current_password}
        onChange={set('current_password')}
      />
      <TextField
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        value={form.new_password}
        onChange={set('new_password')}
        hint="At least 8 characters. Your other devices will be logged out."
      />
      <TextField
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={form.confirm_password}
        onChange={set('confirm_password')}
      />
      <div>
        <button type="submit" className="btn-primary px-6" disabled={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </button>
      </div>
    </form>
  )
}

interface TextFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: string
  hint?: ReactNode
}

function TextField({ id, label, hint, ...input }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  )
}
