/**
 * Issue 12, "A business can run on it", in a real Chromium against the production build:
 * checkout's delivery step through the sandbox gateway (the admin sees the details), a customer
 * cancelling and rescheduling a booking, and the offline cart reaching the server's cart.
 */
import path from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { logIn, postApi, readDatabase, serverForTheseTests, shot, waitForWorker } from './own-server'

const GEL = 'Cockroach Gel Bait 30g'
const SPRAY = 'Mosquito Insecticide Spray 600ml'
const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
  laptop: { width: 1100, height: 800 },
}

const query = readDatabase
const mainDb = () => path.join(E2E.dataDir, 'app.db')

async function asAdmin(browser: Browser, viewport = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await logIn(page, E2E.admin.email, E2E.admin.password)
  return page
}

/** A new customer with an empty profile (no phone, no address): the case the delivery step exists for. */
async function newCustomer(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone })
  const page = await context.newPage()
  const registered = await postApi(page.request, 'register/', {
    fullName: 'Ngozi Okafor',
    email,
    password: 'password-123',
  })
  expect(registered.status()).toBe(200)
  await logIn(page, email, 'password-123')
  return page
}

test('checkout asks where to deliver, charges the state fee, and the admin sees who and where', async ({
  browser,
}) => {
  // The admin sets a fee for Lagos on the Orders screen's Delivery fees tab.
  const admin = await asAdmin(browser)
  await admin.goto('/admin/orders')
  await admin.getByRole('tab', { name: 'Delivery fees' }).click()
  await admin.getByLabel('Lagos', { exact: true }).fill('2500')
  await admin.getByRole('button', { name: 'Save delivery fees' }).click()
  await expect(admin.getByText('Delivery fees saved.')).toBeVisible()
  await admin.screenshot({ path: shot('business-delivery-fees-1280.png'), fullPage: true })

  const email = `ngozi.${Date.now()}@e2e.ng`
  const page = await newCustomer(browser, email)
  await page.goto('/products')
  // Each route names itself (its title), the shop with a description too.
  await expect(page).toHaveTitle('Shop | GreenShield')
  await expect(page.locator('meta[name="description"]').last()).toHaveAttribute(
    'content',
    /delivered across Nigeria/,
  )
  await page.getByRole('button', { name: `Add to cart: ${GEL}` }).click()
  await expect(
    page.getByRole('list', { name: 'Cart items' }).getByRole('heading', { name: GEL }),
  ).toBeVisible()
  const itemsTotal = (await page.getByTestId('cart-total').textContent())!.trim()

  await page.getByRole('button', { name: 'Checkout' }).click()
  const dialog = page.getByRole('dialog', { name: 'Checkout' })
  await expect(dialog.getByText('Where should we deliver?')).toBeVisible()
  // Nothing to pre-fill but the name: Proceed shows what is missing and goes nowhere.
  await dialog.getByRole('button', { name: 'Proceed' }).click()
  await expect(dialog.getByText('Phone number is required')).toBeVisible()
  await expect(page).toHaveURL(/\/products$/)
  await dialog.getByLabel('Name').fill('Ngozi Okafor')
  await dialog.getByLabel('Phone number').fill('0803 555 1234')
  await dialog.getByLabel('Address').fill('12 Awolowo Road')
  await dialog.getByLabel('Landmark (optional)').fill('Opposite the First Bank')
  await dialog.getByLabel('City / town').fill('Ikeja')
  await dialog.getByLabel('State').selectOption('Lagos')
  await expect(dialog.getByRole('definition').filter({ hasText: '₦2,500.00' })).toBeVisible()
  const toPay = (await dialog.getByTestId('checkout-total').textContent())!.trim()
  expect(toPay).not.toBe(itemsTotal)
  await page.screenshot({ path: shot('business-checkout-delivery-390.png') })
  await dialog.getByRole('button', { name: 'Proceed' }).click()

  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
  // The gateway is asked for the goods plus the Lagos fee, as the dialog said.
  await expect(page.locator('.amount')).toHaveText(toPay)
  await page.getByRole('button', { name: /^Pay ₦/ }).click()
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText(/Reference GS-/)
  await expect(summary).toContainText(`1 × ${GEL}`)
  await expect(summary).toContainText('Delivery₦2,500.00')
  await expect(summary).toContainText('12 Awolowo Road (Opposite the First Bank), Ikeja, Lagos')
  await page.screenshot({ path: shot('business-confirm-summary-390.png'), fullPage: true })
  const reference = ((await summary.textContent()) ?? '').match(/GS-[A-Z0-9]+-[0-9a-f]{12}/)![0]

  // The notification carries the reference and the fee.
  const [note] = query<{ body: string }>(
    mainDb(),
    `SELECT n.body FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE u.email = ? AND n.heading = 'Payment Successful' ORDER BY n.id DESC`,
    email,
  )
  expect(note.body).toContain(`Reference ${reference}`)
  expect(note.body).toContain('Delivery fee: ₦2,500.00')

  // The admin's list: the line with the reference, date, email, phone and address; the order opens.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    await admin.setViewportSize(viewport)
    await admin.goto('/admin/orders')
    await admin.getByRole('searchbox', { name: 'Search orders' }).fill(email)
    const row =
      name === 'phone'
        ? admin.getByRole('list', { name: 'Orders' }).getByRole('listitem')
        : admin.getByRole('row').nth(1)
    await expect(row).toContainText(email)
    await expect(row).toContainText('08035551234')
    await expect(row).toContainText('12 Awolowo Road (Opposite the First Bank), Ikeja, Lagos')
    await admin.screenshot({ path: shot(`business-admin-orders-${viewport.width}.png`) })
  }
  await admin.setViewportSize(VIEWPORTS.desktop)
  await admin
    .getByRole('button', { name: `${reference}: open order details` })
    .first()
    .click()
  const opened = admin.getByRole('dialog', { name: `Order ${reference}` })
  await expect(opened).toContainText('Ngozi Okafor')
  await expect(opened).toContainText('Paid')
  await expect(opened).toContainText(toPay)
  await admin.screenshot({ path: shot('business-admin-order-detail-1280.png') })
  await admin.getByRole('button', { name: 'Close dialog' }).click()
  await admin.getByRole('tab', { name: 'Refunds' }).click()
  await expect(admin.getByText(/No refunds|to /).first()).toBeVisible()
  await admin.context().close()
  await page.context().close()
})

