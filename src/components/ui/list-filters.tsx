/** The search box and the select filters of the back-office lists. */
import type { ReactNode } from 'react'
import { Search } from 'lucide-react'

/** The row of a list's search box and filters, above the list. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap gap-3">{children}</div>
}

export function SearchBox({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string
  onChange: (value: string) => void
  label: string
  /** Left out, the label with an ellipsis ("Search users..."). */
  placeholder?: string
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder ?? `${label}...`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="field pl-9"
      />
    </div>
  )
}

export function SelectFilter<T extends string>({
  value,
  onChange,
  label,
  options,
}: {
  value: T
  onChange: (value: T) => void
  label: string
  options: readonly (readonly [T, string])[]
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
      className="field w-auto"
    >
      {options.map(([v, text]) => (
        <option key={v} value={v}>
          {text}
        </option>
      ))}
    </select>
  )
}
