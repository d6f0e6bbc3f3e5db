import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import {
  freePort,
  killHard,
  LiveClient,
  liveBooking,
  sendHalfRequest,
  startLiveServer,
  type LiveServer,
} from './live-server'

let server: LiveServer | null = null
let dir = ''
afterEach(async () => {
  if (server) await killHard(server)
  server = null
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

// Issue: a booking cut off mid-body by a crash was refused with 409 for ever after the restart.
it('a booking whose body was cut off by a server kill is booked once when the phone resends it', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-kill-'))
  const port = await freePort()
  server = await startLiveServer(dir, port)
  const phone = new LiveClient(server)
  await phone.login()

  const key = crypto.randomUUID()
  const body = liveBooking('12 Allen Avenue, Ikeja', 'Two-bedroom flat')
  const socket = await sendHalfRequest(
    server,
    'appointment/',
    { Cookie: phone.cookieHeader, 'X-CSRFToken': phone.csrf, 'Idempotency-Key': key },
    body,
  )
  // Let the server parse the headers and run its middleware up to the body read.
  await new Promise((r) => setTimeout(r, 400))
  await killHard(server)
  socket.destroy()

  server = await startLiveServer(dir, port)
  phone.server = server
  const resend = await phone.request('POST', 'appointment/', JSON.parse(body), { 'Idempotency-Key': key })
  expect(resend.status).toBe(201)
  const again = await phone.request('POST', 'appointment/', JSON.parse(body), { 'Idempotency-Key': key })
  expect(again.status).toBe(201)
  expect(again.body).toEqual(resend.body)

  const db = new Database(path.join(dir, 'app.db'), { readonly: true })
  const bookings = db
    .prepare("SELECT COUNT(*) FROM bookings WHERE location = '12 Allen Avenue, Ikeja'")
    .pluck()
    .get()
  db.close()
  expect(bookings).toBe(1)
})
