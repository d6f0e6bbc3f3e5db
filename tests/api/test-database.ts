import { randomUUID } from 'node:crypto'
import path from 'node:path'
import pg from 'pg'
import { migrate, openDatabase, openPostgres, type Engine, type OpenedDatabase } from '../../api/db'

/**
 * The database under each API test, on the engine TEST_DB names:
 * - sqlite (default): a fresh SQLite file in the test's folder;
 * - pglite: PostgreSQL compiled to WASM (@electric-sql/pglite), in memory, no server needed: migrated
 *   once per test file, then cloned for each test (a clone is far cheaper than a boot);
 * - postgres: a real server at TEST_DATABASE_URL (.ci/run starts one): a database per test, created from
 *   a migrated template database, dropped afterwards.
 * Every engine runs the same migrations the server runs.
 */
export const testEngine: Engine =
  process.env.TEST_DB === 'pglite' || process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'

export interface TestDatabase {
  opened: OpenedDatabase
  /** Another connection (pool) to the same database, as a second server instance would open. */
  connectAgain: () => OpenedDatabase
  dispose: () => Promise<void>
}

export async function openTestDatabase(dir: string): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'pglite') return openPglite()
  if (process.env.TEST_DB === 'postgres') return openServerDatabase()
  const file = path.join(dir, 'app.db')
  const opened = openDatabase(file)
  await migrate(opened)
  return { opened, connectAgain: () => openDatabase(file), dispose: () => opened.close() }
}

// ---------- PGlite ----------

type PGliteInstance = import('@electric-sql/pglite').PGlite
let pgliteTemplate: Promise<PGliteInstance> | null = null

async function migratedPglite(): Promise<PGliteInstance> {
  // Loaded only on this engine: the WASM build is large and SQLite runs never need it.
  const { PGlite } = await import('@electric-sql/pglite')
  const { citext } = await import('@electric-sql/pglite/contrib/citext')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const pglite = await PGlite.create({ extensions: { citext } })
  const opened = openPostgres({ ...createPgConfig(pglite) })
  await migrate(opened)
  await opened.close()
  return pglite
}

async function openPglite(): Promise<TestDatabase> {
  pgliteTemplate ??= migratedPglite()
  const copy = (await (await pgliteTemplate).clone()) as PGliteInstance
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  // PGlite is one session: the pool's single connection is the whole database.
  const opened = openPostgres({ ...createPgConfig(copy) })
  return {
    opened,
    // PGlite serves one session: a second pool shares it (the real-server run tests true concurrency).
    connectAgain: () => openPostgres({ ...createPgConfig(copy) }),
    dispose: async () => {
      await opened.close()
      await copy.close()
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
async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** One migrated template per test process; each test's database is a copy of it. */
async function migratedTemplate(): Promise<string> {
  const name = `gs_template_${process.pid}_${randomUUID().slice(0, 8)}`
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`))
  const opened = openDatabase(serverUrl(name), { poolSize: 1 })
  await migrate(opened)
  await opened.close()
  // Dropped when this test process ends (a copy needs its template idle, so it stays until then).
  process.once('beforeExit', () => {
    void withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name}`)).catch(() => {})
  })
  return name
}

async function openServerDatabase(): Promise<TestDatabase> {
  serverTemplate ??= migratedTemplate()
  const template = await serverTemplate
  const name = `gs_test_${randomUUID().replaceAll('-', '')}`
  await withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`))
  const opened = openDatabase(serverUrl(name), { poolSize: 5 })
  return {
    opened,
    connectAgain: () => openDatabase(serverUrl(name), { poolSize: 5 }),
    dispose: async () => {
      await opened.close()
      await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}
