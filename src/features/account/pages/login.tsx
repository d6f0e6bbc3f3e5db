import { useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { errorMessage } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { TextField } from '../../../components/ui/text-field'

export default function Login() {
  const login = useSession((s) => s.login)
  const navigate = useNavigate()
  const location = useLocation()
  const state = (location.state ?? {}) as { message?: string; from?: string }
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError('')
    try {
      const role = await login(username, password)
      if (role === 'admin') navigate('/admin', { replace: true })
      // A technician's day starts on the job sheet (API.md: "After login a technician lands on /staff").
      else if (role === 'staff')
        navigate(state.from?.startsWith('/staff') ? state.from : '/staff', { replace: true })
      else navigate(state.from && state.from !== '/login' ? state.from : '/', { replace: true })
    } catch (err) {
      setError(errorMessage(err, 'Could not reach the server. Check your connection and try again.'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="bg-linear-to-b from-brand-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-md rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">Log in</h1>
        <p
          className={`mt-2 ${state.message ? 'font-medium text-brand-700' : 'text-slate-600'}`}
          role={state.message ? 'status' : undefined}
        >
          {state.message ?? 'Welcome back. Log in to book services, shop and track your orders.'}
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
