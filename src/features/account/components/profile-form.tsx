import { useId, useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { changesLoginEmail, type Profile } from '../../../../contract/account.js'
import { StateSelect } from '../../../components/state-select'
import { localPhone } from '../../../../contract/phone.js'
import { accountKeys, saveProfile } from '../api'
import { useSession } from '../../../lib/session'
import { TextField } from '../../../components/ui/text-field'
import { useSaveOutcome, type Outcome } from './use-save-outcome'
import { Field } from '../../../components/ui/field'
import { useFormFields } from '../../../components/ui/use-form-fields'

/**
 * Each page's wording; `location` set adds the address fields (the customer's version):
 * the street address under that label, then landmark, city and state apart, as checkout asks for them.
 */
export interface ProfileFormText {
  heading?: string
  firstName: string
  lastName: string
  username: string
  usernameHint: string
  phone: string
  phonePlaceholder?: string
  location?: string
  /** Asked for only when the login email is being changed. */
  currentPassword: string
  errorFallback: string
}

const toForm = (profile: Profile): Profile => ({
  ...profile,
  phone_number: localPhone(profile.phone_number),
  // A profile kept on the device by an older version has no parts yet.
  landmark: profile.landmark ?? '',
  city: profile.city ?? '',
  state: profile.state ?? '',
})

/**
 * The profile form of both settings pages (POST admins/settings/{id}/). Whatever the save's result, the saved
 * profile reloads quietly (a failed save too, without wiping what was typed) and the form shows it again.
 */
export function ProfileForm({
  userId,
  initial,
  text,
  onOutcome,
  className,
  buttonClassName = 'btn-primary',
}: {
  userId: number
  /** The loaded profile (profileQuery). */
  initial: Profile
  text: ProfileFormText
  onOutcome: (outcome: Outcome) => void
  className: string
  buttonClassName?: string
}) {
  const queryClient = useQueryClient()
  const checkAuth = useSession((s) => s.checkAuth)
  const { busy, run } = useSaveOutcome(onOutcome)
  const [loaded, setLoaded] = useState(initial)
  const { form, setForm, bind } = useFormFields(() => toForm(initial))
  const [currentPassword, setCurrentPassword] = useState('')
  const id = useId()
  // A reload brought other values: show them (state reset during render, not in an effect).
  if (initial !== loaded) {
    setLoaded(initial)
    setForm(toForm(initial))
    setCurrentPassword('')
  }
  // The login email guards the account: changing it asks who is asking.
  const emailChanges = changesLoginEmail(loaded.username, form.username)

  const withLocation = text.location !== undefined

  async function submit(e: FormEvent) {
    e.preventDefault()
    const { location, landmark, city, state, ...adminBody } = form
    const profile = withLocation ? { ...adminBody, location, landmark, city, state } : adminBody
    const body = emailChanges ? { ...profile, current_password: currentPassword } : profile
    // The name in the top bar or sidebar comes from the session: refresh it after a change.
    if (await run(() => saveProfile(userId, body), text.errorFallback)) void checkAuth()
    void queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) })
  }

  return (
    <form onSubmit={submit} className={className}>
      {text.heading && <h2 className="text-lg font-bold sm:col-span-2">{text.heading}</h2>}
      <TextField
        id={`${id}-first`}
        label={text.firstName}
        autoComplete="given-name"
        {...bind('first_name')}
      />
      <TextField id={`${id}-last`} label={text.lastName} autoComplete="family-name" {...bind('last_name')} />
      {/* With five fields the username gets a row of its own. */}
      <div className={withLocation ? 'sm:col-span-2' : undefined}>
        <TextField
          id={`${id}-username`}
          label={text.username}
          type="email"
          required
          autoComplete="email"
          {...bind('username')}
          hint={text.usernameHint}
        />
      </div>
      {emailChanges && (
        <div className={withLocation ? 'sm:col-span-2' : undefined}>
          <TextField
            id={`${id}-current-password`}
            label={text.currentPassword}
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            hint={`Needed to change your login email. We will tell ${loaded.username} about the change.`}
          />
        </div>
      )}
      <TextField
        id={`${id}-phone`}
        label={text.phone}
        type="tel"
        autoComplete="tel"
        placeholder={text.phonePlaceholder}
        {...bind('phone_number')}
      />
      {withLocation && (
        <>
          <div className="sm:col-span-2">
            <TextField
              id={`${id}-location`}
              label={text.location ?? ''}
              autoComplete="street-address"
              {...bind('location')}
            />
          </div>
          <TextField
            id={`${id}-landmark`}
            label="Landmark (optional)"
            autoComplete="off"
            {...bind('landmark')}
            hint="e.g. opposite the First Bank"
          />
          <TextField id={`${id}-city`} label="City / town" autoComplete="address-level2" {...bind('city')} />
          <Field id={`${id}-state`} label="State">
            <StateSelect {...bind('state')} />
          </Field>
        </>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClassName} disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </button>
      </div>
    </form>
  )
}
