/**
 * A quote's life in a real Chromium: the technician writes it on the job page with the server process
 * stopped (own-server.ts), it lands once when the server is back, the customer accepts it by its link on a
 * phone without logging in and pays the deposit on the invoice it became, and the admin sees that invoice.
 */
import { expect, test } from '@playwright/test'
import { E2E, screenshotsOf } from './env'
import { logIn, phonePage, readDatabase, serverForTheseTests, waitForWorker } from './own-server'
import { DESKTOP, NARROW, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'
import { payThroughSandbox } from './sandbox'

const server = serverForTheseTests('quotes', 1000)
const query = <T>(sql: string, ...params: unknown[]) => readDatabase<T>(server.dbFile, sql, ...params)
const shot = screenshotsOf('quotes')

test('a quote written offline on the job lands once, is accepted by link on a phone, and its invoice asks the deposit first', async ({
  browser,
}) => {
  const tech = await phonePage(browser, server.baseURL)
  await logIn(tech, E2E.staff.email, E2E.staff.password)
  await expect(tech).toHaveURL(/\/staff$/)
  await waitForWorker(tech)
  await expect(tech.getByText(/4 jobs saved on this phone/)).toBeVisible()

  // No network at all: the page and its service worker alike.
  await server.stop()
  await tech.reload()
  await tech.getByRole('link', { name: /^9:00 AM .*Ada Customer/ }).click()
  await expect(tech.getByRole('heading', { name: 'Ada Customer' })).toBeVisible()
  await tech.getByRole('button', { name: 'Write a quote' }).click()
  const form = tech.getByRole('form', { name: 'Write a quote' })
  await form.getByLabel('Description').fill('Termite treatment, whole house')
  await form.getByLabel('Unit price (₦)').fill('40,000')
  await form.getByRole('button', { name: 'Add a line' }).click()
  await form.getByLabel('Kind').nth(1).selectOption('callout')
  await form.getByLabel('Description').nth(1).fill('Call-out fee')
  await form.getByLabel('Unit price (₦)').nth(1).fill('5,000')
  await form.getByLabel(/^Deposit \(%\)/).fill('30')
  await expect(form.getByRole('region', { name: 'Quote total' })).toContainText('₦45,000.00')
  await form.getByRole('checkbox', { name: /Send to the customer now/ }).check()
  await settled(tech)
  expect(await sidewaysOverflow(tech)).toBe(0)
  await tech.screenshot({ path: shot('staff-quote-form-phone.png'), fullPage: true })
  await form.getByRole('button', { name: 'Save quote' }).click()
  await expect(tech.getByText(/Quote saved on this phone: it goes to the customer/)).toBeVisible()
  await expect(tech.getByText('Quote for ₦45,000.00, to the customer')).toBeVisible()
  expect(query('SELECT id FROM quotes')).toHaveLength(0)

  // Data again: it goes once.
  await server.start()
  await tech.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(tech.getByText('Quote for ₦45,000.00, to the customer')).toBeHidden({ timeout: 20_000 })
  await tech.reload()
  await tech.evaluate(() => window.dispatchEvent(new Event('online')))
  await tech.waitForTimeout(1000)
  const quotes = query<{ id: number; number: string; status: string; total_kobo: number }>(
    'SELECT id, number, status, total_kobo FROM quotes',
  )
  expect(quotes).toHaveLength(1)
  const [quote] = quotes
  expect(quote).toMatchObject({ status: 'Sent', total_kobo: 4_500_000 })
  expect(quote.number).toMatch(/^Q-\d{4}-0001$/)
  // The job page now lists it by its number and state, as the server has it.
  await expect(tech.getByText(`Quote ${quote.number} for ₦45,000.00`)).toBeVisible()
  await expect(tech.getByText('Sent', { exact: true })).toBeVisible()
  await tech.context().close()

  // The office reads it and the link to pass on.
  const admin = await (await browser.newContext({ baseURL: server.baseURL, viewport: DESKTOP })).newPage()
  await logIn(admin, E2E.admin.email, E2E.admin.password)
  await admin.goto('/admin/quotes')
  await expect(
    admin.getByRole('row', { name: new RegExp(`${quote.number}.*₦45,000\\.00.*Sent`) }),
  ).toBeVisible()
  await admin.getByRole('link', { name: quote.number }).first().click()
  const link = (await admin.getByRole('link', { name: /\/q\/quote\./ }).textContent())!
  await settled(admin)
  await admin.screenshot({ path: shot('admin-quote-sent-desktop.png'), fullPage: true })
  await expectNoAxeViolations(admin, 'the admin’s sent quote')

  // The customer, not logged in, on a phone.
  const phone = await phonePage(browser, server.baseURL)
  await phone.goto(new URL(link).pathname)
  await expect(phone.getByRole('heading', { level: 1, name: `Quote ${quote.number}` })).toBeVisible()
  await expect(phone.getByText(/Accepting asks a deposit of ₦13,500\.00 \(30%\)/)).toBeVisible()
  await settled(phone)
  await phone.screenshot({ path: shot('quote-link-phone.png'), fullPage: true })
  await expectNoAxeViolations(phone, 'the quote opened by its link')
  await phone.setViewportSize(NARROW)
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.screenshot({ path: shot('quote-link-320.png'), fullPage: true })

  await phone.getByRole('button', { name: 'Accept quote' }).click()
  await expect(phone.getByLabel('Your full name')).toBeFocused()
  await expect(phone.getByText('Type your name to accept')).toBeVisible()
  await phone.getByLabel('Your full name').fill('Ada Customer')
  await phone.getByRole('button', { name: 'Accept quote' }).click()
  await expect(phone.getByText(new RegExp(`^Quote ${quote.number} accepted by Ada Customer`))).toBeVisible()
  const pay = phone.getByRole('link', { name: /^Pay the ₦13,500\.00 deposit \(invoice INV-\d{4}-\d{4}\)$/ })
  await expect(pay).toBeVisible()
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.screenshot({ path: shot('quote-accepted-320.png'), fullPage: true })
  await expectNoAxeViolations(phone, 'the accepted quote')
  await pay.click()
  await expect(phone.getByRole('heading', { level: 1, name: /^Invoice INV-/ })).toBeVisible()
  // The work's own invoice (₦45,000, less the first-service offer if the customer still has it), the deposit first.
  await expect(phone.getByText(/^Amount due: ₦(45,000|36,000)\.00 by /)).toBeVisible()
  await expect(phone.getByText('The deposit of ₦13,500.00 you agreed on the quote is due now.')).toBeVisible()
  const due = Number(
    (await phone.getByText(/^Amount due: /).textContent())!.match(/₦([\d,]+)\.00/)![1].replace(/,/g, ''),
  )

  // The deposit through the sandbox gateway: the invoice owes the rest, and asks no deposit any more.
  await payThroughSandbox(phone, '₦13,500.00')
  await expect(phone.getByText('Payment of ₦13,500.00 received. Thank you!')).toBeVisible({ timeout: 20_000 })
  const rest = (due - 13_500).toLocaleString('en-NG')
  await expect(phone.getByText(new RegExp(`^Amount due: ₦${rest}\\.00 by `))).toBeVisible()
  await expect(phone.getByText(/deposit .* is due now/)).toHaveCount(0)
  await expect(phone.getByRole('button', { name: `Pay ₦${rest}.00` })).toBeVisible()
  expect(
    query<{ status: string; paid_kobo: number }>(
      'SELECT status, paid_kobo FROM invoices WHERE quote_id = ?',
      quote.id,
    ),
  ).toEqual([{ status: 'Part-paid', paid_kobo: 1_350_000 }])

  // Exactly one invoice, for the admin to see from the quote.
  expect(query('SELECT id FROM invoices WHERE quote_id = ?', quote.id)).toHaveLength(1)
  await admin.reload()
  await expect(admin.getByText(/^Invoice \(the deposit due first\):/)).toBeVisible()
  await admin.getByRole('link', { name: /^INV-\d{4}-\d{4}$/ }).click()
  await expect(admin.getByRole('heading', { level: 1, name: /^Invoice INV-/ })).toBeVisible()
  await expect(admin.getByText('Termite treatment, whole house').first()).toBeVisible()
  await expect(admin.getByText('Part-paid').first()).toBeVisible()

  // The visit, with no signal again: the technician takes the rest in cash and completes the job offline.
  const visit = await phonePage(browser, server.baseURL)
  await logIn(visit, E2E.staff.email, E2E.staff.password)
  await waitForWorker(visit)
  await expect(visit.getByText(/4 jobs saved on this phone/)).toBeVisible()
  await server.stop()
  await visit.reload()
  await visit.getByRole('link', { name: /^9:00 AM .*Ada Customer/ }).click()
  await visit.getByRole('button', { name: 'On my way' }).click()
  await visit.getByRole('button', { name: 'Arrived' }).click()
  await visit.getByRole('button', { name: 'Start job' }).click()
  await visit.getByRole('button', { name: 'Complete job' }).click()
  await visit.getByLabel('Summary').fill('Termite treatment of the whole house as quoted.')
  await visit.getByLabel('Customer name').fill('Ada Customer')
  await visit.getByRole('checkbox', { name: 'Customer could not sign' }).check()
  await visit.getByLabel('Reason').fill('Hands full; agreed by phone')
  await visit.getByRole('checkbox', { name: 'Payment received' }).check()
  await visit.getByLabel('Amount (₦)').fill(rest)
  await visit.getByLabel('Paid by').selectOption('cash')
  await visit.getByRole('button', { name: 'Complete job' }).click()
  await expect(visit.getByText('Completed · waiting to sync').first()).toBeVisible()
  expect(query('SELECT id FROM invoice_payments WHERE source = ?', 'on_site')).toHaveLength(0)

  // Signal again: the cash lands once, on the invoice the quote became, which is now paid.
  await server.start()
  await visit.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(visit.getByText('waiting to sync')).toHaveCount(0, { timeout: 20_000 })
  await visit.reload()
  await visit.evaluate(() => window.dispatchEvent(new Event('online')))
  await visit.waitForTimeout(1000)
  expect(
    query<{ source: string; method: string; amount_kobo: number }>(
      'SELECT ip.source, ip.method, ip.amount_kobo FROM invoice_payments ip JOIN invoices i ON i.id = ip.invoice_id WHERE i.quote_id = ? ORDER BY ip.id',
      quote.id,
    ),
  ).toEqual([
    { source: 'gateway', method: expect.any(String), amount_kobo: 1_350_000 },
    { source: 'on_site', method: 'cash', amount_kobo: (due - 13_500) * 100 },
  ])
  expect(query('SELECT status FROM invoices WHERE quote_id = ?', quote.id)).toEqual([{ status: 'Paid' }])
  await visit.context().close()
  await phone.reload()
  await expect(phone.getByText('Paid in full. Thank you!')).toBeVisible()
})
