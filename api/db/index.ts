import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'

export type DB = Database.Database

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url))

/** Opens (creating if needed) the SQLite file with the pragmas every connection needs. */
export function openDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = NORMAL')
  // SQLite's LIKE and lower() fold only ASCII letters; names such as "Ọlá Adébáyọ̀" need JavaScript's Unicode folding.
  db.function('casefold', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  )
  return db
}

/** Applies every numbered .sql file not yet recorded, each in its own transaction. Returns the names applied. */
export function migrate(db: DB, dir = migrationsDir): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
  )`)
  const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[])
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d+.*\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  for (const file of files) {
    if (done.has(file)) continue
    const sql = fs.readFileSync(path.join(dir, file), 'utf8')
    db.transaction(() => {
      db.exec(sql)
      db.prepare('INSERT INTO schema_migrations (name) VALUES (?)').run(file)
    })()
    applied.push(file)
  }
  return applied
}
