/** Case-insensitive "contains" search of the back-office lists, as plain functions. */

/** The search text as compared: trimmed, lower case (Unicode-aware). */
export const normalizeQuery = (s: string) => s.trim().toLowerCase()

/** Whether a field contains the (already normalized) query; missing fields never match. */
export const fieldHas = (field: string | null | undefined, q: string) =>
  (field ?? '').toLowerCase().includes(q)
