import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import BetterSqlite3 from 'better-sqlite3'
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type SqliteDatabase,
  type Transaction,
} from 'kysely'
import pg from 'pg'
import type { Tables } from './schema.js'

export type { Tables } from './schema.js'

/** The one query layer every route and library goes through, on either engine. */
export type Database = Kysely<Tables>
/** A transaction, or the database itself where a function works inside or outside one. */
export type Queryable = Kysely<Tables> | Transaction<Tables>
export type Engine = 'sqlite' | 'postgres'

/** The raw better-sqlite3 handle, for SQLite-only tooling. */
export type SqliteConnection = BetterSqlite3.Database

export interface OpenedDatabase {
  db: Database
  engine: Engine
  /** The SQLite connection under `db` (null on PostgreSQL). */
  sqlite: SqliteConnection | null
  /**
   * A new connection to the same PostgreSQL server outside the pool, not yet connected, for work that
   * holds one to itself (LISTEN: api/db/listen.ts). Null on SQLite, and on PGlite, whose one session is
   * the pool's.
   */
  connectAlone: ((config?: pg.ClientConfig) => pg.Client) | null
  close: () => Promise<void>
}

/** The numbered migrations, written once for both engines in TypeScript (compiled to .js in dist-server). */
const sharedMigrationsDir = fileURLToPath(new URL('./migrations/shared/', import.meta.url))

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url)

/**
 * node-postgres hands back BIGINT (COUNT(*), kobo sums, ms timestamps) and NUMERIC (SUM of BIGINT) as
 * strings, because they can exceed 2^53. Ours never do (kobo and milliseconds), and SQLite gives numbers:
 * read both as numbers so the code sees one type on either engine.
 */
export const PG_NUMBER_TYPES = [pg.types.builtins.INT8, pg.types.builtins.NUMERIC] as const

/**
 * Opens the database named by `target`: a postgres:// URL selects PostgreSQL (a pool of connections);
 * anything else is the path of a SQLite file, created with the pragmas every connection needs.
 */
export function openDatabase(target: string, { poolSize = 10 } = {}): OpenedDatabase {
  if (isPostgresUrl(target)) {
    const opened = openPostgres({ connectionString: target, max: poolSize })
    const connectAlone = (config: pg.ClientConfig = {}) =>
      new pg.Client({ ...config, connectionString: target, types: numberTypes })
    return { ...opened, connectAlone }
  }
  const sqlite = openSqlite(target)
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) })
  return { db, engine: 'sqlite', sqlite, connectAlone: null, close: () => db.destroy() }
}

const numberTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    (PG_NUMBER_TYPES as readonly number[]).includes(oid)
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** PostgreSQL through a node-postgres pool (a server's URL, or PGlite's pg-compatible connection in tests). */
export function openPostgres(config: pg.PoolConfig): OpenedDatabase {
  const pool = new pg.Pool({ ...config, types: numberTypes })
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) })
  return { db, engine: 'postgres', sqlite: null, connectAlone: null, close: () => db.destroy() }
}

function openSqlite(file: string): SqliteConnection {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new BetterSqlite3(file)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  // SQLite's lower() folds only ASCII letters; names such as "Ọlá Adébáyọ̀" need Unicode folding.
  // PostgreSQL's migrations define casefold() as its (Unicode) lower(), so queries read the same on both.
  db.function('casefold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  )
  return db
}

/** How many prepared statements a SQLite database keeps: more than the app's distinct queries. */
const STATEMENT_CACHE_SIZE = 500

/**
 * The SQLite handle as Kysely sees it, keeping its prepared statements (least recently used dropped
 * past STATEMENT_CACHE_SIZE). Kysely prepares every query afresh, and on the catalogue's hot path the
 * preparing cost as much as running it. better-sqlite3 runs one statement at a time to the end (the
 * app streams no query), so sharing a statement between requests is safe.
 */
function keepingStatements(sqlite: SqliteConnection): SqliteDatabase {
  const kept = new Map<string, BetterSqlite3.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = kept.get(text)
      if (statement) kept.delete(text)
      else statement = sqlite.prepare(text)
      kept.set(text, statement)
      if (kept.size > STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!)
      return statement
    },
  }
}

