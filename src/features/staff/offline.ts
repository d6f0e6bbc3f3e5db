/** The technician's job updates as outbox kinds: imported by ./api.ts, so they are known before any is queued. */
import {
  completeBody,
  jobEventBody,
  photoFields,
  treatmentBody,
  treatmentCorrectionBody,
} from '../../../contract/staff.js'
import { jobQuoteBody } from '../../../contract/quotes.js'
import { registerOutboxKind } from '../../offline/kinds'
import { TREATMENT_CORRECTION_FIELDS, TREATMENT_FIELDS } from '../../components/treatment-fields'
import { applySentJobEntry, jobIdOf, jobUpdates, type TreatmentBody } from './jobs'

declare module '../../offline/kinds' {
  interface OutboxKinds {
    'job-event': true
    'job-treatment': true
    /** A treatment corrected (or re-entered after a refusal), also on a completed job. */
    'job-treatment-correction': true
    'job-photo': true
    'job-complete': true
    /** A quote written on site: a draft for the office, or sent to the customer at once. */
    'job-quote': true
  }
}

/** Every update of a job: the job sheet shows them in full; the outbox panel names the job. */
const job = {
  summary: (entry: { group?: string }) => `Job #${jobIdOf(entry) ?? '?'} (see the job sheet)`,
  onSent: applySentJobEntry,
}

registerOutboxKind('job-event', {
  ...job,
  label: 'Job status',
  schema: () => jobEventBody,
  fields: [{ path: 'note', label: 'Note', multiline: true }],
})

registerOutboxKind('job-treatment', {
  ...job,
  label: 'Treatment',
  schema: () => treatmentBody,
  fields: TREATMENT_FIELDS,
  // The plain treatments call is closed once the job is completed; the correction call is not.
  resendAs: (entry, body) => {
    const { id, occurred_at: _at, ...fields } = body as TreatmentBody
    return jobUpdates.correction(jobIdOf(entry)!, id, {
      ...fields,
      reason: 'Entered again after the server refused it',
      occurred_at: new Date().toISOString(),
    })
  },
})

registerOutboxKind('job-treatment-correction', {
  ...job,
  label: 'Treatment correction',
  schema: () => treatmentCorrectionBody,
  fields: TREATMENT_CORRECTION_FIELDS,
})

registerOutboxKind('job-photo', {
  ...job,
  label: 'Photo',
  schema: () => photoFields,
  checkedPath: 'fields',
  fields: [
    {
      path: 'fields.kind',
      label: 'Kind of photo',
      options: [
        { value: 'before', label: 'Before' },
        { value: 'after', label: 'After' },
        { value: 'issue', label: 'Issue' },
      ],
    },
  ],
})

registerOutboxKind('job-complete', {
  ...job,
  label: 'Job completion',
  schema: () => completeBody,
  fields: [
    { path: 'summary', label: 'Summary', multiline: true },
    { path: 'recommendations', label: 'Recommendations', multiline: true },
    { path: 'signer_name', label: 'Customer name' },
    { path: 'signature_refused_reason', label: 'Why the customer could not sign' },
    { path: 'payment.amount', label: 'Amount received (₦)', type: 'number' },
    { path: 'payment.reference', label: 'Payment reference' },
  ],
})

registerOutboxKind('job-quote', {
  ...job,
  label: 'Quote',
  schema: () => jobQuoteBody,
  fields: [
    { path: 'lines.0.description', label: 'First line: description' },
    { path: 'lines.0.unitPrice', label: 'First line: unit price (₦)' },
    { path: 'discount', label: 'Discount (₦)' },
    { path: 'depositPercent', label: 'Deposit on acceptance (%)', type: 'number' },
    { path: 'note', label: 'Note on the quote', multiline: true },
  ],
})
