import path from 'node:path'
import { expect, type Browser, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { loggedIn, readDatabase } from './own-server'
import { SPRAY_TREATMENT } from '../treatment'

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** A call with the page's session and a fresh CSRF token, as the app makes it. */
export async function call(page: Page, path: string, data?: unknown) {
  const { token } = await (await page.request.get('/api/token')).json()
  const res = await page.request.post(`/api/${path}`, { headers: { 'X-CSRFToken': token }, data })
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

/**
 * A visit of the demo customer done through the API, as the app makes the calls: the customer books (a
 * working day two days on, at `time`), the admin assigns the technician, who arrives, records a spray and
 * completes the job (no money taken). Answers the booking's id.
 */
export async function completedVisit(
  browser: Browser,
  admin: Page,
  { time, info }: { time: string; info: string },
) {
  const customer = await loggedIn(browser, E2E.customer)
  const { id } = await call(customer, 'appointment/', {
    phone_number: '0803 123 4567',
    location: '3 Marina Road, Lagos Island',
    service: 'fumigation',
    date: lagosWeekday(2),
    time,
    info,
  })
  await customer.context().close()
  const [{ id: staffId }] = readDatabase<{ id: number }>(
    path.join(E2E.dataDir, 'app.db'),
    'SELECT id FROM users WHERE email = ?',
    E2E.staff.email,
  )
  await call(admin, `admins/bookings/${id}/assign/`, { staff_id: staffId })
  const staff = await loggedIn(browser, E2E.staff)
  const at = () => new Date().toISOString()
  await call(staff, `staff/jobs/${id}/events/`, { type: 'arrived', occurred_at: at() })
  await call(staff, `staff/jobs/${id}/treatments/`, {
    id: crypto.randomUUID(),
    ...SPRAY_TREATMENT,
    occurred_at: at(),
  })
  await call(staff, `staff/jobs/${id}/complete/`, {
    summary: 'Sprayed the kitchen.',
    recommendations: '',
    signer_name: 'Ada Customer',
    signature: SIGNATURE,
    payment: null,
    occurred_at: at(),
  })
  await staff.context().close()
  return id as number
}
