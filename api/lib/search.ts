import { sql, type Expression, type SqlBool } from 'kysely'

/**
 * An admin list's search box: the text found anywhere in any of `columns`, whatever its case, with the
 * person's `%` and `_` taken literally, on either engine (casefold() is SQLite's function, PostgreSQL's
 * lower(): api/db/index.ts).
 */
export function textSearch(text: string, columns: readonly Expression<unknown>[]) {
  const needle = `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const matches = columns.map((c) => sql<SqlBool>`casefold(${c}) LIKE ${needle} ESCAPE '\\'`)
  return sql<SqlBool>`(${sql.join(matches, sql` OR `)})`
}
