/**
 * Query keys of private data start with the user's scope: one user's answers are never read under
 * another's key, and a change of user drops them all with one `removeQueries({ queryKey: USER_SCOPE })`.
 * Public data (the catalogue) has keys outside it.
 *
 * Apart from lib/query.ts (the query library's chunk) so that the outbox's sync, which every page starts
 * when idle, can name the scope without bringing react-query to a marketing page.
 */
export const USER_SCOPE = ['user'] as const
export const userScope = (userId: number | null) => [...USER_SCOPE, userId] as const
