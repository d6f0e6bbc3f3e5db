import type { ReactNode } from 'react'

const TONES = {
  /** What wants the reader's attention (Unread). */
  strong: 'bg-brand-700 text-white',
  /** A quiet state (Archived, Hidden). */
  muted: 'bg-slate-200 text-slate-700',
}

/** A small pill after a row's name saying a state it is in: Unread, Archived, Hidden. */
export function StateTag({
  tone,
  small,
  children,
}: {
  tone: keyof typeof TONES
  /** 11 px rather than 12, inside a line of small text. */
  small?: boolean
  children: ReactNode
}) {
  return (
    <span
      className={`ml-2 rounded-full px-2 py-0.5 ${small ? 'text-[11px]' : 'text-xs'} font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  )
}
