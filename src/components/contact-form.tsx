import { useId, useState, type FormEvent } from 'react'
import { Send } from 'lucide-react'
import type { QuickMessage } from '../../contract/messages.js'
import { ApiError } from '../lib/api-client'
import { useSession } from '../lib/session'
import { TextField } from './ui/text-field'
import { SAVED_ON_PHONE } from '../lib/connection'
import { Field } from './ui/field'
import { useFormFields } from './ui/use-form-fields'

const EMPTY: QuickMessage = { name: '', email: '', message: '' }

interface ContactFormProps {
  /** Heading above the form; pass null to leave it out (the page has its own). */
  title?: string | null
  intro?: string
  className?: string
}

type Result = { kind: 'success' | 'error'; text: string } | null

/**
 * The quick-message form (name, email and message required) on About, Services, Contact
 * and Products. It posts through the outbox, so a message typed offline is sent when the network returns.
 */
export default function ContactForm({
  title = 'Send us a message',
  intro = 'Questions, quotes or an urgent pest problem? Write to us and we will get back to you quickly.',
  className = '',
}: ContactFormProps) {
  const userId = useSession((s) => s.id)
  const { form, setForm, bind } = useFormFields<QuickMessage>(EMPTY)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result>(null)
  const id = useId()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setResult(null)
    try {
      // The outbox brings Dexie and the replay's schemas (~50 kB): loaded when the visitor sends, not
      // with every page that shows the form (the service worker has it cached for offline sends).
      const [{ submitThroughOutbox }] = await Promise.all([
        import('../offline/outbox'),
        import('./contact-form-kind'),
      ])
      const sent = await submitThroughOutbox('quick-message', 'POST quick/message/', form, userId)
      setResult({
        kind: 'success',
        text:
          sent.state === 'sent'
            ? sent.data.message
            : sent.retryLater
              ? `${sent.retryLater} Your message is saved and will be sent then.`
              : SAVED_ON_PHONE,
      })
      setForm(EMPTY)
    } catch (err) {
      // A refusal (4xx, or the server's schema run on the device before queueing: InvalidOutboxBody,
      // matched by name so this form does not load the schemas) shows the server's words; anything
      // else is the old site's network failure text, kept word for word.
      const refused =
        (err instanceof ApiError || (err as Error)?.name === 'InvalidOutboxBody') && (err as Error).message
      setResult({ kind: 'error', text: refused || 'An Error Occured.' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${className}`}>
      {title && <h2 className="text-2xl font-bold text-slate-900">{title}</h2>}
      {title && intro && <p className="mt-2 text-slate-600">{intro}</p>}
      <form onSubmit={submit} className={`${title ? 'mt-6' : ''} grid gap-5 sm:grid-cols-2`}>
        <TextField
          id={`${id}-name`}
          label="Name"
          name="name"
          autoComplete="name"
          required
          {...bind('name')}
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          {...bind('email')}
        />
        <Field id={`${id}-message`} label="Message" className="sm:col-span-2">
          <textarea name="message" required rows={5} className="field resize-y" {...bind('message')} />
        </Field>
        <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
          <button type="submit" className="btn-primary sm:min-w-40" disabled={busy}>
            <Send className="size-4" aria-hidden />
            {busy ? 'Sending...' : 'Send Message'}
          </button>
          <p
            role={result?.kind === 'error' ? 'alert' : 'status'}
            className={`text-sm font-medium ${result?.kind === 'error' ? 'text-red-600' : 'text-brand-700'}`}
          >
            {result?.text}
          </p>
        </div>
      </form>
    </div>
  )
}

export { ContactForm }
