import type { LucideIcon } from 'lucide-react'

/**
 * A list row's action: its icon and verb ("Edit"). Given the row's `name`, the button is named "Edit Ada"
 * for a screen reader, where a table has one such button a row.
 */
export function RowAction({
  icon: Icon,
  verb,
  name,
  className,
  onClick,
}: {
  icon: LucideIcon
  verb: string
  name?: string
  className: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      aria-label={name === undefined ? undefined : `${verb} ${name}`}
    >
      <Icon className="size-4" aria-hidden /> {verb}
    </button>
  )
}
