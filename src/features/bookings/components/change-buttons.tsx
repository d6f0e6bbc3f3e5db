/**
 * What a customer can still do to a coming visit, from their bookings or from the link in their message:
 * move it (the reschedule dialog) or cancel it (a confirmation first). The screen opens its own dialogs.
 */
export function ChangeBookingButtons({
  onReschedule,
  onCancel,
  cancelLabel,
  small,
}: {
  onReschedule: () => void
  onCancel: () => void
  /** "Cancel booking" in the list, "Cancel the visit" on the link's page. */
  cancelLabel: string
  /** Smaller buttons, for a row of a list. */
  small?: boolean
}) {
  const size = small ? ' px-3 py-1.5 text-sm' : ''
  return (
    <>
      <button type="button" className={`btn-secondary${size}`} onClick={onReschedule}>
        Reschedule
      </button>
      <button type="button" className={`btn-secondary${size} text-red-700`} onClick={onCancel}>
        {cancelLabel}
      </button>
    </>
  )
}
