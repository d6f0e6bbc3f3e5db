import { randomBytes } from 'node:crypto'
import type { Database } from '../db/index.js'

const cache = new WeakMap<Database, Map<string, Buffer>>()

/**
 * A named HMAC key generated on first use and kept in the database (server_secrets), so restarts and several
 * instances over one database sign and check alike without any setup. Whichever instance asks first writes
 * it; the others read the stored one.
 */
export async function serverSecret(db: Database, name: string): Promise<Buffer> {
  let byName = cache.get(db)
  if (!byName) cache.set(db, (byName = new Map()))
  const known = byName.get(name)
  if (known) return known
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow()
  const secret = Buffer.from(row.value)
  byName.set(name, secret)
  return secret
}
