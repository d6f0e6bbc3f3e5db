import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, logInAs, PHONE } from './a11y-helpers'
import { lagosWeekday } from './env'
import { waitForWorker } from './own-server'

const shot = (name: string) => fileURLToPath(new URL(`./screenshots/services-${name}.png`, import.meta.url))

/** Opens the kind's edit dialog on /admin/services, sets its price and saves. */
async function priceKind(page: Page, name: string, price: string) {
  await page.goto('/admin/services')
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` })
  await dialog.getByLabel('Price of one unit (₦)').fill(price)
  await dialog.getByRole('button', { name: 'Save kind' }).click()
  await expect(page.getByText(`${name} saved`)).toBeVisible()
}

test('the admin prices a kind; the customer sees it, books it with the estimate, and keeps it', async ({
  page,
  browser,
}) => {
  // The admin adds a kind priced per room.
  await logInAs(page, 'admin')
  await page.goto('/admin/services')
  await page.getByRole('button', { name: 'Add to fumigation' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a kind of service' })
  await dialog.getByLabel('Name').fill('Kitchen and store treatment')
  await dialog.getByLabel('Short description (optional)').fill('Cockroaches and ants, gel and spray')
  await dialog.getByLabel('How it is priced').selectOption('per_unit')
  await dialog.getByLabel('Price of one unit (₦)').fill('₦9,500')
  await dialog.getByLabel('Unit', { exact: true }).fill('room')
  await dialog.getByRole('button', { name: 'Save kind' }).click()
  await expect(page.getByText('Kitchen and store treatment added')).toBeVisible()
  const row = page.getByRole('listitem', { name: 'Kitchen and store treatment' })
  await expect(row).toContainText('₦9,500 per room')
  await page.setViewportSize(DESKTOP)
  await page.screenshot({ path: shot('admin-desktop'), fullPage: true })
  await page.setViewportSize(PHONE)
  await page.screenshot({ path: shot('admin-phone'), fullPage: true })

  const customer = await browser.newContext({ viewport: PHONE })
  const shop = await customer.newPage()
  try {
    // /services lists it with its price.
    await shop.goto('/services')
    const pest = shop.getByRole('region', { name: 'Pest Control & Fumigation' })
    const prices = pest.getByRole('list', { name: 'Prices' })
    await expect(
      prices.getByRole('listitem').filter({ hasText: 'Kitchen and store treatment' }),
    ).toContainText('₦9,500 per room')
    await expect(prices).toContainText('From ₦60,000 — priced after inspection')
    await shop.screenshot({ path: shot('services-phone'), fullPage: true })
    await shop.setViewportSize(DESKTOP)
    await shop.screenshot({ path: shot('services-desktop'), fullPage: true })
    await shop.setViewportSize(PHONE)

    // /book: the kind, the number of rooms, the estimate as it changes.
    await logInAs(shop, 'customer')
    await shop.goto('/book')
    const form = shop.getByRole('form', { name: 'Appointment' })
    await form.getByLabel('WhatsApp number').fill('0803 123 4567')
    await form.getByLabel('Service', { exact: true }).selectOption('fumigation')
    await form
      .getByLabel('Kind of service (optional)')
      .selectOption({ label: 'Kitchen and store treatment · ₦9,500 per room' })
    await expect(form.getByText('₦9,500 per room: enter how many rooms')).toBeVisible()
    await form.getByLabel('Number of rooms').fill('2')
    await expect(form.getByText('Estimate: ₦19,000 (2 rooms × ₦9,500)')).toBeVisible()
    await form.getByLabel('Number of rooms').fill('3')
    await expect(form.getByText('Estimate: ₦28,500 (3 rooms × ₦9,500)')).toBeVisible()
    const date = lagosWeekday(5)
    await form.getByLabel('Location').fill('14 Akin Adesola Street, Victoria Island')
    await form.getByLabel('Date').fill(date)
    await form.getByLabel('Time').fill('10:00')
    await shop.screenshot({ path: shot('book-phone'), fullPage: true })
    await shop.setViewportSize(DESKTOP)
    await shop.screenshot({ path: shot('book-desktop'), fullPage: true })
    await shop.setViewportSize(PHONE)
    await form.getByRole('button', { name: 'Book Appointment' }).click()
    await expect(shop.getByText('Estimate: ₦28,500 (3 rooms × ₦9,500).')).toBeVisible()

    // My bookings shows it; a later price change leaves it as booked.
    const mine = shop.getByRole('region', { name: 'Your appointments' })
    const booked = mine.getByRole('listitem').filter({ hasText: 'Kitchen and store treatment' })
    await expect(booked).toContainText('Estimate: ₦28,500 (3 rooms × ₦9,500)')
    await priceKind(page, 'Kitchen and store treatment', '12000')
    await expect(page.getByRole('listitem', { name: 'Kitchen and store treatment' })).toContainText(
      '₦12,000 per room',
    )
    await shop.reload()
    await expect(booked).toContainText('Estimate: ₦28,500 (3 rooms × ₦9,500)')

    // Offline, the prices still show on /services (kept by the service worker and the page).
    await shop.goto('/services')
    await waitForWorker(shop)
    await shop.reload()
    await expect(prices).toContainText('Kitchen and store treatment')
    await customer.setOffline(true)
    await shop.reload()
    await expect(
      prices.getByRole('listitem').filter({ hasText: 'Kitchen and store treatment' }),
    ).toBeVisible()
  } finally {
    await customer.close()
    // The other browser tests share this server: the kind goes out of sight.
    await page.goto('/admin/services')
    await page.getByRole('button', { name: 'Hide Kitchen and store treatment' }).click()
    await expect(page.getByText('Kitchen and store treatment saved and hidden')).toBeVisible()
  }
})
