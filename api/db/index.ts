import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
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

/** The raw better-sqlite3 handle, for SQLite-only tooling (migrations' multi-statement files). */
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

const migrationsRoot = fileURLToPath(new URL('./migrations/', import.meta.url))
/** Each engine's numbered .sql files: the same schema, written in each engine's own SQL. */
export const migrationsDir = (engine: Engine) => path.join(migrationsRoot, engine)

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

/** Every numbered .sql file of `dir`, in order. */
function migrationFiles(dir: string) {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+.*\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }))
}

/**
 * Applies every numbered .sql file of the engine's folder not yet recorded in schema_migrations, each in
 * its own transaction, and returns the names applied. On PostgreSQL an advisory lock makes instances
 * that start together take turns: the first applies, the others find nothing left to do.
 */
export async function migrate(opened: OpenedDatabase, dir = migrationsDir(opened.engine)): Promise<string[]> {
  const files = migrationFiles(dir)
  if (opened.sqlite) return migrateSqlite(opened.sqlite, files)
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
    for (const file of files) {
      if (done.has(file.name)) continue
      // Files hold several statements: sent without parameters, PostgreSQL runs them as one script.
      await sql.raw(file.sql).execute(trx)
      await sql`INSERT INTO schema_migrations (name) VALUES (${file.name})`.execute(trx)
      applied.push(file.name)
    }
    return applied
  })
}

/** Any fixed number, shared by every instance, naming the migration lock. */
const MIGRATION_LOCK = 7_402_001

function migrateSqlite(db: SqliteConnection, files: { name: string; sql: string }[]): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
  )`)
  const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[])
  const applied: string[] = []
  for (const file of files) {
    if (done.has(file.name)) continue
    db.transaction(() => {
      db.exec(file.sql)
      db.prepare('INSERT INTO schema_migrations (name) VALUES (?)').run(file.name)
    })()
    applied.push(file.name)
  }
  return applied
}
