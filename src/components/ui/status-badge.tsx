/** One status pill for bookings and orders, in the colours staff know (docs/rules/screens.md): Completed green, Pending (and Processing) yellow, anything else blue. */
const TONES: Record<string, string> = {
  Completed: 'bg-green-100 text-green-800',
  Pending: 'bg-yellow-100 text-yellow-800',
  Processing: 'bg-yellow-100 text-yellow-800',
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${TONES[status] ?? 'bg-blue-100 text-blue-800'}`}
    >
      {status}
    </span>
  )
}
