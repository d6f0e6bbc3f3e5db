import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import type pg from 'pg'
import { withPgClient } from '../pg-client'
import {
  migrate,
  openDatabase,
  openPostgres,
  type Database,
  type Engine,
  type OpenedDatabase,
} from '../../api/db'

/**
 * The database under each API test, on the engine TEST_DB names, migrated by the server's own
 * migrations and seeded by `seed`:
 * - sqlite (default): a fresh SQLite file in the test's folder;
 * - pglite: PostgreSQL compiled to WASM (@electric-sql/pglite), in memory, no server needed. Booting it
 *   takes seconds, so each test file boots one, migrates and seeds it once, keeps a copy of the seeded
 *   rows, and gives every test those rows back (one transaction: truncate, copy, reset the id sequences);
 * - postgres: a real server at TEST_DATABASE_URL (`npm run test:postgres`, .ci/run): a database per test,
 *   copied from a template migrated and seeded once per test process, dropped afterwards.
 */
export const testEngine: Engine =
  process.env.TEST_DB === 'pglite' || process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

export interface TestDatabase {
  opened: OpenedDatabase
  /** Another connection (pool) to the same database, as a second server instance would open. */
  connectAgain: () => OpenedDatabase
  dispose: () => Promise<void>
}

type Seed = (db: Database) => Promise<unknown>

export async function openTestDatabase(dir: string, seed: Seed, seedKey?: string): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'pglite') return openPglite(seed)
  if (process.env.TEST_DB === 'postgres') return openServerDatabase(seed)
  const file = path.join(dir, 'app.db')
  if (seedKey !== undefined) {
    // Migrated and seeded once per test process and seed; each test gets a copy of the file.
    fs.copyFileSync(await sqliteTemplate(seedKey, seed), file)
    const opened = openDatabase(file)
    return { opened, connectAgain: () => openDatabase(file), dispose: () => opened.close() }
  }
  const opened = openDatabase(file)
  await migrate(opened)
  await seed(opened.db)
  return { opened, connectAgain: () => openDatabase(file), dispose: () => opened.close() }
}

const sqliteTemplates = new Map<string, Promise<string>>()

/** A SQLite file migrated and seeded once (closed, so its WAL is folded in): copied for each test. */
function sqliteTemplate(key: string, seed: Seed): Promise<string> {
  let made = sqliteTemplates.get(key)
  if (!made) {
    made = (async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-template-'))
      const file = path.join(dir, 'app.db')
      const opened = openDatabase(file)
      await migrate(opened)
      await seed(opened.db)
      await opened.close()
      return file
    })()
    sqliteTemplates.set(key, made)
  }
  return made
}

// ---------- PGlite ----------

type PGliteInstance = import('@electric-sql/pglite').PGlite

interface PgliteFile {
  pglite: PGliteInstance
  connect: () => OpenedDatabase
  /** Tables holding data (all but schema_migrations), and which of them have an identity id. */
  tables: string[]
  identities: string[]
}

let pgliteFile: Promise<PgliteFile> | null = null
let pgliteInUse = false

async function bootPglite(seed: Seed): Promise<PgliteFile> {
  // Loaded only on this engine: the WASM build is large and SQLite runs never need it.
  const { PGlite } = await import('@electric-sql/pglite')
  const { citext } = await import('@electric-sql/pglite/contrib/citext')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const pglite = await PGlite.create({ extensions: { citext } })
  // PGlite is one session: the pool's single connection is the whole database.
  const connect = () => openPostgres({ ...createPgConfig(pglite) })
  const opened = connect()
  await migrate(opened)
  await seed(opened.db)
  const tables = (
    await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`.execute(
      opened.db,
    )
  ).rows.map((r) => r.name)
  const identities = (
    await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'id' AND is_identity = 'YES'`.execute(opened.db)
  ).rows.map((r) => r.name)
  await sql.raw('CREATE SCHEMA seeded').execute(opened.db)
  for (const t of tables)
    await sql.raw(`CREATE TABLE seeded.${t} AS SELECT * FROM public.${t}`).execute(opened.db)
  await opened.close()
  return { pglite, connect, tables, identities }
}

/** Puts the seeded rows back: what the previous test wrote is gone, ids start where the seed left them. */
async function restoreSeeded(file: PgliteFile, db: Database) {
  await db.transaction().execute(async (trx) => {
    // No foreign-key checks or triggers while the copy is put back (the copy is consistent).
    await sql`SET LOCAL session_replication_role = replica`.execute(trx)
    await sql.raw(`TRUNCATE ${file.tables.map((t) => `public.${t}`).join(', ')}`).execute(trx)
    for (const t of file.tables)
      await sql.raw(`INSERT INTO public.${t} SELECT * FROM seeded.${t}`).execute(trx)
    for (const t of file.identities)
      await sql
        .raw(
          `SELECT setval(pg_get_serial_sequence('public.${t}', 'id'), COALESCE((SELECT MAX(id) FROM public.${t}), 0) + 1, false)`,
        )
        .execute(trx)
  })
}

async function openPglite(seed: Seed): Promise<TestDatabase> {
  // A second app while the test's first is open (a test comparing two configurations): its own PGlite.
  if (pgliteInUse) {
    const own = await bootPglite(seed)
    const opened = own.connect()
    return {
      opened,
      connectAgain: own.connect,
      dispose: async () => {
        await opened.close()
        await own.pglite.close()
      },
    }
  }
  pgliteInUse = true
  const first = !pgliteFile
  pgliteFile ??= bootPglite(seed)
  const file = await pgliteFile
  const opened = file.connect()
  if (!first) await restoreSeeded(file, opened.db)
  return {
    opened,
    // A second pool on the same PGlite shares its one session (the real-server run tests true concurrency).
    connectAgain: file.connect,
    dispose: async () => {
      pgliteInUse = false
      await opened.close()
    },
  }
}

// ---------- a PostgreSQL server ----------

let serverTemplate: Promise<string> | null = null

function serverUrl(database?: string): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (a role that may CREATE DATABASE)')
  if (!database) return url
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

/** Runs `work` on a connection to the server's maintenance database (CREATE/DROP DATABASE). */
const withAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withPgClient(serverUrl(), work)

/** One migrated and seeded template per test process; each test's database is a copy of it. */
async function seededTemplate(seed: Seed): Promise<string> {
  const name = `gs_template_${process.pid}_${randomUUID().slice(0, 8)}`
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`))
  const opened = openDatabase(serverUrl(name), { poolSize: 1 })
  await migrate(opened)
  await seed(opened.db)
  await opened.close()
  // Dropped when this test process ends (a copy needs its template idle, so it stays until then).
  process.once('beforeExit', () => {
    void withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`)).catch(() => {})
  })
  return name
}

async function openServerDatabase(seed: Seed): Promise<TestDatabase> {
  serverTemplate ??= seededTemplate(seed)
  const template = await serverTemplate
  const name = `gs_test_${randomUUID().replaceAll('-', '')}`
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`))
  const opened = openDatabase(serverUrl(name), { poolSize: 5 })
  return {
    opened,
    connectAgain: () => openDatabase(serverUrl(name), { poolSize: 5 }),
    dispose: async () => {
      await opened.close()
      // Not WITH (FORCE): that would cut connections a pool is still closing, which then fail loudly in
      // this process. A database still in use stays; the throw-away server (scripts/with-postgres.sh) goes
      // with all of them.
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`)).catch(() => {})
    },
  }
}
