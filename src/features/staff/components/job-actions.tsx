import { useState, type FormEvent } from 'react'
import { MessageSquare, Navigation, Phone } from 'lucide-react'
import { type Job } from '../../../../contract/staff.js'
import { nextJobStatus, type JobEventType, type JobStatus } from '../../../../contract/job-status.js'
import { onMyWayText, smsLink, telLink, whatsappWithText } from '../schedule'
import { useFocusWhenClosed } from '../../../lib/use-focus-when-closed'
import { Field } from '../../../components/ui/field'
import { focusOnMount } from '../../../lib/focus-on-mount'

const bigButton =
  'flex flex-col items-center justify-center gap-1 rounded-xl bg-white px-2 py-3 text-xs font-semibold text-slate-800 shadow-sm ring-1 ring-slate-200 active:bg-slate-100'

/** Contact from the field with no data: tel: and sms: work on GSM alone; WhatsApp and maps when there is some. */
export function ContactButtons({ job, technician }: { job: Job; technician: string }) {
  const text = onMyWayText(job, technician)
  return (
    <div className="grid grid-cols-4 gap-2">
      <a className={bigButton} href={telLink(job.phone_number)}>
        <Phone className="size-5 text-brand-700" aria-hidden />
        Call
      </a>
      <a className={bigButton} href={smsLink(job.phone_number, text)}>
        <MessageSquare className="size-5 text-brand-700" aria-hidden />
        SMS
      </a>
      {job.whatsapp_url ? (
        <a
          className={bigButton}
          href={whatsappWithText(job.whatsapp_url, text)}
          target="_blank"
          rel="noreferrer"
        >
          <svg viewBox="0 0 24 24" className="size-5 fill-brand-700" aria-hidden>
            <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .1-3.3-.8-2.8-1.1-4.5-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.8s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.1.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.7 1.2 1.6 1.9 1.1.9 2 1.2 2.3 1.3.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.4.2.5.3.1.2.1.7-.1 1.4Z" />
          </svg>
          WhatsApp
        </a>
      ) : (
        <span className={`${bigButton} opacity-50`}>WhatsApp</span>
      )}
      <a className={bigButton} href={job.maps_url} target="_blank" rel="noreferrer">
        <Navigation className="size-5 text-brand-700" aria-hidden />
        Directions
      </a>
    </div>
  )
}

/** The status buttons the current state allows, in the words the technician expects. */
export function StatusButtons({
  status,
  onEvent,
  onComplete,
}: {
  status: JobStatus
  onEvent: (type: JobEventType, note?: string) => void
  onComplete: () => void
}) {
  const [askingWhy, setAskingWhy] = useState(false)
  const [why, setWhy] = useState('')
  const unableButton = useFocusWhenClosed<HTMLButtonElement>(askingWhy)
  const can = (e: JobEventType | 'completed') => nextJobStatus(status, e) !== null
  const primary = 'btn-primary w-full py-3 text-base'
  const secondary = 'btn-secondary w-full py-3 text-base'

  const submitUnable = (e: FormEvent) => {
    e.preventDefault()
    if (!why.trim()) return
    onEvent('unable', why.trim())
    setAskingWhy(false)
    setWhy('')
  }

  if (status === 'completed' || status === 'unable') return null
  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-2">
        {can('on_my_way') && (
          <button type="button" className={primary} onClick={() => onEvent('on_my_way')}>
            On my way
          </button>
        )}
        {can('arrived') && (
          <button
            type="button"
            className={status === 'on_my_way' ? primary : secondary}
            onClick={() => onEvent('arrived')}
          >
            Arrived
          </button>
        )}
        {can('started') && (
          <button type="button" className={primary} onClick={() => onEvent('started')}>
            Start job
          </button>
        )}
        {can('paused') && (
          <button type="button" className={secondary} onClick={() => onEvent('paused')}>
            Pause
          </button>
        )}
        {can('resumed') && (
          <button type="button" className={primary} onClick={() => onEvent('resumed')}>
            Resume
          </button>
        )}
        {can('completed') && (
          <button type="button" className={status === 'arrived' ? secondary : primary} onClick={onComplete}>
            Complete job
          </button>
        )}
      </div>
      {askingWhy ? (
        <form onSubmit={submitUnable} className="space-y-2 rounded-xl bg-red-50 p-3">
          <Field id="unable-why" label="Why can the job not be completed?">
            <textarea
              // The form replaces the button that opened it: focus moves in with it.
              ref={focusOnMount}
              className="field"
              rows={2}
              required
              value={why}
              onChange={(e) => setWhy(e.target.value)}
              placeholder="e.g. Customer not home, gate locked"
            />
          </Field>
          <div className="flex gap-2">
            <button type="button" className="btn-secondary flex-1" onClick={() => setAskingWhy(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-danger flex-1">
              Unable to complete
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={unableButton}
          type="button"
          className="w-full py-2 text-sm font-semibold text-red-700 underline"
          onClick={() => setAskingWhy(true)}
        >
          Unable to complete
        </button>
      )}
    </div>
  )
}
