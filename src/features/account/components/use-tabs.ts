import { useId, useRef, useState, type KeyboardEvent } from 'react'

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
