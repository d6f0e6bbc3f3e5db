import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E } from './env'
import { NARROW, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'
import { payThroughSandbox } from './sandbox'

const shot = (name: string) => `tests/e2e/screenshots/invoices-pay-${name}.png`
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 900 }

/** A call of the back office's, with its session and CSRF token. */
async function call(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const { token } = await (await request.get('/api/token')).json()
  const res = await request.fetch(`/api/${path}`, { method, headers: { 'X-CSRFToken': token }, data })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

test('the customer opens the invoice link on a phone, pays part then the rest through the sandbox, and sees Paid', async ({
  browser,
  playwright,
}) => {
  const office = await playwright.request.newContext({ baseURL: E2E.baseURL })
  await call(office, 'POST', 'login/', { username: E2E.admin.email, password: E2E.admin.password })
  const users = (await call(office, 'GET', 'get/users/')) as { id: number; username: string }[]
  const customer = users.find((u) => u.username === E2E.customer.email)!
  const made = await call(office, 'POST', 'admins/invoices/', {
    customerId: customer.id,
    lines: [{ kind: 'material', description: 'Cockroach gel bait, 30 g', quantity: 2, unitPrice: 12500 }],
  })
  const sent = await call(office, 'POST', `admins/invoices/${made.invoice.id}/send/`)
  const link: string = sent.invoice.link
  const number: string = sent.invoice.number

  // The same page on a desktop first, for the record.
  const desk = await browser.newPage({ viewport: DESKTOP })
  await desk.goto(link)
  await expect(desk.getByLabel('Amount to pay (₦)')).toHaveValue('25,000')
  await desk.screenshot({ path: shot('desktop'), fullPage: true })
  await desk.close()

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
  await expect(page.getByText('Amount due: ₦25,000.00')).toBeVisible()
  const amount = page.getByLabel('Amount to pay (₦)')
  await expect(amount).toHaveValue('25,000')
  await page.screenshot({ path: shot('phone-before'), fullPage: true })

  // More than is due is refused here, with the amount kept as typed.
  await amount.fill('30,000')
  await page.getByRole('button', { name: 'Pay ₦30,000.00' }).click()
  await expect(page.getByText('You can pay at most the ₦25,000.00 due.')).toBeVisible()
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('30,000')

  await amount.fill('10,000')
  await payThroughSandbox(page, '₦10,000.00')
  await expect(page.getByText('Payment of ₦10,000.00 received. Thank you!')).toBeVisible()
  await expect(page.getByText('Amount due: ₦15,000.00')).toBeVisible()
  await expect(page.getByLabel('Amount to pay (₦)')).toHaveValue('15,000')
  await page.screenshot({ path: shot('phone-part-paid'), fullPage: true })
  // The outcome is read first, and the page (outcome, form) passes axe and fits a 320 px phone.
  await expect(page.getByRole('status').filter({ hasText: 'Payment of ₦10,000.00 received' })).toBeFocused()
  await settled(page)
  await expectNoAxeViolations(page, 'the invoice link page after a part payment')
  await page.setViewportSize(NARROW)
  expect(await sidewaysOverflow(page)).toBe(0)
  await page.setViewportSize(PHONE)

  // The customer, logged in on a desktop, sees the same on their own invoice page.
  const own = await browser.newPage({ viewport: DESKTOP })
  await own.goto('/login')
  await own.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E.customer.email)
  await own.getByLabel('Password', { exact: true }).fill(E2E.customer.password)
  await own.getByRole('button', { name: 'Log in' }).click()
  await expect(own).not.toHaveURL(/\/login$/)
  await own.goto(`/invoices/${made.invoice.id}`)
  await expect(own.getByText('Amount due: ₦15,000.00')).toBeVisible()
  await expect(own.getByRole('button', { name: 'Pay ₦15,000.00' })).toBeVisible()
  await own.screenshot({ path: shot('desktop-customer'), fullPage: true })
  await own.close()

  await payThroughSandbox(page, '₦15,000.00')
  await expect(page.getByText('Payment of ₦15,000.00 received. Thank you!')).toBeVisible()
  await expect(page.getByText('Paid in full. Thank you!')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)
  await page.screenshot({ path: shot('phone-paid'), fullPage: true })

  // The back office sees it paid, by the gateway, in two payments.
  const after = await call(office, 'GET', `admins/invoices/${made.invoice.id}/`)
  expect(after.status).toBe('Paid')
  expect(after.payments.map((p: { amount: number; source: string }) => [p.amount, p.source])).toEqual([
    [10000, 'gateway'],
    [15000, 'gateway'],
  ])
  await context.close()
  await office.dispose()
})
