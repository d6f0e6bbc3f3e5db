import { useId, useState, type FormEvent, type ReactNode } from 'react'
import type { MessagePreferences } from '../../../../contract/account.js'
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  type MessageChannel,
  type MessageChoices,
  type MessageKind,
} from '../../../../contract/message-channels.js'
import { useSaveMessagePreferences } from '../api'
import { useSaveOutcome, type Outcome } from './use-save-outcome'

/**
 * "How should we reach you?": one group per kind of message (reminders, job updates, invoices, marketing),
 * a checkbox per channel (email, SMS, WhatsApp). Groups stack on a phone and sit two by two on a wide
 * screen. Each checkbox is named by its channel, then its kind ("WhatsApp for reminders"), so it reads on
 * its own and starts with its visible text. The choices stay as ticked when a save fails.
 */
export function MessageChoicesForm({
  initial,
  children,
}: {
  initial: MessagePreferences
  children?: ReactNode
}) {
  const [choices, setChoices] = useState<MessageChoices>(initial.choices)
  const [result, setResult] = useState<Outcome | null>(null)
  const save = useSaveMessagePreferences()
  const { busy, run } = useSaveOutcome(setResult)
  const phoneNoteId = useId()
  const descriptionId = useId()

  const toggle = (kind: MessageKind, channel: MessageChannel, on: boolean) =>
    setChoices((c) => ({ ...c, [kind]: { ...c[kind], [channel]: on } }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    setResult(null)
    await run(() => save.mutateAsync({ choices }), 'Could not save your choices. Please try again.')
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${descriptionId}-heading`}>
      <h2 id={`${descriptionId}-heading`} className="text-xl font-bold">
        How should we reach you?
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Your notifications in the app always arrive; choose how else each kind of message reaches you.
        Password reset messages are always sent.
      </p>
      {initial.phone_missing && (
        <p id={phoneNoteId} className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          SMS and WhatsApp need a phone number: add one under Profile, or they cannot reach you.
        </p>
      )}
      {!initial.whatsapp_ready && (
        <p className="mt-3 text-sm text-slate-600">
          WhatsApp is not set up on our side yet: a message you want on WhatsApp comes by SMS meanwhile.
        </p>
      )}
      {children && <div className="mt-4">{children}</div>}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {MESSAGE_KINDS.map((kind) => (
          <fieldset
            key={kind.key}
            className="min-w-0 rounded-xl border border-slate-200 p-4"
            aria-describedby={`${descriptionId}-${kind.key}`}
          >
            <legend className="px-1 font-semibold text-slate-900">{kind.label}</legend>
            <p id={`${descriptionId}-${kind.key}`} className="text-sm text-slate-500">
              {kind.description}
            </p>
            <div className="mt-2 flex flex-wrap gap-x-5">
              {/* News and offers are never an app notification, so never a phone's either. */}
              {MESSAGE_CHANNELS.filter((c) => c.key !== 'push' || kind.key !== 'marketing').map((channel) => (
                <label key={channel.key} className="inline-flex min-h-11 cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-600"
                    checked={choices[kind.key][channel.key]}
                    onChange={(e) => toggle(kind.key, channel.key, e.target.checked)}
                    aria-describedby={channel.needsPhone && initial.phone_missing ? phoneNoteId : undefined}
                  />
                  <span>
                    {channel.label} <span className="sr-only">for {kind.label.toLowerCase()}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary px-6" disabled={busy}>
          {busy ? 'Saving...' : 'Save choices'}
        </button>
        <p
          role={result?.ok === false ? 'alert' : 'status'}
          className={`text-sm ${result?.ok === false ? 'text-red-600' : 'text-slate-700'}`}
        >
          {result?.text}
        </p>
      </div>
    </form>
  )
}
