import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Mail, Smartphone } from 'lucide-react'
import type { PasswordResetChoice } from '../../../../contract/account.js'
import { pages } from '../../../../contract/pages.js'
import { ApiError } from '../../../lib/api-client'
import { useActionError } from '../../../components/ui/use-action-error'
import { TextField } from '../../../components/ui/text-field'
import { useFormFields } from '../../../components/ui/use-form-fields'
import { confirmPasswordReset, requestPasswordReset } from '../api'
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../components/new-password-fields'
import { FormError } from '../../../components/ui/form-actions'
import { AuthCard } from '../components/auth-card'

type Channel = 'email' | 'sms'
const FALLBACK = 'Could not reach the server. Check your connection and try again.'

/**
 * /forgot-password: a reset link by email, or a 6-digit code by SMS that this page then takes with the
 * new password. The answer never says whether an account exists.
 */
export default function ForgotPassword() {
  const navigate = useNavigate()
  const [channel, setChannel] = useState<Channel>('email')
  const { form: address, bind } = useFormFields({ email: '', phone: '' })
  const { email, phone } = address
  const [sent, setSent] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState<NewPassword>({ password: '', confirm: '' })
  const { error, setError, pending, attempt } = useActionError(FALLBACK)
  // A number on several accounts: the server lists them (emails masked) once the code is right.
  const [choice, setChoice] = useState<PasswordResetChoice | null>(null)
  const [accountId, setAccountId] = useState<number | null>(null)
  const firstAccount = useRef<HTMLInputElement>(null)
  // The question appears under the button: take the person to it.
  useEffect(() => {
    if (choice) firstAccount.current?.focus()
  }, [choice])

  async function ask(e: FormEvent) {
    e.preventDefault()
    await attempt(async () => {
      const { message } = await requestPasswordReset(channel === 'email' ? { email } : { phone })
      setSent(message)
    })
  }

  async function confirm(e: FormEvent) {
    e.preventDefault()
    const problem = newPasswordProblem(password)
    if (problem) return setError(problem)
    if (choice && accountId === null) return setError('Choose the account to reset.')
    await attempt(async () => {
      try {
        const { message } = await confirmPasswordReset({
          phone,
          code,
          new_password: password.password,
          ...(accountId !== null && { account_id: accountId }),
        })
        navigate(pages.login, { replace: true, state: { message } })
      } catch (err) {
        // A 409 listing accounts is a question, not a failure.
        const body = err instanceof ApiError && err.status === 409 ? (err.body as PasswordResetChoice) : null
        if (!body?.accounts?.length) throw err
        setChoice(body)
        setAccountId(null)
      }
    })
  }

  const choose = (next: Channel) => {
    setChannel(next)
    setSent('')
    setError('')
    setChoice(null)
    setAccountId(null)
  }
  const tab = (value: Channel, label: string, Icon: typeof Mail) => (
    <button
      type="button"
      aria-pressed={channel === value}
      onClick={() => choose(value)}
      className={`inline-flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ${
        channel === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  )

  return (
    <AuthCard
      title="Forgot password"
      elsewhere={{ question: 'Remembered it?', to: pages.login, link: 'Log in' }}
    >
      <p className="mt-2 text-slate-600">
        We will send you a link by email, or a code by SMS, to choose a new password.
      </p>
      <div
        role="group"
        aria-label="Send the reset by"
        className="mt-6 flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {tab('email', 'By email', Mail)}
        {tab('sms', 'By SMS', Smartphone)}
      </div>

      {!sent || channel === 'email' ? (
        <form onSubmit={ask} className="mt-6 space-y-5">
          {channel === 'email' ? (
            <TextField
              id="forgot-email"
              label="Email"
              type="email"
              autoComplete="username"
              required
              {...bind('email')}
            />
          ) : (
            <TextField
              id="forgot-phone"
              label="Phone number"
              type="tel"
              autoComplete="tel"
              placeholder="0803 123 4567"
              required
              {...bind('phone')}
            />
          )}
          {sent && (
            <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
              {sent}
            </p>
          )}
          <FormError className="text-sm font-medium text-red-600" message={error} />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending
              ? 'Sending...'
              : sent
                ? 'Send again'
                : channel === 'email'
                  ? 'Email me a link'
                  : 'Text me a code'}
          </button>
        </form>
      ) : (
        <form onSubmit={confirm} className="mt-6 space-y-5" noValidate>
          <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
            {sent}
          </p>
          <TextField
            id="forgot-code"
            label="Code from the SMS"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <NewPasswordFields value={password} onChange={setPassword} />
          {choice && (
            <fieldset className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{choice.message}</legend>
              {choice.accounts.map((a, i) => (
                <label key={a.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="reset-account"
                    ref={i === 0 ? firstAccount : undefined}
                    className="size-4 accent-brand-700"
                    checked={accountId === a.id}
                    onChange={() => setAccountId(a.id)}
                  />
                  {a.email}
                </label>
              ))}
            </fieldset>
          )}
          <FormError className="text-sm font-medium text-red-600" message={error} />
          <button type="submit" className="btn-primary w-full" disabled={pending}>
            {pending ? 'Saving...' : 'Set new password'}
          </button>
          <button
            type="button"
            className="btn-secondary w-full"
            onClick={() => {
              setSent('')
              setChoice(null)
              setAccountId(null)
            }}
          >
            Send another code
          </button>
        </form>
      )}
    </AuthCard>
  )
}
