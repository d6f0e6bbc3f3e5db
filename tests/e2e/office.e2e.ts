/**
 * The office hears the field: a customer books an emergency call-out, the admin assigns the technician,
 * the technician marks the job "Unable to complete" with a reason on their phone, and the admin sees the
 * reason, the emergency flag and the bell's count in the back office.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { BUSINESS_TIME_ZONE, addDays, todayIso } from '../../contract/dates'
import { E2E } from './env'
import { logIn } from './own-server'

const shots = new URL('./screenshots/', import.meta.url).pathname
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
const REASON = 'Gate locked, the security man would not let us in'

/** A call made with the page's own session and CSRF token, as the app makes it. */
async function call(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
) {
  const { token } = await (await page.request.get('/api/token')).json()
  const res = await page.request.fetch(`/api/${path}`, {
    method,
    headers: { 'X-CSRFToken': token, ...headers },
    data,
  })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

async function loggedIn(browser: Browser, account: { email: string; password: string }, phone = false) {
  const context = await browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP },
  )
  const page = await context.newPage()
  await logIn(page, account.email, account.password)
  return page
}

test('a technician’s “unable” reaches the admin: reason, emergency flag and the bell’s count', async ({
  browser,
}) => {
  // The customer books for 9 PM, outside the working hours on any day: an emergency call-out.
  const customer = await loggedIn(browser, E2E.customer)
  const date = addDays(todayIso(new Date(), BUSINESS_TIME_ZONE), 2)
  const booked = await call(customer, 'POST', 'appointment/', {
    phone_number: '0803 123 4567',
    location: '12 Emergency Close, Surulere',
    service: 'fumigation',
    date,
    time: '21:00',
    info: 'Snakes in the compound',
  })
  expect(booked.emergency).toBe(true)

  const admin = await loggedIn(browser, E2E.admin)
  const users = (await call(admin, 'GET', 'get/users/')) as { id: number; username: string; role: string }[]
  const staff = users.find((u) => u.username === E2E.staff.email)!
  await call(admin, 'POST', `admins/bookings/${booked.id}/assign/`, { staff_id: staff.id })

  // The technician's phone: the job card and the job page flag the emergency; they cannot do it.
  const tech = await loggedIn(browser, E2E.staff, true)
  await expect(tech).toHaveURL(/\/staff$/)
  const card = tech.getByRole('listitem').filter({ hasText: '12 Emergency Close, Surulere' })
  await expect(card.getByText('Emergency call-out')).toBeVisible()
  await tech.screenshot({ path: `${shots}office-job-sheet-phone.png`, fullPage: true })
  await card.getByRole('link').click()
  await expect(tech.getByText('The customer was promised a response within 2 to 4 hours.')).toBeVisible()
  await tech.screenshot({ path: `${shots}office-job-emergency-phone.png`, fullPage: true })
  await tech.getByRole('button', { name: 'Unable to complete' }).click()
  await tech.getByLabel('Why can the job not be completed?').fill(REASON)
  await tech.getByRole('button', { name: 'Unable to complete' }).click()
  // Sent (not "waiting to sync"): the server has it.
  await expect
    .poll(async () => {
      const list = (await call(admin, 'GET', 'appointment/')) as { id: number; needs_attention: boolean }[]
      return list.find((b) => b.id === booked.id)?.needs_attention
    })
    .toBe(true)

  // The back office: the bell counts the unread alerts, and the list has the technician's reason.
  await admin.goto('/admin')
  const bell = admin.getByRole('button', { name: /^Notifications/ })
  const unreadNow = async () => Number(/(\d+)\s*unread/.exec((await bell.textContent()) ?? '')?.[1] ?? 0)
  // The device's saved copy shows first; the server's list follows: the emergency call-out and the job
  // that needs attention.
  await expect.poll(unreadNow).toBeGreaterThanOrEqual(2)
  const unread = await unreadNow()
  await expect(bell).toHaveAccessibleName(`Notifications ${unread} unread`)
  await bell.click()
  const dialog = admin.getByRole('dialog', { name: 'Notifications' })
  await expect(dialog.getByText('Job Needs Attention', { exact: false }).first()).toBeVisible()
  await expect(dialog.getByText(REASON, { exact: false })).toBeVisible()
  await admin.screenshot({ path: `${shots}office-bell-desktop.png` })
  await admin.setViewportSize(PHONE)
  await admin.screenshot({ path: `${shots}office-bell-phone.png` })
  await admin.setViewportSize(DESKTOP)
  await dialog.getByRole('button', { name: 'Mark as read' }).first().click()
  await expect(admin.getByRole('button', { name: `Notifications ${unread - 1} unread` })).toBeAttached()
  await admin.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(admin.getByRole('button', { name: /^Notifications/ })).toBeFocused()

  await admin.goto('/admin/bookings')
  const row = admin.getByRole('row').filter({ hasText: REASON })
  await expect(row.getByText('Needs attention')).toBeVisible()
  await expect(row.getByText('Emergency call-out')).toBeVisible()
  await expect(row.getByRole('button', { name: 'reschedule' })).toBeVisible()
  await expect(row.getByRole('button', { name: 'reassign' })).toBeVisible()
  await expect(row.getByRole('button', { name: 'Mark as completed' })).toHaveCount(0)
  await row.getByRole('button', { name: 'view' }).click()
  const details = admin.getByRole('dialog', { name: 'Ada Customer' })
  await expect(details.getByText(REASON)).toBeVisible()
  await expect(details.getByText('Emergency call-out')).toBeVisible()
  await admin.screenshot({ path: `${shots}office-booking-details-desktop.png` })
  await admin.keyboard.press('Escape')
  // Every column fits a 1366 px laptop: the reason wraps, nothing is cut off at the right.
  const table = admin.getByRole('table')
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0)
  await admin.getByRole('combobox', { name: 'Filter by status' }).selectOption('attention')
  await admin.screenshot({ path: `${shots}office-bookings-desktop.png`, fullPage: true })
  await admin.setViewportSize(PHONE)
  const phoneCard = admin
    .getByRole('list', { name: 'Bookings' })
    .getByRole('listitem')
    .filter({ hasText: REASON })
  await expect(phoneCard.getByText('Needs attention')).toBeVisible()
  await expect(admin.getByRole('button', { name: /^Notifications/ })).toBeVisible()
  await admin.screenshot({ path: `${shots}office-bookings-phone.png`, fullPage: true })

  // Rescheduled by the admin: no longer waiting on them.
  await admin.setViewportSize(DESKTOP)
  await row.getByRole('button', { name: 'reschedule' }).click()
  const move = admin.getByRole('dialog', { name: 'Reschedule booking' })
  await move.getByLabel('New time').fill('10:00')
  await move.getByRole('button', { name: 'Save new time' }).click()
  await expect(admin.getByRole('status').filter({ hasText: 'Booking rescheduled' })).toBeVisible()
  await expect(admin.getByText('No bookings found')).toBeVisible()

  // Money the technician takes on site shows on the dashboard, apart from the balance.
  const jobs = (await call(tech, 'GET', 'staff/jobs/')) as { id: number; job_status: string }[]
  const other = jobs.find((j) => j.id !== booked.id && j.job_status === 'assigned')!
  const now = () => new Date().toISOString()
  const key = () => ({ 'Idempotency-Key': crypto.randomUUID() })
  await call(tech, 'POST', `staff/jobs/${other.id}/events/`, { type: 'arrived', occurred_at: now() }, key())
  await call(
    tech,
    'POST',
    `staff/jobs/${other.id}/complete/`,
    {
      summary: 'Sprayed the kitchen',
      signer_name: 'Ada Customer',
      signature_refused_reason: 'Travelling; the gateman let us in',
      payment: { amount: 25000, method: 'pos', reference: 'POS-778' },
      occurred_at: now(),
    },
    key(),
  )
  const balance = (await call(admin, 'GET', 'get/balance/')).balance as number
  await admin.goto('/admin')
  await expect(admin.getByText(/^Taken on site, /)).toBeVisible()
  await expect(admin.getByText('₦25,000.00').first()).toBeVisible()
  const payments = admin.getByRole('list', { name: 'Payments taken on site' })
  await expect(payments).toContainText('POS · Ref POS-778 · taken by')
  expect((await call(admin, 'GET', 'get/balance/')).balance).toBe(balance)
  await admin.screenshot({ path: `${shots}office-dashboard-desktop.png`, fullPage: true })
  await admin.setViewportSize(PHONE)
  await admin.screenshot({ path: `${shots}office-dashboard-phone.png`, fullPage: true })

  for (const page of [customer, admin, tech]) await page.context().close()
})
