import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { z } from 'zod'
import { ApiError, errorMessage } from '../../lib/api-client'
import { focusFirstInvalid } from '../../lib/focus-first-invalid'
import { Field } from '../ui/field'
import { TextField } from '../ui/text-field'
import { FormError, SaveRow, type FormResult } from '../ui/form-actions'
import { Card } from '../ui/page-header'
import {
  editableLines,
  lineInputs,
  LinesEditor,
  previewTotals,
  splitErrors,
  TotalsRows,
  type EditableLine,
} from './lines-editor'

/** What a document's draft starts from: its lines, discount and note as the server keeps them. */
interface DraftStart {
  lines: Parameters<typeof editableLines>[0]
  discount: number
  note: string
  vatRatePercent: number
  /** The first-service offer's percent the totals preview takes off (null: none). */
  offerPercent: number | null
}

/**
 * The back office's "Edit the draft" of a quote or an invoice: the lines, the discount and the note, with the
 * document's own fields (`fields`, given their errors) between them. Checked with the document's contract
 * schema first; a refusal marks its field (a line's on the line) and keeps everything typed.
 */
export function DraftForm<S extends z.ZodType>({
  idPrefix,
  start,
  noteLabel,
  schema,
  body,
  save,
  pending,
  fields,
  totalsNote,
}: {
  idPrefix: string
  start: DraftStart
  noteLabel: string
  schema: S
  /** The request body from the common parts (lines, discount, note) and the document's own fields. */
  body: (common: { lines: ReturnType<typeof lineInputs>; discount: string | number; note: string }) => unknown
  save: (body: z.output<S>) => Promise<{ message: string }>
  pending: boolean
  fields: (errors: Record<string, string>) => ReactNode
  totalsNote?: ReactNode
}) {
  const [lines, setLines] = useState<EditableLine[]>(editableLines(start.lines))
  const [discount, setDiscount] = useState(start.discount ? String(start.discount) : '')
  const [note, setNote] = useState(start.note)
  const [errors, setErrors] = useState<ReturnType<typeof splitErrors>>({ lines: {}, fields: {} })
  const [result, setResult] = useState<FormResult>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const totals = previewTotals(lines, discount, start.offerPercent, start.vatRatePercent)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setResult(null)
    const parsed = schema.safeParse(
      body({ lines: lineInputs(lines), discount: discount.trim() === '' ? 0 : discount, note }),
    )
    if (!parsed.success) {
      setErrors(splitErrors(parsed.error.issues))
      setResult({ ok: false, text: 'Check the fields marked below.' })
      focusFirstInvalid(formRef.current)
      return
    }
    setErrors({ lines: {}, fields: {} })
    try {
      setResult({ ok: true, text: (await save(parsed.data)).message })
    } catch (err) {
      const field = err instanceof ApiError ? (err.body as { field?: string } | null)?.field : undefined
      // A refusal of one input is marked on it; one of the whole list ("lines") is the result line's alone.
      if (field && field !== 'lines') {
        setErrors(splitErrors([{ path: field.split('.'), message: errorMessage(err, '') }]))
      }
      setResult({ ok: false, text: errorMessage(err, 'Could not save. Please try again.') })
    }
  }

  return (
    <Card className="p-5 print:hidden">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit the draft" className="space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Edit the draft</h2>
        <LinesEditor lines={lines} onChange={setLines} errors={errors.lines} idPrefix={idPrefix} />
        <div className="flex flex-wrap gap-4">
          <TextField
            id={`${idPrefix}-discount`}
            label="Discount (₦)"
            error={errors.fields.discount}
            className="field w-40"
            inputMode="decimal"
            value={discount}
            onChange={(e) => setDiscount(e.target.value)}
          />
          {fields(errors.fields)}
        </div>
        <Field id={`${idPrefix}-note`} label={noteLabel} error={errors.fields.note}>
          <textarea className="field" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <section aria-label="Totals preview">
          <TotalsRows totals={totals} />
          {totalsNote && <p className="mt-2 text-right text-xs text-slate-500">{totalsNote}</p>}
        </section>
        <FormError message={errors.fields.lines ?? errors.fields.form} />
        <SaveRow label="Save the draft" pending={pending} result={result} />
      </form>
    </Card>
  )
}
