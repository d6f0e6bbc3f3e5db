/** Where the question sits: in the outbox panel's dialog, or in a refused update's red card (small text). */
const LOOKS = {
  dialog: { box: 'mt-3 bg-red-50', text: 'text-sm text-red-800', button: '' },
  card: { box: 'mt-2 bg-white', text: 'text-red-900', button: ' px-3 py-1.5 text-xs' },
}

/**
 * The step before a queued entry is thrown away (the outbox panel, the technician's Sync panel): what
 * discarding means, a way back, and Discard, disabled while it runs.
 */
export function DiscardConfirm({
  look,
  question,
  cancelLabel,
  onCancel,
  onDiscard,
  busy,
}: {
  look: keyof typeof LOOKS
  question: string
  cancelLabel: string
  onCancel: () => void
  onDiscard: () => void
  busy: boolean
}) {
  const { box, text, button } = LOOKS[look]
  return (
    <div role="alert" className={`${box} rounded-lg p-3`}>
      <p className={text}>{question}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={`btn-secondary${button}`} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn-danger${button}`} disabled={busy} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  )
}
