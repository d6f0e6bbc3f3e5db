import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { pages } from '../../../../contract/pages.js'
import { errorMessage, NetworkError } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { TextField } from '../../../components/ui/text-field'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { FormError } from '../../../components/ui/form-actions'
import { AuthCard } from '../components/auth-card'

/** How long a login may go unanswered before the page says the network is not answering. */
export const SLOW_LOGIN_MS = 4_000

/** Where a login does not go back to: the login and sign-up pages themselves. */
const notReturnedTo: readonly string[] = [pages.login, pages.signUp]

export default function Login() {
  const login = useSession((s) => s.login)
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const state = (location.state ?? {}) as { message?: string; from?: string; email?: string }
  const { form, bind } = useFormFields({ username: state.email ?? '', password: '' })
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  // A login needs the network. When it stays silent, the page says so after a few seconds and offers
  // to try again instead of showing "Logging in..." for as long as the request's deadline.
  const [slow, setSlow] = useState(false)
  const attempt = useRef<AbortController | null>(null)
  useEffect(() => () => attempt.current?.abort(), [])

  const returnTo = state.from && !notReturnedTo.includes(state.from) ? state.from : null
  const nextFor = (role: string | null) =>
    role === 'admin'
      ? pages.admin.dashboard
      : // A technician's day starts on the job sheet, so that is where they land.
        role === 'staff'
        ? returnTo?.startsWith(pages.jobs)
          ? returnTo
          : pages.jobs
        : (returnTo ?? pages.home)

  async function logIn() {
    attempt.current?.abort()
    const controller = new AbortController()
    attempt.current = controller
    setBusy(true)
    setSlow(false)
    setError('')
    const slowTimer = setTimeout(() => setSlow(true), SLOW_LOGIN_MS)
    try {
      navigate(nextFor(await login(form.username, form.password, controller.signal)), { replace: true })
    } catch (err) {
      // Replaced by a newer attempt ("Try again"): that one answers.
      if (controller.signal.aborted) return
      setError(
        err instanceof NetworkError && err.notAnswering
          ? 'The network is not answering. Check your connection and try again.'
          : errorMessage(err, 'Could not reach the server. Check your connection and try again.'),
      )
    } finally {
      clearTimeout(slowTimer)
      if (attempt.current === controller) {
        setBusy(false)
        setSlow(false)
      }
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    void logIn()
  }

  // Already logged in (or just now): on to where they were going.
  if (session.status === 'authenticated') return <Navigate to={nextFor(session.role)} replace />
  // The sign-up's success line goes once an error is shown: only one answer on screen.
  const message = error ? undefined : state.message

  return (
    <AuthCard
      title="Log in"
      elsewhere={{ question: 'New here?', to: pages.signUp, link: 'Create an account' }}
    >
      <p
        className={`mt-2 ${message ? 'font-medium text-brand-700' : 'text-slate-600'}`}
        role={message ? 'status' : undefined}
      >
        {message ?? 'Welcome back. Log in to book services, shop and track your orders.'}
      </p>
      <form onSubmit={submit} className="mt-8 space-y-5">
        <TextField
          id="login-email"
          label="Email"
          type="email"
          autoComplete="username"
          required
          {...bind('username')}
        />
        <div>
          <TextField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            {...bind('password')}
          />
          <p className="mt-2 text-right text-sm">
            <Link to={pages.forgotPassword} className="font-semibold text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        </div>
        <FormError className="text-sm font-medium text-red-600" message={error} />
        {slow && (
          <div role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
            <p>The network is not answering yet. You can keep waiting, or try again.</p>
            <button type="button" className="btn-secondary mt-2 px-3 py-1.5" onClick={() => void logIn()}>
              Try again
            </button>
          </div>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Logging in...' : 'Log in'}
        </button>
      </form>
    </AuthCard>
  )
}
