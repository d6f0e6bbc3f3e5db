import { useState, type ChangeEvent } from 'react'

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
/** The keys of a form whose values are typed as text. */
export type TextKey<T> = { [K in keyof T]-?: T[K] extends string ? K : never }[keyof T]

/**
 * `bind(key)` for values kept elsewhere (a draft on the device, a parent's state): the value and change
 * handler of the input, select or textarea that edits one text value; `change` hears what was typed.
 */
export const textBinder =
  <T extends object>(form: T, change: (key: TextKey<T>, value: string) => void) =>
  (key: TextKey<T>) => ({
    value: form[key] as string,
    onChange: (e: ChangeEvent<Control>) => change(key, e.target.value),
  })

/**
 * A form's values, and `bind(key)`: the value and change handler of the input, select or textarea that
 * edits one text value (`<TextField {...bind('email')} />`). Other values are set through setForm.
 * `onEdit` hears which value was typed in, e.g. to clear the mistake shown under it.
 */
export function useFormFields<T extends object>(initial: T | (() => T), onEdit?: (key: TextKey<T>) => void) {
  const [form, setForm] = useState(initial)
  const bind = textBinder(form, (key, value) => {
    setForm((f) => ({ ...f, [key]: value }))
    onEdit?.(key)
  })
  return { form, setForm, bind }
}
