/**
 * npx tsx tests/bench/kill-burst.ts — issue item 1's measurement: 200 bookings posted to the real
 * server (a child process) with an Idempotency-Key each, four of them slow uploads stuck mid-body,
 * the server SIGKILLed in the middle of the burst and restarted on the same database. Every post
 * that got no 2xx is then resent with its own key, as the outbox does (409 "in progress" = wait and
 * retry), for at most RETRY_FOR_MS. Prints how many of the 200 bookings exist, and how many twice.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'
import { freePort, killHard, LiveClient, sendHalfRequest, startLiveServer } from '../api/live-server'

const POSTS = 200
const SLOW = 4
const RETRY_FOR_MS = Number(process.env.RETRY_FOR_MS ?? 90_000)
const date = todayIso(new Date(Date.now() + 3 * 86_400_000), BUSINESS_TIME_ZONE)
const booking = (i: number) => ({
  phone_number: '08031234567',
  location: `${i} Allen Avenue, Ikeja`,
  service: 'cleaning',
  date,
  time: '09:00',
  info: `burst ${i}`,
})

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-burst-'))
const port = await freePort()
let server = await startLiveServer(dir, port)
const phone = new LiveClient(server)
await phone.login()
const keys = Array.from({ length: POSTS }, () => crypto.randomUUID())
const done = new Set<number>()

const post = async (i: number) => {
  try {
    const res = await phone.request('POST', 'appointment/', booking(i), { 'Idempotency-Key': keys[i] })
    if (res.status === 201) done.add(i)
  } catch {
    // connection reset by the kill: the answer is lost, the outbox keeps the entry
  }
}

// The slow uploads: headers and half the body, then silence (a phone on a patchy link).
const slow = new Set(Array.from({ length: SLOW }, (_, n) => Math.floor(((n + 1) * POSTS) / (SLOW + 2))))
const sockets = []
for (const i of slow) {
  sockets.push(
    await sendHalfRequest(
      server,
      'appointment/',
      { Cookie: phone.cookieHeader, 'X-CSRFToken': phone.csrf, 'Idempotency-Key': keys[i] },
      JSON.stringify(booking(i)),
    ),
  )
}
// The burst: 10 at a time; the server is killed once half of them went out.
const inFlight: Promise<void>[] = []
for (let i = 0; i < POSTS; i++) {
  if (i === POSTS / 2 + 5) await killHard(server) // posts 100..104 are on the wire right now
  if (slow.has(i)) continue
  inFlight.push(post(i))
  if (i % 10 === 9) await Promise.all(inFlight.slice(-10))
}
await Promise.all(inFlight)
console.log(`answered 2xx before the restart: ${done.size}; server exit: ${server.child.signalCode}`)
for (const s of sockets) s.destroy()
if (server.child.exitCode === null && !server.child.signalCode) await killHard(server)

server = await startLiveServer(dir, port)
phone.server = server
const deadline = Date.now() + RETRY_FOR_MS
let pending = [...Array(POSTS).keys()].filter((i) => !done.has(i))
console.log(`after the kill: ${pending.length} posts without a 2xx answer; the outbox resends them`)
while (pending.length && Date.now() < deadline) {
  for (const i of pending) await post(i)
  pending = pending.filter((i) => !done.has(i))
  if (pending.length) await new Promise((r) => setTimeout(r, 2_000))
}
await killHard(server)

const db = new Database(path.join(dir, 'app.db'), { readonly: true })
const rows = db
  .prepare("SELECT info, COUNT(*) AS n FROM bookings WHERE info LIKE 'burst %' GROUP BY info")
  .all() as { info: string; n: number }[]
db.close()
fs.rmSync(dir, { recursive: true, force: true })
const kept = rows.length
const twice = rows.filter((r) => r.n > 1).length
console.log(`bookings kept: ${kept} of ${POSTS}; booked twice: ${twice}; still refused: ${pending.length}`)
process.exit(kept === POSTS && twice === 0 ? 0 : 1)
