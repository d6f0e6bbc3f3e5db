import { useId, type FormEvent } from 'react'
import type { PasswordChangeRequest } from '../../../../contract/account.js'
import { changePassword } from '../api'
import { TextField } from '../../../components/ui/text-field'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { useSaveOutcome, type Outcome } from './use-save-outcome'

export interface PasswordFormText {
  heading?: string
  current: string
  new: string
  newHint: string
  confirm: string
  errorFallback: string
}

const EMPTY_PASSWORDS: PasswordChangeRequest = {
  current_password: '',
  new_password: '',
  confirm_password: '',
}

/** The three fields, each labelled by the page's wording for its name. */
const PASSWORD_FIELDS: {
  key: keyof PasswordChangeRequest
  name: 'current' | 'new' | 'confirm'
  autoComplete: string
  minLength?: number
}[] = [
  { key: 'current_password', name: 'current', autoComplete: 'current-password' },
  { key: 'new_password', name: 'new', autoComplete: 'new-password', minLength: 8 },
  { key: 'confirm_password', name: 'confirm', autoComplete: 'new-password' },
]

/** The password change of both settings pages (POST admins/password/{id}/); cleared once it succeeds. */
export function PasswordForm({
  userId,
  text,
  onOutcome,
  className,
  buttonClassName = 'btn-primary',
}: {
  userId: number
  text: PasswordFormText
  onOutcome: (outcome: Outcome) => void
  className: string
  buttonClassName?: string
}) {
  const { form, setForm, bind } = useFormFields(EMPTY_PASSWORDS)
  const { busy, run } = useSaveOutcome(onOutcome)
  const id = useId()

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (await run(() => changePassword(userId, form), text.errorFallback)) setForm(EMPTY_PASSWORDS)
  }

  return (
    <form onSubmit={submit} className={className}>
      {text.heading && <h2 className="text-lg font-bold">{text.heading}</h2>}
      {PASSWORD_FIELDS.map(({ key, name, autoComplete, minLength }) => (
        <TextField
          key={key}
          id={`${id}-${name}`}
          label={text[name]}
          type="password"
          required
          minLength={minLength}
          autoComplete={autoComplete}
          {...bind(key)}
          hint={name === 'new' ? text.newHint : undefined}
        />
      ))}
      <div>
        <button type="submit" className={buttonClassName} disabled={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </button>
      </div>
    </form>
  )
}
