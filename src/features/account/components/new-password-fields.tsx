import { PASSWORD_MIN } from '../../../../contract/fields.js'
import { TextField } from '../../../components/ui/text-field'

export interface NewPassword {
  password: string
  confirm: string
}

/** What is wrong with the new password before it is sent, or '' when nothing is. */
export function newPasswordProblem({ password, confirm }: NewPassword): string {
  if (password.length < PASSWORD_MIN) return `The new password must be at least ${PASSWORD_MIN} characters.`
  if (password !== confirm) return 'The two passwords do not match.'
  return ''
}

/** New password and its confirmation (the reset pages). */
export function NewPasswordFields({
  value,
  onChange,
}: {
  value: NewPassword
  onChange: (value: NewPassword) => void
}) {
  return (
    <>
      <TextField
        id="reset-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={`At least ${PASSWORD_MIN} characters. Every device signed in to your account will be logged out.`}
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.target.value })}
      />
      <TextField
        id="reset-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={value.confirm}
        onChange={(e) => onChange({ ...value, confirm: e.target.value })}
      />
    </>
  )
}
