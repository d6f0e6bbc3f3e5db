import type { InvoiceStatus } from '../../../../contract/invoices.js'
import { DocumentStatusBadge } from '../../../components/documents/document-status'

const TONES: Record<InvoiceStatus, string> = {
  Draft: 'bg-slate-100 text-slate-700',
  Sent: 'bg-blue-100 text-blue-800',
  'Part-paid': 'bg-yellow-100 text-yellow-800',
  Paid: 'bg-green-100 text-green-800',
  Void: 'bg-red-100 text-red-800',
}

/** An invoice's status pill: paid green, part-paid yellow, void red, draft grey. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <DocumentStatusBadge status={status} tones={TONES} />
}
