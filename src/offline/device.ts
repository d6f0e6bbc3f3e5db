/**
 * What the page knows about this device's saved data without opening the database (Dexie is ~28 kB and
 * opening it costs a slow phone a noticeable moment): the database's name, whether it exists yet, and
 * whether this page has loaded it anyway.
 */
export const DATABASE_NAME = 'greenshield'

/** False on a first visit (nothing saved, nothing queued); true when unsure (no indexedDB.databases()). */
export async function hasSavedData(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true
  const names = await indexedDB.databases().then(
    (list) => list.map((d) => d.name),
    () => null,
  )
  return names === null || names.includes(DATABASE_NAME)
}

let loaded = false
const onLoaded = new Set<() => void>()

/** Called by db.ts as it loads: from then on the page uses the database anyway (something was queued). */
export function markDatabaseLoaded() {
  loaded = true
  for (const run of onLoaded) run()
  onLoaded.clear()
}

/**
 * True when the page may use the database now without costing a first visit anything: this page loaded
 * it already, or the device has saved data from a previous visit.
 */
export const isDatabaseInUse = async (): Promise<boolean> => loaded || hasSavedData()

/**
 * Runs `then` once the device has saved data (a previous visit) or this page loads the database; returns
 * a function that cancels the wait. The database's own furniture (outbox badge, storage persistence)
 * waits for this, so a first visit never loads Dexie just to learn there is nothing to show.
 */
export function whenDatabaseInUse(then: () => void): () => void {
  let cancelled = false
  const run = () => {
    if (!cancelled) then()
    cancelled = true
  }
  if (loaded) run()
  else {
    onLoaded.add(run)
    void hasSavedData().then((saved) => saved && run())
  }
  return () => {
    cancelled = true
    onLoaded.delete(run)
  }
}
