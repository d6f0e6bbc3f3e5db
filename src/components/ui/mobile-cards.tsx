import type { ReactNode } from 'react'
import { Card } from './page-header'

/** The phone's stand-in for a screen's table: one card a row, hidden from md up where the table shows. */
export function MobileCards<T extends { id: number | string }>({
  items,
  label,
  cardClassName = 'p-4 text-sm',
  children,
}: {
  items: readonly T[]
  /** The list's accessible name. */
  label?: string
  cardClassName?: string
  children: (item: T) => ReactNode
}) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Card className={cardClassName}>{children(item)}</Card>
        </li>
      ))}
    </ul>
  )
}

/** A card's top row: its title and detail lines, with a badge on the right. */
export function CardTop({
  title,
  badge,
  children,
}: {
  title: ReactNode
  badge: ReactNode
  children?: ReactNode
}) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{title}</p>
        {children}
      </div>
      {badge}
    </div>
  )
}
