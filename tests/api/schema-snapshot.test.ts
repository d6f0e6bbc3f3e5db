import { sql, type RawBuilder } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrate, type OpenedDatabase } from '../../api/db'
import { openEmptyDatabase } from './migration-helpers'

/**
 * The schema every migration builds, pinned per engine in __snapshots__/schema.<engine>.json: a change to
 * how a migration is written (SQL or Kysely's schema builder) must leave the tables, columns, defaults,
 * keys, checks, indexes and triggers as they were. A migration that changes the schema on purpose updates
 * the snapshot (`npx vitest run tests/api/schema-snapshot.test.ts -u`, and the same with
 * `--project api-postgres`), and the diff shows the change.
 *
 * What is compared is the schema as each engine reads it back, not the text a migration sent, so the same
 * schema written differently compares equal: PostgreSQL already re-prints defaults, checks and indexes in
 * one form; SQLite keeps the text as written, so that text is normalised (below).
 */

// ---------- SQLite ----------

/**
 * SQL text with comments dropped, identifiers unquoted, keywords in lower case and spacing made one: the
 * same statement written by hand (`NOT NULL DEFAULT 0`, capitals, comments) or by Kysely (`"name"`, lower
 * case) reads the same. String literals are left exactly as they are.
 */
export function normaliseSql(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "'") {
      const end = text.indexOf("'", i + 1)
      // '' inside a literal is an escaped quote: the literal goes on.
      let close = end
      while (text[close + 1] === "'") close = text.indexOf("'", close + 2)
      out += text.slice(i, close + 1)
      i = close
    } else if (c === '-' && text[i + 1] === '-') {
      const eol = text.indexOf('\n', i)
      i = eol === -1 ? text.length : eol - 1
      out += ' '
    } else if (c === '"' || c === '`') {
      // An identifier's quotes: ours never need them (no spaces or keywords as names).
    } else {
      out += c.toLowerCase()
    }
  }
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim()
}

/** The CHECK clauses of a normalised CREATE TABLE, column-level or table-level alike (SQLite does not tell). */
function checksOf(normalised: string): string[] {
  const checks: string[] = []
  let inString = false
  for (let i = 0; i < normalised.length; i++) {
    if (normalised[i] === "'") inString = !inString
    if (inString || !normalised.startsWith('check(', i) || /\w/.test(normalised[i - 1] ?? '')) continue
    let depth = 0
    let j = i + 5
    let quoted = false
    for (; j < normalised.length; j++) {
      const c = normalised[j]
      if (c === "'") quoted = !quoted
      if (quoted) continue
      if (c === '(') depth++
      if (c === ')' && --depth === 0) break
    }
    checks.push(normalised.slice(i, j + 1))
    i = j
  }
  return checks.sort()
}

async function sqliteSchema({ db }: OpenedDatabase) {
  const objects = (
    await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`
      SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(
      db,
    )
  ).rows
  const tables: Record<string, unknown> = {}
  for (const table of objects.filter((o) => o.type === 'table')) {
    const columns = (
      await sql<{
        name: string
        type: string
        notnull: number
        dflt_value: string | null
        pk: number
        hidden: number
      }>`
        SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(${table.name}) ORDER BY cid`.execute(
        db,
      )
    ).rows.map((c) => ({
      ...c,
      type: c.type.toLowerCase(),
      dflt_value: c.dflt_value === null ? null : normaliseSql(c.dflt_value),
    }))
    const foreignKeys = (
      await sql<Record<string, unknown>>`
        SELECT "table", "from", "to", on_update, on_delete, "match" FROM pragma_foreign_key_list(${table.name})`.execute(
        db,
      )
    ).rows
      // Numbered by SQLite in the reverse of their order in the text: sorted by column instead.
      .sort((a, b) => `${a.from}>${a.table}`.localeCompare(`${b.from}>${b.table}`))
    const indexes = []
    const list = (
      await sql<{ name: string; unique: number; origin: string; partial: number }>`
        SELECT name, "unique", origin, partial FROM pragma_index_list(${table.name}) ORDER BY name`.execute(
        db,
      )
    ).rows
    for (const index of list) {
      const keys = (
        await sql<{ name: string | null; desc: number; coll: string }>`
          SELECT name, "desc", coll FROM pragma_index_xinfo(${index.name}) WHERE key = 1 ORDER BY seqno`.execute(
          db,
        )
      ).rows
      const made = objects.find((o) => o.type === 'index' && o.name === index.name)?.sql
      indexes.push({ ...index, keys, sql: made ? normaliseSql(made) : null })
    }
    const text = normaliseSql(table.sql ?? '')
    tables[table.name] = {
      columns,
      checks: checksOf(text),
      autoincrement: /\bautoincrement\b/.test(text),
      withoutRowid: /\bwithout rowid\b/.test(text),
      foreignKeys,
      indexes,
    }
  }
  const triggers = Object.fromEntries(
    objects.filter((o) => o.type === 'trigger').map((o) => [o.name, normaliseSql(o.sql ?? '')]),
  )
  const views = Object.fromEntries(
    objects.filter((o) => o.type === 'view').map((o) => [o.name, normaliseSql(o.sql ?? '')]),
  )
  return { tables, triggers, views }
}

// ---------- PostgreSQL ----------

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

async function postgresSchema({ db }: OpenedDatabase) {
  const rows = async <T>(query: RawBuilder<T>) => (await query.execute(db)).rows
  const columns = await rows(sql`
    SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default, is_identity,
      identity_generation, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
    FROM information_schema.columns WHERE table_schema = 'public'
    ORDER BY table_name, ordinal_position`)
  // c check, f foreign key, p primary key, u unique, x exclusion. PostgreSQL 18 also lists NOT NULLs as
  // constraints (n); nullability is pinned by the columns already, on every version.
  const constraints = await rows(sql`
    SELECT cl.relname AS table_name, co.conname, co.contype, pg_get_constraintdef(co.oid) AS definition
    FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    WHERE n.nspname = 'public' AND co.contype IN ('c', 'f', 'p', 'u', 'x')
    ORDER BY cl.relname, co.conname`)
  const indexes = await rows(sql`
    SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
    ORDER BY tablename, indexname`)
  const triggers = await rows(sql`
    SELECT cl.relname AS table_name, t.tgname, pg_get_triggerdef(t.oid) AS definition
    FROM pg_trigger t JOIN pg_class cl ON cl.oid = t.tgrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal ORDER BY cl.relname, t.tgname`)
  const functions = await rows<{ proname: string; definition: string }>(sql`
    SELECT p.proname, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind = 'f'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    ORDER BY p.proname`)
  const extensions = await rows(
    sql`SELECT extname FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`,
  )
  return {
    columns,
    constraints,
    indexes,
    triggers,
    functions: functions.map((f) => ({ ...f, definition: oneLine(f.definition) })),
    extensions,
  }
}

describe.each(['sqlite', 'postgres'] as const)('the schema the migrations build on %s', (engine) => {
  it('is the pinned one', async () => {
    const opened = await openEmptyDatabase(engine)
    await migrate(opened)
    const schema = engine === 'sqlite' ? await sqliteSchema(opened) : await postgresSchema(opened)
    // The names schema_migrations records: a database migrated before a migration was rewritten must find
    // it under the same name, or it would run it again.
    const recorded = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(
      opened.db,
    )
    Object.assign(schema, { migrations: recorded.rows.map((r) => r.name) })
    await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot(
      `./__snapshots__/schema.${engine}.json`,
    )
  }, 60_000)
})
