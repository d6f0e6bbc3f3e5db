import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import type { CompiledQuery } from 'kysely'
import type pg from 'pg'
import type { Product } from '../../contract/catalogue.js'
import type { Database } from '../db/index.js'
import { listen, type Listener, type ListenTimings } from '../db/listen.js'
import { listProducts, toProduct } from './catalogue.js'

type Bytes = Uint8Array<ArrayBuffer>
/** A copy on its own ArrayBuffer, as Response bodies want. */
const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer)

/** The catalogue answer (GET add/products/), built once per catalogue version, with its compressed copies. */
export interface CatalogueAnswer {
  version: number
  etag: string
  json: Bytes
  br: Bytes
  gzip: Bytes
}

/** The channel PostgreSQL's products trigger notifies, with the new catalogue_version as payload (028). */
export const CATALOGUE_CHANNEL = 'catalogue_changed'

/**
 * One cached answer per database (tests open many). Its truth is catalogue_version: the triggers of
 * migration 001 (each engine's own) bump it on every write to products, whoever makes it
 * (admin edits, settlement's stock, another instance on the same database).
 *
 * Without a listener (SQLite, PGlite, or a PostgreSQL listener not connected) every request reads the
 * counter: one indexed row, a local call on SQLite. With a listener on PostgreSQL (watchCatalogue), the
 * counter is read only after something says the catalogue may have changed, counted in `changes`:
 * - another writer's commit: its trigger's NOTIFY arrives on the listener;
 * - a write on this instance: the code that wrote calls catalogueWritten() after its commit, because the
 *   NOTIFY of that commit can arrive a moment after the writer's next request (an admin saves a product
 *   and the list they are sent back to must show it);
 * - the listener (re)connecting: what was notified while it was away is lost.
 */
interface Entry {
  /** Built and compiled once: it runs on every catalogue request that must check. */
  versionQuery: CompiledQuery<{ version: number }>
  answer?: CatalogueAnswer
  building?: { version: number; answer: Promise<CatalogueAnswer> }
  /** Signs of change counted so far (see above). */
  changes: number
  /** `changes` as it stood before the latest counter read that `answer` is at least as new as. */
  checked: number
  /** A listener has LISTEN in place: another writer's change would be heard. */
  listening: boolean
}

const caches = new WeakMap<Database, Entry>()

function entryOf(db: Database): Entry {
  let entry = caches.get(db)
  if (!entry) {
    const versionQuery = db.selectFrom('catalogue_version').select('version').where('id', '=', 1).compile()
    caches.set(db, (entry = { versionQuery, changes: 0, checked: -1, listening: false }))
  }
  return entry
}

/** The catalogue answer for `db`: from memory while nothing can have changed, rebuilt when it has. */
export async function catalogueAnswer(db: Database): Promise<CatalogueAnswer> {
  const entry = entryOf(db)
  // Nothing heard and nothing written here since the last check: no query at all.
  if (entry.listening && entry.answer && entry.checked === entry.changes) return entry.answer
  const changes = entry.changes
  const [{ version }] = (await db.executeQuery(entry.versionQuery)).rows
  let answer = entry.answer
  // An answer of that version, or a newer one (another request read the counter after this one did).
  if (!answer || answer.version < version) {
    // Requests that read the same version during a rebuild share it rather than each compressing the
    // list; a newer version starts its own (the one in flight may predate the edit this caller just made).
    if (entry.building?.version !== version) {
      const building = { version, answer: buildAnswer(db, version) }
      entry.building = building
      void building.answer
        .finally(() => {
          if (entry.building === building) entry.building = undefined
        })
        .catch(() => {})
    }
    answer = await entry.building.answer
    // Versions only grow: an answer built from an older count never replaces a newer one.
    if (!entry.answer || entry.answer.version < answer.version) entry.answer = answer
  }
  // The counter was read after `changes` was counted, and entry.answer is at least that version: it
  // shows every change counted up to then.
  entry.checked = Math.max(entry.checked, changes)
  return answer
}

/**
 * Says the products changed on this instance; called by whatever writes products, after its commit
 * (the write is visible, its NOTIFY may not have arrived yet). Leaving it out costs only that moment:
 * the NOTIFY still comes.
 */
export function catalogueWritten(db: Database) {
  const entry = caches.get(db)
  if (entry) entry.changes++
}

/**
 * Listens on PostgreSQL for catalogue changes made anywhere (this instance or another), so that
 * catalogueAnswer(db) need not read the counter on each request. `connectAlone` opens the listener's own
 * connection (OpenedDatabase.connectAlone). Stop it before closing the database.
 */
export function watchCatalogue(
  db: Database,
  connectAlone: (config: pg.ClientConfig) => pg.Client,
  timings?: Partial<ListenTimings>,
): Listener {
  const entry = entryOf(db)
  return listen(
    connectAlone,
    CATALOGUE_CHANNEL,
    {
      onListening: () => {
        // Changes notified while nobody listened are lost: the next request reads the counter once.
        entry.changes++
        entry.listening = true
      },
      onLost: () => {
        entry.listening = false
      },
      onNotification: (payload) => {
        const version = Number(payload)
        // This instance's own writes are usually checked before their notification arrives.
        if (entry.answer && Number.isFinite(version) && entry.answer.version >= version) return
        entry.changes++
      },
    },
    timings,
  )
}

/**
 * The version is read before the products: a write between the two makes the list newer than its
 * label, which only costs one more rebuild on the next request, never a stale list kept as current.
 */
async function buildAnswer(db: Database, version: number): Promise<CatalogueAnswer> {
  const rows = await listProducts(db)
  const json = bytes(Buffer.from(JSON.stringify(rows.map(toProduct) satisfies Product[])))
  return {
    version,
    // Weak: the same list goes out as brotli, gzip or plain bytes.
    etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    json,
    br: bytes(zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })),
    gzip: bytes(zlib.gzipSync(json, { level: 9 })),
  }
}
