import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, it } from 'vitest'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'
import {
  freePort,
  killHard,
  LiveClient,
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
  const body = JSON.stringify({
    phone_number: '08031234567',
    location: '12 Allen Avenue, Ikeja',
    service: 'fumigation',
    date: todayIso(new Date(Date.now() + 3 * 86_400_000), BUSINESS_TIME_ZONE),
    time: '10:00',
    info: 'Two-bedroom flat',
  })
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

// Issue: the answer was stored after the handler's commit; a kill in between left the booking made and
// its key unanswered, and the phone's retry after the lease booked a second time.
it('a booking whose server was killed right after it committed is answered, not booked again, when the phone resends it', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-kill-'))
  const port = await freePort()
  server = await startLiveServer(dir, port, { NODE_ENV: 'test', TEST_CRASH_AFTER_HANDLER: '1' })
  const phone = new LiveClient(server)
  await phone.login()

  const key = crypto.randomUUID()
  const body = {
    phone_number: '08031234567',
    location: '14 Allen Avenue, Ikeja',
    service: 'fumigation',
    date: todayIso(new Date(Date.now() + 3 * 86_400_000), BUSINESS_TIME_ZONE),
    time: '11:00',
    info: 'Two-bedroom flat',
  }
  // The server dies before it answers: the phone sees a dropped connection and keeps the booking queued.
  await expect(phone.request('POST', 'appointment/', body, { 'Idempotency-Key': key })).rejects.toThrow()
  await killHard(server) // dead by its own hand already: only waits for the exit

  // The lease has run out by the time the phone resends (as after 60 s).
  const file = path.join(dir, 'app.db')
  const db = new Database(file)
  db.prepare('UPDATE idempotency_keys SET lease_until = ? WHERE key = ?').run(Date.now() - 1, key)
  db.close()

  server = await startLiveServer(dir, port)
  phone.server = server
  const resend = await phone.request('POST', 'appointment/', body, { 'Idempotency-Key': key })
  expect(resend.status).toBe(201)
  expect(resend.headers.get('Idempotent-Replayed')).toBe('true')
  expect(resend.body.message).toMatch(/has been booked/)

  const check = new Database(file, { readonly: true })
  const bookings = check
    .prepare("SELECT COUNT(*) FROM bookings WHERE location = '14 Allen Avenue, Ikeja'")
    .pluck()
    .get()
  check.close()
  expect(bookings).toBe(1)
})
