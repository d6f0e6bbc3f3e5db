/**
 * For the tests of one migration: an empty database of either engine, and the migrations that came before
 * it, so a test builds the database as an older server left it, writes rows, then runs the migration.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { withPgClient } from '../pg-client'
import { afterAll } from 'vitest'
import { migrate, openDatabase, openPostgres, type Engine, type OpenedDatabase } from '../../api/db'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean()
})

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/**
 * A database with nothing in it, closed after the file's tests: a SQLite file; for PostgreSQL, a new
 * database on the real server under `npm run test:postgres`, else PGlite in memory.
 */
export async function openEmptyDatabase(engine: Engine): Promise<OpenedDatabase> {
  if (engine === 'sqlite') {
    const opened = openDatabase(path.join(tempDir('gs-migration-'), 'app.db'))
    cleanups.push(() => opened.close())
    return opened
  }
  const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
  if (serverUrl) {
    const name = `gs_migration_${randomUUID().replaceAll('-', '')}`
    const admin = (statement: string) => withPgClient(serverUrl, (client) => client.query(statement))
    await admin(`CREATE DATABASE ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const opened = openDatabase(url.toString(), { poolSize: 1 })
    cleanups.push(async () => {
      await opened.close()
      await admin(`DROP DATABASE IF EXISTS ${name}`)
    })
    return opened
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { citext } = await import('@electric-sql/pglite/contrib/citext')
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres')
  const pglite = await PGlite.create({ extensions: { citext } })
  const opened = openPostgres({ ...createPgConfig(pglite) })
  cleanups.push(async () => {
    await opened.close()
    await pglite.close()
  })
  return opened
}

/**
 * A database as an older server left it, just before migration `number`: an empty database of the engine
 * with the earlier migrations run. The test writes its rows, then runs the rest with migrate(opened).
 */
export async function databaseBefore(engine: Engine, number: number): Promise<OpenedDatabase> {
  const opened = await openEmptyDatabase(engine)
  await migrate(opened, { before: number })
  return opened
}
