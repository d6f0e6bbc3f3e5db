/** The card list both message screens (received and sent) show their messages in. */
import type { ReactNode } from 'react'
import { Card } from '../../../components/ui/page-header'

export function MessageList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Card>
      <ul className="divide-y divide-slate-100" aria-label={label}>
        {children}
      </ul>
    </Card>
  )
}

/**
 * One message: its icon in a circle (hidden on phones, where the text needs the width), what it is
 * (a full row on phones), then the rest of the row (date, state, buttons) as children.
 */
export function MessageRow({
  icon,
  iconClassName,
  main,
  className = '',
  children,
}: {
  icon: ReactNode
  /** The circle's colours. */
  iconClassName: string
  main: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <li className={`flex flex-wrap items-center gap-3 p-4 sm:flex-nowrap ${className}`}>
      <span className={`hidden rounded-full p-2 sm:block ${iconClassName}`}>{icon}</span>
      <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">{main}</div>
      {children}
    </li>
  )
}
