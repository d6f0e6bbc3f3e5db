/**
 * Data that came out wrong or confusing on a real day: the saved delivery address, the report's print
 * button under the CSP.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { logIn } from './own-server'

const PHONE = { width: 390, height: 844 }
const shot = (name: string) => `tests/e2e/screenshots/${name}`

/** A JSON call with the CSRF header, as the app sends it. */
async function call(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const { token } = await (await request.get('/api/token')).json()
  const res = await request[method](`/api${path}`, { headers: { 'X-CSRFToken': token }, data })
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.status() === 204 ? null : res.json()
}

/** A new customer of its own, so other tests' carts and orders stay as they expect. */
async function newCustomer(page: Page, name: string) {
  const customer = { email: `${name}-${Date.now()}@e2e.ng`, password: `${name}-password-1` }
  await call(page.request, 'post', '/register/', { fullName: `Chioma ${name}`, ...customer })
  await logIn(page, customer.email, customer.password)
  return customer
}

async function addToCartAndCheckout(page: Page) {
  await page.goto('/products')
  await page
    .getByRole('button', { name: /^Add to cart/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Checkout' }).click()
  return page.getByRole('dialog', { name: 'Checkout' })
}

test('checkout saves the address to the profile in parts; the next checkout shows each part in its own box', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await newCustomer(page, 'address')
  let dialog = await addToCartAndCheckout(page)
  await dialog.getByLabel('Name', { exact: true }).fill('Chioma Address')
  await dialog.getByLabel('Phone number').fill('0803 123 4567')
  await dialog.getByLabel('Address', { exact: true }).fill('5 Herbert Macaulay Way')
  await dialog.getByLabel('Landmark (optional)').fill('Opposite the market')
  await dialog.getByLabel('City / town').fill('Yaba')
  await dialog.getByLabel('State').selectOption('Lagos')
  // An empty profile: the box starts ticked.
  await expect(dialog.getByLabel('Save these details to my profile')).toBeChecked()
  await dialog.getByRole('button', { name: 'Proceed' }).click()
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
  await page.getByRole('button', { name: /^Pay ₦/ }).click()
  await expect(page).toHaveURL(/\/confirm\/payment\?status=successful/)
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible()
  // The payment emptied the cart: the top bar's count goes with it.
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible()
  // My Orders names the order by its reference, as the emails and the office do.
  const txRef = new URL(page.url()).searchParams.get('tx_ref')!
  await page.goto('/orders')
  await expect(page.getByText(`Order reference ${txRef}`)).toBeVisible()

  // Twice more: each checkout starts from the saved parts, each in its own box, and saving them keeps them.
  for (let round = 0; round < 2; round++) {
    dialog = await addToCartAndCheckout(page)
    await expect(dialog.getByLabel('Address', { exact: true })).toHaveValue('5 Herbert Macaulay Way')
    await expect(dialog.getByLabel('Landmark (optional)')).toHaveValue('Opposite the market')
    await expect(dialog.getByLabel('City / town')).toHaveValue('Yaba')
    await expect(dialog.getByLabel('State')).toHaveValue('Lagos')
    await expect(dialog.getByLabel('Save these details to my profile')).not.toBeChecked()
    if (round === 1) break
    await dialog.getByLabel('Save these details to my profile').check()
    await dialog.getByRole('button', { name: 'Proceed' }).click()
    await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
    await page.getByRole('button', { name: /^Pay ₦/ }).click()
    await expect(page).toHaveURL(/\/confirm\/payment\?status=successful/)
  }
  await page.keyboard.press('Escape')

  // The settings profile shows the parts apart too.
  await page.goto('/user/settings')
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('5 Herbert Macaulay Way')
  await expect(page.getByLabel('Landmark (optional)')).toHaveValue('Opposite the market')
  await expect(page.getByLabel('City / town')).toHaveValue('Yaba')
  await expect(page.getByLabel('State')).toHaveValue('Lagos')
  await page.screenshot({ path: shot('settings-address-parts-phone.png'), fullPage: true })
})

test('"Print or save as PDF" on the service report prints, with no CSP violation', async ({
  page,
  browser,
}) => {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text())
  })
  page.on('pageerror', (err) => violations.push(`page error: ${err.message}`))
  await page.addInitScript(() => {
    ;(window as unknown as { printed: number }).printed = 0
    window.print = () => {
      ;(window as unknown as { printed: number }).printed++
    }
  })

  // A customer's booking three weeks ahead on a weekday, done by the demo technician.
  await newCustomer(page, 'report')
  const booked = await call(page.request, 'post', '/appointment/', {
    phone_number: '0803 123 4567',
    location: '3 Marina Road, Lagos Island',
    service: 'fumigation',
    date: lagosWeekday(21),
    time: '10:00',
    // A long unbroken word must not widen the technician's page or the report.
    info: `Gate code ${'X'.repeat(300)}`,
  })
  const admin = await browser.newContext({ baseURL: E2E.baseURL })
  await call(admin.request, 'post', '/login/', { username: E2E.admin.email, password: E2E.admin.password })
  const users = (await call(admin.request, 'get', '/get/users/')) as { id: number; role: string }[]
  const staffId = users.find((u) => u.role === 'Staff')!.id
  await call(admin.request, 'post', `/admins/bookings/${booked.id}/assign/`, { staff_id: staffId })
  await admin.close()
  const staff = await browser.newContext({ baseURL: E2E.baseURL })
  await call(staff.request, 'post', '/login/', { username: E2E.staff.email, password: E2E.staff.password })
  const now = () => new Date().toISOString()
  await call(staff.request, 'post', `/staff/jobs/${booked.id}/events/`, {
    type: 'arrived',
    occurred_at: now(),
  })
  const jobPage = await staff.newPage()
  await jobPage.setViewportSize(PHONE)
  // The job page reads the sheet the phone keeps: open it from the sheet.
  await jobPage.goto('/staff')
  await jobPage.getByRole('link', { name: /Chioma report/ }).click()
  await expect(jobPage.getByText(/Gate code/)).toBeVisible()
  expect(await jobPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await jobPage.screenshot({ path: shot('staff-job-long-word-phone.png'), fullPage: true })
  await call(staff.request, 'post', `/staff/jobs/${booked.id}/treatments/`, {
    id: crypto.randomUUID(),
    product_name: 'Cypermethrin 10% EC (Emulsifiable Concentrate)',
    quantity: 250,
    unit: 'ml',
    target_pest: 'German cockroaches and American cockroaches',
    area: `Kitchen-${'Y'.repeat(150)}`,
    method: 'Spray along skirting boards',
    occurred_at: now(),
  })
  const done = await call(staff.request, 'post', `/staff/jobs/${booked.id}/complete/`, {
    summary: 'Sprayed the kitchen.',
    signer_name: 'Chioma Report',
    signature_refused_reason: 'Customer travelling',
    occurred_at: now(),
  })
  await staff.close()

  await page.setViewportSize(PHONE)
  await page.goto(`/api/${done.report_url}`)
  // On a phone the page keeps its width: the treatments table scrolls inside it.
  await expect(page.getByRole('cell', { name: /Cypermethrin/ })).toBeAttached()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: shot('report-phone.png'), fullPage: true })
  const print = page.getByRole('button', { name: 'Print or save as PDF' })
  await expect(print).toBeVisible()
  await print.click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  expect(violations).toEqual([])
})