/** Which engine a database or transaction runs on, for the few dialect-aware places (api/db/dialect.ts). */
export const engineOf = (db: Queryable): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'

/**
 * A migration written once for both engines: api/db/migrations/shared/NNN_name.ts exports `up`, which
 * builds with Kysely's schema builder (and api/db/migrations/words.ts where the engines differ). `db` is the
 * migration's transaction. Kysely<any>, as Kysely's own migration guide has it: a migration must not
 * depend on Tables, which is the schema after every migration and changes with the code.
 */
export interface SharedMigration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: no table types in a migration
  up: (db: Kysely<any>, engine: Engine) => Promise<void>
}

/** One numbered migration as the runner applies it. */
interface Migration {
  /**
   * What schema_migrations records: the file name with ".sql" (NNN_name.sql), because the migrations were
   * SQL files first and a database that applied one must not apply it again.
   */
  name: string
  number: number
  up: SharedMigration['up']
}

/** The migrations in number order. Two with one number stop the start. */
export async function migrationsFor(): Promise<Migration[]> {
  const migrations: Migration[] = []
  // .ts under tsx and vitest, .js in dist-server (tsc compiles them; the .ts files are not copied there).
  const files = fs.readdirSync(sharedMigrationsDir).filter((f) => /^\d+_.*(?<!\.d)\.[jt]s$/.test(f))
  for (const file of files) {
    const { up } = (await import(pathToFileURL(path.join(sharedMigrationsDir, file)).href)) as SharedMigration
    if (typeof up !== 'function') throw new Error(`Migration ${file} exports no up()`)
    migrations.push({ name: file.replace(/\.[jt]s$/, '.sql'), number: parseInt(file, 10), up })
  }
  migrations.sort((a, b) => a.number - b.number || a.name.localeCompare(b.name))
  for (let i = 1; i < migrations.length; i++)
    if (migrations[i].number === migrations[i - 1].number)
      throw new Error(
        `Two migrations numbered ${migrations[i].number}: ${migrations[i - 1].name}, ${migrations[i].name}`,
      )
  return migrations
}

/**
 * Applies every migration (migrationsFor) not yet recorded in schema_migrations, in number order, and
 * returns the names applied. `before` stops short of that number (tests build an older database with
 * it). On PostgreSQL all of them run in one transaction under an advisory lock, so instances that start
 * together take turns: the first applies, the others find nothing left to do. On SQLite each runs in its
 * own transaction.
 */
export async function migrate(opened: OpenedDatabase, { before = Infinity } = {}): Promise<string[]> {
  const migrations = (await migrationsFor()).filter((m) => m.number < before)
  if (opened.sqlite) return migrateSqlite(opened, opened.sqlite, migrations)
  return opened.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY,
      applied_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    )`.execute(trx)
    const done = new Set(
      (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx)).rows.map((r) => r.name),
    )
    const applied: string[] = []
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      await migration.up(trx, 'postgres')
      await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(trx)
      applied.push(migration.name)
    }
    return applied
  })
}

/** Any fixed number, shared by every instance, naming the migration lock. */
const MIGRATION_LOCK = 7_402_001

async function migrateSqlite(
  opened: OpenedDatabase,
  db: SqliteConnection,
  migrations: Migration[],
): Promise<string[]> {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
  )`)
  const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[])
  const applied: string[] = []
  for (const migration of migrations) {
    if (done.has(migration.name)) continue
    await opened.db.transaction().execute(async (trx) => {
      await migration.up(trx, 'sqlite')
      await sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`.execute(trx)
    })
    applied.push(migration.name)
  }
  return applied
}
