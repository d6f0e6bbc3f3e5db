import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { logIn, postApi } from './own-server'

/**
 * The Content-Security-Policy (api/middleware/security-headers.ts) must not break anything: every
 * page works and Chromium reports no violation, the sandbox payment page included.
 */
function watchViolations(page: Page) {
  const violations: string[] = []
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|apply|execute|connect|frame)/i.test(msg.text())) {
      violations.push(msg.text())
    }
  })
  page.on('pageerror', (err) => violations.push(`page error: ${err.message}`))
  return violations
}

test('the pages and the sandbox payment page work under the CSP with no violation', async ({ page }) => {
  const violations = watchViolations(page)
  const home = await page.goto('/')
  const headers = home!.headers()
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(headers['content-security-policy']).toContain("script-src 'self'")
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('microphone=()')
  expect(headers['strict-transport-security']).toBeUndefined() // plain http here
  await expect(page.getByRole('heading').first()).toBeVisible()

  // An account of its own: the cart and orders of the shared demo customer stay as other tests expect.
  const customer = { email: `csp-${Date.now()}@e2e.ng`, password: 'csp-customer-password' }
  const registered = await postApi(page.request, 'register/', {
    fullName: 'Chioma CSP',
    email: customer.email,
    password: customer.password,
  })
  expect(registered.status()).toBe(200)
  await logIn(page, customer.email, customer.password)
  for (const path of ['/products', '/book']) {
    await page.goto(path)
    await expect(page.getByRole('heading').first()).toBeVisible()
  }
  await page.goto('/products')
  await page
    .getByRole('button', { name: /^Add to cart: / })
    .first()
    .click()
  await page.getByRole('button', { name: 'Checkout' }).click()
  // The delivery step: this new customer's profile is empty, so every field is typed in.
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name', { exact: true }).fill('Chioma CSP')
  await dialog.getByLabel('Phone number').fill('0803 123 4567')
  await dialog.getByLabel('Address', { exact: true }).fill('5 Herbert Macaulay Way, Yaba')
  await dialog.getByLabel('City / town').fill('Lagos')
  await dialog.getByLabel('State').selectOption('Lagos')
  await dialog.getByRole('button', { name: 'Proceed' }).click()
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
  // The page's inline style applies (allowed by its hash): the Pay button is the brand green.
  const pay = page.getByRole('button', { name: /^Pay ₦/ })
  await expect(pay).toHaveCSS('background-color', 'rgb(21, 128, 61)')
  await pay.click()
  await expect(page).toHaveURL(/\/confirm\/payment\?status=successful/)
  await expect(page.getByRole('heading').first()).toBeVisible()

  // Log the customer out (the login page sends a logged-in visitor on, so it must be a real logout).
  expect((await page.request.get('/api/logout/')).ok()).toBe(true)
  await logIn(page, E2E.admin.email, E2E.admin.password)
  await page.goto('/admin')
  await expect(page.getByRole('heading').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(violations).toEqual([])

  // The watcher itself works: an injected inline script is refused and reported.
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.injected = true'
    document.head.append(script)
  })
  await expect.poll(() => violations.length).toBeGreaterThan(0)
  expect(await page.evaluate(() => 'injected' in window)).toBe(false)
})