async function bookingRow(page: Page, date: string) {
  const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(`${date}T12:00:00`),
  )
  return page.getByRole('listitem', { name: new RegExp(`fumigation on ${day}`) })
}

test('a customer reschedules and cancels their own booking; the admin is told', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone })
  const page = await context.newPage()
  await logIn(page, E2E.customer.email, E2E.customer.password)
  await page.goto('/book')
  const date = lagosWeekday(4)
  const form = page.getByRole('form', { name: 'Appointment' })
  await form.getByLabel('WhatsApp number').fill('0803 123 4567')
  await form.getByLabel('Service', { exact: true }).selectOption('fumigation')
  await form.getByLabel('Location').fill('7 Adeola Odeku Street, Victoria Island')
  await form.getByLabel('Date').fill(date)
  // Late evening: outside the hours, shown as an emergency call-out before it is sent.
  await form.getByLabel('Time').fill('21:30')
  await expect(form.getByText(/emergency call-out: we respond within 2 to 4 hours/)).toBeVisible()
  await page.screenshot({ path: shot('business-book-emergency-390.png'), fullPage: true })
  await form.getByLabel('Time').fill('10:00')
  await expect(form.getByText(/emergency call-out/)).toHaveCount(0)
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page.getByText('Your appointment has been booked.')).toBeVisible()

  const row = await bookingRow(page, date)
  await expect(row).toContainText('10:00 AM')
  await row.getByRole('button', { name: 'Reschedule' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reschedule booking' })
  await dialog.getByLabel('New time').fill('11:30')
  await page.screenshot({ path: shot('business-reschedule-390.png') })
  await dialog.getByRole('button', { name: 'Save new time' }).click()
  await expect(page.getByText(/Moved to .* at 11:30 AM/)).toBeVisible()
  await expect(row).toContainText('11:30 AM')
  await expect(row).toContainText('Pending')

  await row.getByRole('button', { name: 'Cancel booking' }).click()
  await page
    .getByRole('dialog', { name: 'Cancel this booking?' })
    .getByRole('button', { name: 'Yes, cancel' })
    .click()
  await expect(row).toContainText('Cancelled')
  await expect(row.getByRole('button')).toHaveCount(0)
  await page.setViewportSize(VIEWPORTS.desktop)
  await page.screenshot({ path: shot('business-appointments-1280.png'), fullPage: true })

  const told = query<{ heading: string }>(
    mainDb(),
    `SELECT n.heading FROM notifications n JOIN users u ON u.id = n.user_id
     WHERE u.email = ? ORDER BY n.id DESC LIMIT 2`,
    E2E.admin.email,
  ).map((n) => n.heading)
  expect(told).toEqual(['Booking Cancelled by Customer', 'Booking Rescheduled by Customer'])
  await context.close()
})

