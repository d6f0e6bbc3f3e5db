/** The back-office lists' search ("contains", case-insensitive) and filters, as plain functions. */

/** The search text as compared: trimmed, lower case (Unicode-aware). */
export const normalizeQuery = (s: string) => s.trim().toLowerCase()

/** Whether a field contains the (already normalized) query; missing fields never match. */
export const fieldHas = (field: string | null | undefined, q: string) =>
  (field ?? '').toLowerCase().includes(q)

/** A list screen's status filter and search as the server's query: "all" and an empty search are left out. */
export const listFilterQuery = <S extends string>(status: S | 'all', q: string) => ({
  status: status === 'all' ? undefined : status,
  q: q || undefined,
})
