/**
 * A select's options for a fixed list of values (the contract's `as const` lists), each shown by its label,
 * or by the value itself where the list has no labels.
 */
export function Options<T extends string>({
  values,
  labels,
}: {
  values: readonly T[]
  labels?: Readonly<Record<T, string>>
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {labels ? labels[value] : value}
        </option>
      ))}
    </>
  )
}