// ---------- the offline cart (its own server process, stopped to go offline) ----------

test.describe('offline cart', () => {
  const server = serverForTheseTests('business-offline', 1100)

  const serverCart = () =>
    query<{ name: string; quantity: number }>(
      server.dbFile,
      `SELECT p.name, c.quantity FROM cart_items c JOIN products p ON p.id = c.product_id
       JOIN users u ON u.id = c.user_id WHERE u.email = ? ORDER BY p.name`,
      E2E.customer.email,
    )

  test('items added and removed with the server down reach the server cart when it is back', async ({
    browser,
  }) => {
    const page = await server.newPage(browser)
    await page.setViewportSize(VIEWPORTS.phone)
    await logIn(page, E2E.customer.email, E2E.customer.password)
    await page.goto('/products')
    await waitForWorker(page)
    await expect(page.getByText(GEL).first()).toBeVisible()
    expect(serverCart()).toEqual([])

    await server.stop()
    await page.reload()
    await expect(page.getByText(GEL).first()).toBeVisible()
    const cart = page.getByRole('list', { name: 'Cart items' })
    await page.getByRole('button', { name: `Add to cart: ${GEL}` }).click()
    await expect(cart.getByRole('heading', { name: GEL })).toBeVisible()
    await page.getByRole('button', { name: `Add to cart: ${SPRAY}` }).click()
    await expect(cart.getByRole('heading', { name: SPRAY })).toBeVisible()
    await page.getByRole('button', { name: `Add to cart: ${GEL}` }).click()
    await expect(page.getByLabel(`Quantity of ${GEL}`, { exact: true })).toHaveText('2')
    await cart.getByRole('button', { name: new RegExp(`Remove ${SPRAY}`) }).click()
    await expect(cart.getByRole('heading', { name: SPRAY })).toHaveCount(0)
    await expect(page.getByText('An error occurred')).toHaveCount(0)
    await page.screenshot({ path: shot('business-offline-cart-390.png'), fullPage: true })
    expect(serverCart()).toEqual([])

    await server.start()
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect.poll(serverCart, { timeout: 15_000 }).toEqual([{ name: GEL, quantity: 2 }])

    // Another device (a fresh browser) sees the same cart.
    const other = await server.newPage(browser)
    await logIn(other, E2E.customer.email, E2E.customer.password)
    await other.goto('/products')
    await expect(other.getByLabel(`Quantity of ${GEL}`, { exact: true })).toHaveText('2')
    await expect(
      other.getByRole('list', { name: 'Cart items' }).getByRole('heading', { name: SPRAY }),
    ).toHaveCount(0)
    await other.context().close()
    await page.context().close()
  })
})
