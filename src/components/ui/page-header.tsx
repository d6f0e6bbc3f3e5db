/** The top of a back-office screen, and its cards. */
import { type ReactNode } from 'react'
import { Link } from 'react-router'
import type { LucideIcon } from 'lucide-react'

/** The screen's one primary button, last in its header: "New plan", "Add New Product". */
export type HeaderAdd = { icon: LucideIcon; label: string; onClick: () => void; disabled?: boolean }

/** A link to the screen that goes with this one, first in its header: "Sent email & SMS". */
export type HeaderLink = { to: string; icon: LucideIcon; label: string }

export function PageHeader({
  title,
  actions,
  link,
  add,
}: {
  title: string
  actions?: ReactNode
  link?: HeaderLink
  add?: HeaderAdd
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {(actions || link || add) && (
        <div className="flex flex-wrap gap-2">
          {link && (
            <Link to={link.to} className="btn-secondary">
              <link.icon className="size-4" aria-hidden />
              {link.label}
            </Link>
          )}
          {actions}
          {add && (
            <button type="button" className="btn-primary" onClick={add.onClick} disabled={add.disabled}>
              <add.icon className="size-4" aria-hidden /> {add.label}
            </button>
          )}
        </div>
      )}
    </div>
  )
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl bg-white shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</div>
}

/** "view" buttons and the like inside tables. */
export const linkButton = 'font-medium text-brand-700 underline-offset-2 hover:underline'
