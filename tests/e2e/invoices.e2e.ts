/**
 * An invoice's life in a real Chromium: the admin writes it from a completed booking, prices and sends it;
 * the customer opens the link on a phone without logging in and sees what is due, printable at 320 px.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { logIn, readDatabase } from './own-server'
import { DESKTOP, NARROW, PHONE, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'invoices-e2e-shots')
fs.mkdirSync(shots, { recursive: true })
const shot = (name: string) => path.join(shots, name)

/** A call with the page's session and a fresh CSRF token, as the app makes it. */
async function call(page: Page, path: string, data?: unknown) {
  const { token } = await (await page.request.get('/api/token')).json()
  const res = await page.request.post(`/api/${path}`, { headers: { 'X-CSRFToken': token }, data })
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

async function loggedIn(browser: Browser, account: { email: string; password: string }) {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage()
  await logIn(page, account.email, account.password)
  return page
}

/** The customer books, the admin assigns the technician, who arrives and completes the job (no money taken). */
async function completedBooking(browser: Browser, admin: Page) {
  const customer = await loggedIn(browser, E2E.customer)
  const { id } = await call(customer, 'appointment/', {
    phone_number: '0803 123 4567',
    location: '3 Marina Road, Lagos Island',
    service: 'fumigation',
    date: lagosWeekday(2),
    time: '15:30',
    info: 'Invoice test',
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
    product_name: 'Cypermethrin 10% EC',
    quantity: 250,
    unit: 'ml',
    target_pest: 'Cockroaches',
    area: 'Kitchen',
    method: 'Spray',
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

test('the admin invoices a completed booking and sends it; the customer opens the link on a phone and sees what is due', async ({
  browser,
}) => {
  const admin = await loggedIn(browser, E2E.admin)
  const bookingId = await completedBooking(browser, admin)

  await admin.goto(`/admin/invoices?booking=${bookingId}`)
  await expect(admin.getByLabel('Booking number')).toHaveValue(String(bookingId))
  await admin.getByRole('button', { name: 'Write the draft' }).click()
  await expect(admin.getByRole('heading', { level: 1, name: /^Invoice INV-\d{4}-\d{4}$/ })).toBeVisible()
  const number = (await admin.getByRole('heading', { level: 1 }).textContent())!.replace('Invoice ', '')
  await expect(admin.getByLabel('Description').nth(1)).toHaveValue(/Cypermethrin 10% EC.*Cockroaches/)

  await admin.getByLabel('Unit price (₦)').first().fill('30,000')
  const preview = admin.getByRole('region', { name: 'Totals preview' })
  await expect(preview).toContainText('First-service offer (20%)')
  await expect(preview).toContainText('₦24,000.00')
  await admin.getByRole('button', { name: 'Save the draft' }).click()
  await expect(admin.getByText(`Invoice ${number} saved.`)).toBeVisible()
  await settled(admin)
  await admin.screenshot({ path: shot('admin-invoice-draft-desktop.png'), fullPage: true })
  await expectNoAxeViolations(admin, 'the admin’s draft invoice')

  await admin.getByRole('button', { name: 'Send to the customer' }).click()
  await expect(admin.getByText(new RegExp(`^Invoice ${number} sent to `))).toBeVisible()
  const link = (await admin.getByRole('link', { name: /\/i\/invoice\./ }).textContent())!
  await expect(admin.getByRole('form', { name: 'Record a payment' })).toBeVisible()
  await admin.screenshot({ path: shot('admin-invoice-sent-desktop.png'), fullPage: true })
  await admin.goto('/admin/invoices')
  await expect(admin.getByRole('row', { name: new RegExp(`${number}.*₦24,000\\.00.*Sent`) })).toBeVisible()
  await admin.screenshot({ path: shot('admin-invoices-desktop.png'), fullPage: true })
  // The back office on a phone: the list's cards and the invoice's page fit the width.
  await admin.setViewportSize(PHONE)
  await expect(admin.getByRole('list', { name: 'Invoices' })).toContainText('₦24,000.00')
  expect(await sidewaysOverflow(admin)).toBe(0)
  await admin.screenshot({ path: shot('admin-invoices-phone.png'), fullPage: true })
  await admin.getByRole('list', { name: 'Invoices' }).getByRole('link', { name: number }).click()
  await expect(admin.getByRole('form', { name: 'Record a payment' })).toBeVisible()
  await settled(admin)
  expect(await sidewaysOverflow(admin)).toBe(0)
  await admin.screenshot({ path: shot('admin-invoice-phone.png'), fullPage: true })

  // The customer, not logged in, on a phone.
  const phone = await (
    await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  ).newPage()
  await phone.goto(new URL(link).pathname)
  await expect(phone.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
  await expect(phone.getByText(/^Amount due: ₦24,000\.00 by /)).toBeVisible()
  await expect(phone.getByText('First-service offer (20%)')).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible()
  await settled(phone)
  await phone.screenshot({ path: shot('invoice-link-phone.png'), fullPage: true })
  await expectNoAxeViolations(phone, 'the invoice opened by its link')

  // The printable view at 320 px, as printed: nothing runs off the side.
  await phone.setViewportSize(NARROW)
  await phone.emulateMedia({ media: 'print' })
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.emulateMedia({ media: 'screen' })
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.screenshot({ path: shot('invoice-link-320.png'), fullPage: true })

  // A link that is not ours says so.
  await phone.goto('/i/invoice.1.99999999999.forged')
  await expect(
    phone.getByText('This link is not valid. Check it was copied whole, or ask us for a new one.'),
  ).toBeVisible()
})
