import { useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { TextField } from '../../../components/ui/text-field'

export default function Login() {
  const login = useSession((s) => s.login)
  const session = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const state = (location.state ?? {}) as { message?: string; from?: string; email?: string }
  const [username, setUsername] = useState(state.email ?? '')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const returnTo = state.from && !['/login', '/sign'].includes(state.from) ? state.from : null
  const nextFor = (role: string | null) =>
    role === 'admin'
      ? '/admin'
      : // A technician's day starts on the job sheet (API.md: "After login a technician lands on /staff").
        role === 'staff'
        ? returnTo?.startsWith('/staff')
          ? returnTo
          : '/staff'
        : (returnTo ?? '/')

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      navigate(nextFor(await login(username, password)), { replace: true })
    } catch (err) {
      setError(errorMessage(err, 'Could not reach the server. Check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  // Already logged in (or just now): on to where they were going.
  if (session.status === 'authenticated') return <Navigate to={nextFor(session.role)} replace />
  // The sign-up's success line goes once an error is shown: only one answer on screen.
  const message = error ? undefined : state.message

  return (
    <section className="bg-linear-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Log in</h1>
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
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <div>
            <TextField
              id="login-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
                Forgot password?
              </Link>
            </p>
          </div>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Logging in...' : 'Log in'}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          New here?{' '}
          <Link to="/sign" className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </p>
      </div>
    </section>
  )
}
