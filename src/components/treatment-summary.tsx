import { formatDateTime } from '../../contract/dates.js'
import type { Treatment } from '../../contract/staff.js'

type Recorded = Pick<
  Treatment,
  'product_name' | 'quantity' | 'unit' | 'target_pest' | 'area' | 'method' | 'corrected'
>

/**
 * How a recorded treatment reads, on the technician's job sheet and in the office's job view alike: what
 * was used, on what and where (and how), and who corrected it. Each page gives the greys of its background.
 */
export function TreatmentSummary({
  treatment: t,
  detailClassName,
  noteClassName,
}: {
  treatment: Recorded
  detailClassName: string
  noteClassName: string
}) {
  return (
    <>
      <p className="font-semibold text-slate-900">
        {t.product_name} · {t.quantity} {t.unit}
      </p>
      <p className={detailClassName}>
        {t.target_pest} · {t.area}
        {t.method && ` · ${t.method}`}
      </p>
      {t.corrected && (
        <p className={`text-xs ${noteClassName}`}>
          Corrected by {t.corrected.by}, {formatDateTime(t.corrected.at)}
        </p>
      )}
    </>
  )
}
