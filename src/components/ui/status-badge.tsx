/** The colours staff know for bookings and orders (docs/rules/screens.md): Completed green, Pending (and Processing) yellow, anything else blue. */
const BOOKING_TONES: Record<string, string> = {
  Completed: 'bg-green-100 text-green-800',
  Pending: 'bg-yellow-100 text-yellow-800',
  Processing: 'bg-yellow-100 text-yellow-800',
}

/**
 * One status pill: a booking's or an order's by default, or in the tone a feature gives each of its
 * statuses (quotes, invoices, certificates, plans).
 */
export function StatusBadge<S extends string>({ status, tones }: { status: S; tones?: Record<S, string> }) {
  const tone = tones ? tones[status] : (BOOKING_TONES[status] ?? 'bg-blue-100 text-blue-800')
  return (
    <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {status}
    </span>
  )
}
