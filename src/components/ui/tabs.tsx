import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

/**
 * The WAI-ARIA tabs pattern for a fixed list of tabs: roving tabIndex, arrow keys move between tabs (and
 * select them), Home/End jump to the ends. Spread tabProps(i) on each tab and panelProps(key) on its panel.
 */
export function useTabs<K extends string>(keys: readonly K[]) {
  const [selected, setSelected] = useState<K>(keys[0])
  const id = useId()
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])

  function onKeyDown(e: KeyboardEvent, index: number) {
    const last = keys.length - 1
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null
    if (next === null) return
    e.preventDefault()
    setSelected(keys[next])
    tabRefs.current[next]?.focus()
  }

  return {
    keys,
    selected,
    tabProps: (index: number) => {
      const key = keys[index]
      return {
        ref: (el: HTMLButtonElement | null) => {
          tabRefs.current[index] = el
        },
        type: 'button' as const,
        role: 'tab',
        id: `${id}-tab-${key}`,
        'aria-selected': selected === key,
        'aria-controls': `${id}-panel-${key}`,
        tabIndex: selected === key ? 0 : -1,
        onClick: () => setSelected(key),
        onKeyDown: (e: KeyboardEvent) => onKeyDown(e, index),
      }
    },
    panelProps: (key: K) => ({
      role: 'tabpanel',
      id: `${id}-panel-${key}`,
      'aria-labelledby': `${id}-tab-${key}`,
    }),
  }
}

/**
 * The row of tabs of a useTabs set: `children(key, index)` is what a tab shows, `tabClassName(selected)` its
 * classes, so each page keeps its own look.
 */
export function TabList<K extends string>({
  tabs,
  label,
  className,
  tabClassName,
  children,
}: {
  tabs: ReturnType<typeof useTabs<K>>
  /** The tab list's accessible name. */
  label: string
  className: string
  tabClassName: (selected: boolean) => string
  children: (key: K, index: number) => ReactNode
}) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.keys.map((key, i) => (
        <button key={key} {...tabs.tabProps(i)} className={tabClassName(tabs.selected === key)}>
          {children(key, i)}
        </button>
      ))}
    </div>
  )
}
