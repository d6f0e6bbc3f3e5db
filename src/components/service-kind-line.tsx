/** What a booking records of the kind of work chosen: its name and the estimate given when it was booked. */
export function ServiceKindLine({
  booking,
  className,
}: {
  booking: { service_kind?: { name: string } | null; estimate_text?: string | null }
  className: string
}) {
  if (!booking.service_kind) return null
  return (
    <p className={className}>
      {booking.service_kind.name}
      {booking.estimate_text && <> · Estimate: {booking.estimate_text}</>}
    </p>
  )
}
