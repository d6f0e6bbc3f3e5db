import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate, openDatabase, openPostgres, type OpenedDatabase } from '../../api/db'

/**
 * The two engines' migration folders must build the same tables: a column added on one engine only
 * would work in development (SQLite) and fail in production (PostgreSQL), or the other way round.
 */
type Column = { table: string; column: string; nullable: boolean; kind: string }

/** Both engines' type names, reduced to what the code can tell apart. */
function kindOf(type: string): string {
  const t = type.toLowerCase()
  if (/int/.test(t)) return 'integer'
  if (/real|double|numeric|float/.test(t)) return 'real'
  if (/blob|bytea/.test(t)) return 'bytes'
  return 'text'
}

async function sqliteColumns(opened: OpenedDatabase): Promise<Column[]> {
  const tables = await sql<{ name: string }>`
    SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(
    opened.db,
  )
  const columns: Column[] = []
  for (const { name } of tables.rows) {
    const info = await sql<{ name: string; type: string; notnull: number; pk: number }>`
      SELECT name, type, "notnull", pk FROM pragma_table_info(${name})`.execute(opened.db)
    for (const c of info.rows) {
      // SQLite lets a TEXT PRIMARY KEY be NULL; PostgreSQL does not: both mean "never null" here.
      columns.push({ table: name, column: c.name, nullable: !c.notnull && !c.pk, kind: kindOf(c.type) })
    }
  }
  return columns
}

async function postgresColumns(opened: OpenedDatabase): Promise<Column[]> {
  const rows = await sql<{ table_name: string; column_name: string; is_nullable: string; data_type: string }>`
    SELECT table_name, column_name, is_nullable, data_type FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name`.execute(opened.db)
  return rows.rows.map((c) => ({
    table: c.table_name,
    column: c.column_name,
    nullable: c.is_nullable === 'YES',
    kind: c.data_type === 'USER-DEFINED' ? 'text' : kindOf(c.data_type),
  }))
}

const byName = (a: Column, b: Column) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`)

let dir: string
let sqlite: OpenedDatabase
let postgres: OpenedDatabase
let pglite: { close: () => Promise<void> }

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-schema-'))
  sqlite = openDatabase(path.join(dir, 'app.db'))
  const { PGlite } = await import('@electric-sql/pglite')
  const { citext } = await import('@electric-sql/pglite/contrib/citext')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const instance = await PGlite.create({ extensions: { citext } })
  pglite = instance
  postgres = openPostgres({ ...createPgConfig(instance) })
}, 60_000)

afterAll(async () => {
  await sqlite?.close()
  await postgres?.close()
  await pglite?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('migrations on SQLite and PostgreSQL', () => {
  it('apply on both engines and record every file once', async () => {
    const onSqlite = await migrate(sqlite)
    const onPostgres = await migrate(postgres)
    expect(onSqlite.length).toBeGreaterThan(0)
    expect(onPostgres.length).toBeGreaterThan(0)
    expect(await migrate(sqlite)).toEqual([])
    expect(await migrate(postgres)).toEqual([])
    // The newest migration is the same file name on both: neither engine is behind.
    expect(onPostgres.at(-1)).toBe(onSqlite.at(-1))
  })

  it('build the same tables, columns, nullability and kinds of value', async () => {
    const a = (await sqliteColumns(sqlite)).sort(byName)
    const b = (await postgresColumns(postgres)).sort(byName)
    expect(b).toEqual(a)
  })

  it('fold case the same way in searches and emails', async () => {
    for (const opened of [sqlite, postgres]) {
      const folded = await sql<{ v: string }>`SELECT casefold(${'ỌLÁ Adébáyọ̀'}) AS v`.execute(opened.db)
      expect(folded.rows[0].v).toBe('ọlá adébáyọ̀')
      await opened.db
        .insertInto('users')
        .values({ email: 'Mixed@Case.ng', password_hash: 'x', role: 'customer' })
        .execute()
      // Found whatever the case asked, and kept as it was written.
      const found = await opened.db
        .selectFrom('users')
        .select('email')
        .where('email', '=', 'mixed@case.NG')
        .executeTakeFirst()
      expect(found).toEqual({ email: 'Mixed@Case.ng' })
    }
  })
})
