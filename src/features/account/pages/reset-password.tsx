import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { pages } from '../../../../contract/pages.js'
import { useActionError } from '../../../components/ui/use-action-error'
import { confirmPasswordReset } from '../api'
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../components/new-password-fields'
import { AuthCard } from '../components/auth-card'

/** /reset-password?token=…: the page the emailed link opens; sets a new password, then back to login. */
export default function ResetPassword() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [form, setForm] = useState<NewPassword>({ password: '', confirm: '' })
  const { error, setError, pending, attempt } = useActionError(
    'Could not reach the server. Check your connection and try again.',
  )

  async function submit(e: FormEvent) {
    e.preventDefault()
    const problem = newPasswordProblem(form)
    if (problem) return setError(problem)
    await attempt(async () => {
      const { message } = await confirmPasswordReset({ token, new_password: form.password })
      navigate(pages.login, { replace: true, state: { message } })
    })
  }

  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <>
          <p className="mt-2 text-slate-600">The link works once, for 30 minutes after it was sent.</p>
          <form onSubmit={submit} className="mt-8 space-y-5" noValidate>
            <NewPasswordFields value={form} onChange={setForm} />
            {error && (
              <p role="alert" className="text-sm font-medium text-red-600">
                {error}{' '}
                <Link to={pages.forgotPassword} className="underline">
                  Ask for a new link
                </Link>
              </p>
            )}
            <button type="submit" className="btn-primary w-full" disabled={pending}>
              {pending ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        </>
      ) : (
        <p role="alert" className="mt-4 text-slate-700">
          This link is incomplete. Open the link from the email again, or{' '}
          <Link to={pages.forgotPassword} className="font-semibold text-brand-700 hover:underline">
            ask for a new one
          </Link>
          .
        </p>
      )}
    </AuthCard>
  )
}
