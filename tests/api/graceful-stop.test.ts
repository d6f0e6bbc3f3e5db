import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import {
  freePort,
  killHard,
  LIVE_CUSTOMER,
  LiveClient,
  liveBooking,
  sendHalfRequest,
  startLiveServer,
  stopBySignal,
  type LiveServer,
} from './live-server'
import { LocalSmtp } from './mail-fakes'

// A deploy or restart sends SIGTERM to a server that may be answering requests and sending messages.

const smtp = new LocalSmtp()
beforeAll(() => smtp.start())
afterAll(() => smtp.stop())

let server: LiveServer | null = null
let dir = ''
afterEach(async () => {
  if (server) await killHard(server)
  server = null
  smtp.mails = []
  smtp.holdMs = 0
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function start(env: Record<string, string> = {}) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-stop-'))
  server = await startLiveServer(dir, await freePort(), env)
  return server
}

function readDb<T>(query: (db: Database.Database) => T): T {
  const db = new Database(path.join(dir, 'app.db'), { readonly: true })
  try {
    return query(db)
  } finally {
    db.close()
  }
}

/** Nothing went wrong on the way down: no closed database under a running task, no unhandled error. */
function expectCleanStop(s: LiveServer, ended: { code: number | null; signal: NodeJS.Signals | null }) {
  expect(ended).toEqual({ code: 0, signal: null })
  expect(s.stderr()).not.toMatch(/destroyed|unhandled|error|failed/i)
  expect(s.stdout()).toMatch(/^Stopped$/m)
}

it('an email being handed to the mail server at SIGTERM is sent and recorded before the server exits', async () => {
  const s = await start({ SMTP_URL: smtp.url })
  // The mail server takes its time to accept the message: the stop comes while the sender waits for it.
  smtp.holdMs = 1500
  const visitor = new LiveClient(s)
  visitor.csrf = (await visitor.request('GET', 'token')).body.token
  expect((await visitor.request('POST', 'password-reset/', { email: LIVE_CUSTOMER.email })).status).toBe(200)
  await smtp.waitFor(LIVE_CUSTOMER.email, 10_000)

  const ended = await stopBySignal(s)
  const rows = readDb((db) =>
    db
      .prepare('SELECT template, status, attempts FROM message_queue WHERE recipient = ?')
      .all(LIVE_CUSTOMER.email),
  )
  // Sent once and known to be sent: not left claimed for another instance to send again in 10 minutes.
  expect(rows).toEqual([{ template: 'password_reset', status: 'sent', attempts: 1 }])
  expect(smtp.mails).toHaveLength(1)
  expectCleanStop(s, ended)
})

it('a request in flight at SIGTERM is answered while new connections are refused', async () => {
  const s = await start()
  const phone = new LiveClient(s)
  await phone.login()
  const body = liveBooking('7 Awolowo Road, Ikoyi', 'Three-bedroom flat')
  // A phone on a slow network: half the booking is sent when the deploy stops the server.
  const socket = await sendHalfRequest(
    s,
    'appointment/',
    { Cookie: phone.cookieHeader, 'X-CSRFToken': phone.csrf },
    body,
  )
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  const socketClosed = new Promise((resolve) => socket.once('close', resolve))
  await new Promise((r) => setTimeout(r, 300))
  const ended = stopBySignal(s)
  await new Promise((r) => setTimeout(r, 300))

  // The server no longer listens (a load balancer moves new visitors to another instance)...
  await expect(fetch(s.url('token'))).rejects.toThrow()
  expect(s.child.exitCode).toBeNull()
  // ...but the booking under way gets its answer, and the connection is closed after it.
  socket.write(body.slice(Math.floor(body.length / 2)))
  await socketClosed
  expect(answer).toMatch(/^HTTP\/1\.1 201 /)
  expectCleanStop(s, await ended)
  const bookings = readDb((db) =>
    db.prepare("SELECT COUNT(*) FROM bookings WHERE location = '7 Awolowo Road, Ikoyi'").pluck().get(),
  )
  expect(bookings).toBe(1)
})
