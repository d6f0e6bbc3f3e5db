import type { QuoteStatus } from '../../../../contract/quotes.js'
import { DocumentStatusBadge } from '../../../components/documents/document-status'

const TONES: Record<QuoteStatus, string> = {
  Draft: 'bg-slate-100 text-slate-700',
  Sent: 'bg-blue-100 text-blue-800',
  Accepted: 'bg-green-100 text-green-800',
  Declined: 'bg-red-100 text-red-800',
  Withdrawn: 'bg-slate-200 text-slate-800',
  Expired: 'bg-yellow-100 text-yellow-800',
}

/** A quote's status pill: accepted green, sent blue, expired yellow, declined red. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <DocumentStatusBadge status={status} tones={TONES} />
}
