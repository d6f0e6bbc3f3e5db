// More instances of the API over a test's database, as more processes behind the load balancer would be.
import { createApp } from '../../api/app'
import type { AppConfig } from '../../api/config'
import type { Database } from '../../api/db'
import { createGateway, type Gateway } from '../../api/payments'
import type { Client, TestContext } from './helpers'
import { testEngine } from './test-database'

/** A second instance of the API over the same database (another process behind the load balancer). */
export const secondInstance = (t: TestContext) =>
  createApp({ db: t.db, config: { ...t.config }, gateway: createGateway(t.config) })

/**
 * Another instance of the API for a race between two. On a PostgreSQL server it opens a second pool, as a
 * second instance would; SQLite and PGlite run both apps over the one connection, whose one writer
 * serialises them. `close()` ends the second pool, if one was opened.
 */
export function racingInstance(
  t: TestContext,
  gatewayFor: (config: AppConfig, db: Database) => Gateway = (config) => createGateway(config),
) {
  const second = testEngine === 'postgres' && process.env.TEST_DB === 'postgres' ? t.connectAgain() : null
  const db = second?.db ?? t.db
  return {
    app: createApp({ db, config: t.config, gateway: gatewayFor(t.config, db) }),
    db,
    close: async () => {
      await second?.close()
    },
  }
}

/** The same logged-in browser on a racingInstance(): its cookies and a fresh CSRF token go along. */
export async function onRacingInstance(t: TestContext, client: Client) {
  const instance = racingInstance(t)
  await client.fetchToken()
  return { client: client.onInstance(instance.app), close: instance.close }
}
