import type { FormEvent } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { pages } from '../../../../contract/pages.js'
import { useSession } from '../../../lib/session'
import { useFirstServiceOffer } from '../../../lib/first-service-offer'
import { signUp } from '../api'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { TextField } from '../../../components/ui/text-field'
import { FormError } from '../../../components/ui/form-actions'
import { useActionError } from '../../../components/ui/use-action-error'
import { AuthCard } from '../components/auth-card'

export default function Sign() {
  const navigate = useNavigate()
  const session = useSession()
  const offer = useFirstServiceOffer()
  const { form, bind } = useFormFields({ fullName: '', email: '', password: '' })
  const { error, pending, attempt } = useActionError(
    'Could not reach the server. Check your connection and try again.',
  )

  async function submit(e: FormEvent) {
    e.preventDefault()
    await attempt(async () => {
      const { message } = await signUp(form)
      // The login form opens with this email filled in.
      navigate(pages.login, { state: { message, email: form.email.trim() } })
    })
  }

  // Already logged in: nothing to sign up for.
  if (session.status === 'authenticated')
    return <Navigate to={session.role === 'admin' ? pages.admin.dashboard : pages.home} replace />

  return (
    <AuthCard
      title="Create your account"
      elsewhere={{ question: 'Already have an account?', to: pages.login, link: 'Log in' }}
    >
      {offer !== null && (
        <p className="mt-2 text-slate-600">
          Sign up today and get <strong className="text-brand-700">{offer}% off your first service</strong>:
          it comes off the work on your first service invoice (not products from the shop).
        </p>
      )}
      <form onSubmit={submit} className="mt-8 space-y-5">
        <TextField id="sign-name" label="Full name" autoComplete="name" required {...bind('fullName')} />
        <TextField
          id="sign-email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...bind('email')}
        />
        <TextField
          id="sign-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          {...bind('password')}
          hint="At least 8 characters."
        />
        <FormError className="text-sm font-medium italic text-red-600" message={error} />
        <button type="submit" className="btn-primary w-full" disabled={pending}>
          {pending ? 'Signing up...' : 'Sign Up'}
        </button>
      </form>
    </AuthCard>
  )
}
