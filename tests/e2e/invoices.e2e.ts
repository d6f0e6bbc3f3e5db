/**
 * An invoice's life in a real Chromium: the admin writes it from a completed booking, prices and sends it;
 * the customer opens the link on a phone without logging in and sees what is due, printable at 320 px.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E, screenshotsOf } from './env'
import { loggedIn } from './own-server'
import { completedVisit } from './visits'
import { NARROW, PHONE, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'

const shot = screenshotsOf('invoices')

/** The customer's visit, completed by the technician, for the admin to invoice. */
const completedBooking = (browser: Browser, admin: Page) =>
  completedVisit(browser, admin, { time: '15:30', info: 'Invoice test' })

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
