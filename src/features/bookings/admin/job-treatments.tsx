import { useState } from 'react'
import { treatmentCorrectionBody, treatmentFields, type Treatment } from '../../../../contract/staff.js'
import { ApiError } from '../../../lib/api-client'
import type { OutboxEntry } from '../../../offline/db'
import { OutboxEntryEditor } from '../../../components/outbox-entry-editor'
import { linkButton } from '../../../components/ui/page-header'
import { TREATMENT_CORRECTION_FIELDS } from '../../../components/treatment-fields'
import { TreatmentSummary } from '../../../components/treatment-summary'
import { treatmentCorrectionPath, useCorrectTreatment, useJob } from '../api'

/**
 * The correction as the technician's phone would queue it, so the one editor (the server's schema,
 * field by field) serves the office too; the office sends it at once instead.
 */
const CORRECTION = { schema: () => treatmentCorrectionBody, fields: TREATMENT_CORRECTION_FIELDS }

const asCorrection = (jobId: number, t: Treatment): OutboxEntry => ({
  id: t.id,
  kind: 'job-treatment-correction',
  method: 'POST',
  path: treatmentCorrectionPath(jobId, t.id),
  body: {
    ...treatmentFields(t),
    reason: '',
    occurred_at: new Date().toISOString(),
  },
  userId: null,
  createdAt: Date.now(),
  attempts: 0,
  status: 'failed',
})

/** A job's treatments in the booking's details; the office corrects one (who and when shown after). */
export function JobTreatments({ jobId }: { jobId: number }) {
  const job = useJob(jobId)
  const correct = useCorrectTreatment()
  const [editing, setEditing] = useState<string | null>(null)
  const [message, setMessage] = useState('')
  const treatments = job.data?.treatments ?? []

  return (
    <div>
      <h3 className="font-medium text-slate-500">Treatments</h3>
      {job.isPending ? (
        <p className="mt-1 text-slate-600">Loading…</p>
      ) : job.isError ? (
        <p className="mt-1 text-red-700">Could not load the job’s treatments.</p>
      ) : treatments.length === 0 ? (
        <p className="mt-1 text-slate-800">No treatments recorded.</p>
      ) : (
        <ul className="mt-1 space-y-2">
          {treatments.map((t) => (
            <li key={t.id} className="rounded-lg bg-slate-50 p-2 break-words">
              {editing === t.id ? (
                <OutboxEntryEditor
                  entry={asCorrection(jobId, t)}
                  describedAs={CORRECTION}
                  submitLabel="Save correction"
                  onCancel={() => setEditing(null)}
                  save={async (body) => {
                    setMessage('')
                    try {
                      const answer = await correct.mutateAsync({
                        jobId,
                        treatmentId: t.id,
                        body: body as never,
                      })
                      setMessage(answer.message)
                      setEditing(null)
                    } catch (err) {
                      setMessage(err instanceof ApiError ? err.message : 'Could not save the correction.')
                    }
                  }}
                />
              ) : (
                <>
                  <TreatmentSummary
                    treatment={t}
                    detailClassName="text-slate-700"
                    noteClassName="text-slate-600"
                  />
                  {editing === null && (
                    <button type="button" className={linkButton} onClick={() => setEditing(t.id)}>
                      Correct <span className="sr-only">{t.product_name}</span>
                    </button>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p role="status" className="mt-1 text-slate-700">
          {message}
        </p>
      )}
    </div>
  )
}
