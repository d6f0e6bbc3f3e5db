/**
 * A quote's, an invoice's or a certificate's status pill, in the tone its feature gives each status (the
 * same pill as the bookings' StatusBadge, whose tones are fixed).
 */
export function DocumentStatusBadge<S extends string>({
  status,
  tones,
}: {
  status: S
  tones: Record<S, string>
}) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${tones[status]}`}
    >
      {status}
    </span>
  )
}
