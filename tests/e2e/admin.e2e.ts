import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'
import { adminPageForTheseTests, loggedIn, postApi } from './own-server'

/**
 * The back office as an admin, against the production build on a fresh seeded database:
 * users, products (with an image upload), bookings, messages, orders (with the CSV export) and settings.
 * Tests run in order on one logged-in browser context; each screen is photographed at desktop and phone size.
 */
test.describe.configure({ mode: 'serial' })

// A 48×48 green PNG, made in the test so no fixture file is needed.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAOklEQVR42u3OQQ0AAAgEoEthG7sZ3RbOBxsBSE2/EiEhISEhISEhISEhISEhISEhISEhISEhISGhOwstBWtqX5S1lwAAAABJRU5ErkJggg==',
  'base64',
)
const DESKTOP = { width: 1366, height: 768 }
const PHONE = { width: 390, height: 844 }
const shots = new URL('./screenshots/', import.meta.url).pathname

let page: Page

adminPageForTheseTests({ viewport: DESKTOP, acceptDownloads: true }, (p) => (page = p))

/** Desktop and phone screenshots of the current screen, once it shows `ready`. */
async function photograph(name: string, ready: () => Promise<void>) {
  await ready()
  // Lazy images below the fold would show as empty boxes in a full-page shot.
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((img) => {
        img.loading = 'eager'
        return img.decode().catch(() => undefined)
      }),
    ),
  )
  await page.screenshot({ path: `${shots}admin-${name}-desktop.png`, fullPage: true })
  await page.setViewportSize(PHONE)
  await ready()
  await page.screenshot({ path: `${shots}admin-${name}-phone.png`, fullPage: true })
  await page.setViewportSize(DESKTOP)
}

const row = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text })

test('dashboard: stats, quick links, the drawer on a phone, a withdrawal request', async () => {
  await page.goto('/admin')
  await expect(page.getByText('Total Bookings')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' })).toContainText('User Management')
  await photograph('dashboard', () => expect(page.getByText('Latest Bookings')).toBeVisible())

  // Phone: the sidebar is a drawer behind a button; Escape closes it and focus returns.
  await page.setViewportSize(PHONE)
  const menu = page.getByRole('button', { name: 'Open menu' })
  await menu.click()
  const drawer = page.getByRole('dialog', { name: 'Admin menu' })
  await expect(drawer.getByRole('link', { name: 'Messages' })).toBeVisible()
  await page.screenshot({ path: `${shots}admin-drawer-phone.png` })
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menu).toBeFocused()
  await page.setViewportSize(DESKTOP)

  await page.getByRole('button', { name: 'Withdraw' }).click()
  const dialog = page.getByRole('dialog', { name: 'Withdraw' })
  await expect(dialog.getByText(/Previous requests/)).toBeVisible()
  // No payout account yet: the dialog says where to add it, and nothing can be requested.
  await expect(dialog.getByText(/Add the payout account/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Request withdrawal' })).toBeDisabled()
  await page.keyboard.press('Escape')
  const saved = await postApi(page.request, 'admins/payment-settings/', {
    bank_name: 'Zenith Bank',
    account_name: 'GreenShield Services Ltd',
    account_number: '0123456789',
  })
  expect(saved.status()).toBe(201)
  await page.getByRole('button', { name: 'Withdraw' }).click()
  await expect(dialog.getByText(/Add the payout account/)).toBeHidden()
  // Typed the way people write amounts.
  await dialog.getByLabel('Amount (₦)').fill('₦1,000')
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click()
  await expect(dialog.getByRole('status')).toContainText('requested')
  await expect(dialog.getByRole('listitem').first()).toContainText('₦1,000.00')
  await page.keyboard.press('Escape')

  // In-app navigation through the sidebar (no reloads).
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bookings' }).click()
  await expect(page.getByRole('heading', { name: 'Bookings Management' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByText('Total Bookings')).toBeVisible()
})

test('user management: add an admin user, then delete a user', async () => {
  await page.goto('/admin/users')
  await photograph('users', () =>
    expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible(),
  )
  const email = `ops-${Date.now()}@e2e.ng`
  await page.getByRole('button', { name: 'Add New Admin User' }).click()
  const add = page.getByRole('dialog', { name: 'Add New Admin User' })
  await add.getByLabel('Full Name').fill('Ops Admin')
  await add.getByLabel('Email').fill(email)
  await add.getByLabel('Password').fill('ops-admin-password')
  await add.getByLabel('Phone').fill('0803 555 1234')
  await add.getByRole('button', { name: 'Add User' }).click()
  await expect(add).toBeHidden()
  await expect(row(email)).toContainText('Admin')

  await page.getByRole('combobox', { name: 'Filter by role' }).selectOption('customer')
  await expect(row(email)).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Filter by role' }).selectOption('all')

  await row(email)
    .getByRole('button', { name: /^Delete/ })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete User' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(row(email)).toHaveCount(0)
})

test('products: add one with an image, see it in the shop, edit it', async () => {
  await page.goto('/admin/products')
  await photograph('products', () => expect(page.getByRole('list', { name: 'Products' })).toBeVisible())
  const name = `E2E Mosquito Coil ${Date.now()}`
  await page.getByRole('button', { name: 'Add New Product' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Product' })
  await dialog.getByLabel('Name').fill(name)
  await dialog.getByLabel('Category').selectOption('Pest Control')
  await dialog.getByLabel('Description').fill('Smokeless coils, box of 10')
  await dialog.getByLabel('Price (₦)', { exact: true }).fill('2500')
  await dialog.getByLabel('Stock').fill('15')
  await dialog.getByLabel('Image').setInputFiles({ name: 'coil.png', mimeType: 'image/png', buffer: PNG })
  await expect(dialog.getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute(
    'src',
    /^blob:/,
  )
  await page.screenshot({ path: `${shots}admin-product-form-desktop.png` })
  await dialog.getByRole('button', { name: 'Save Product' }).click()
  await expect(dialog).toBeHidden()

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(card).toContainText('₦2,500.00')
  await expect(card).toContainText('15 in stock')
  const img = card.getByRole('img', { name })
  await img.scrollIntoViewIfNeeded() // lazy-loaded
  await expect(img).toHaveJSProperty('complete', true)
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(48)

  // The shop lists it (and the API does).
  const products = (await (await page.request.get('/api/add/products/')).json()) as {
    name: string
    image: string
  }[]
  expect(products.find((p) => p.name === name)?.image).toMatch(/^media\//)
  await page.goto('/products')
  await expect(page.getByText(name)).toBeVisible({ timeout: 15_000 })

  await page.goto('/admin/products')
  await page.getByPlaceholder('Search products...').fill('mosquito coil')
  await page.getByRole('button', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit Product' })
  await expect(edit.getByLabel('Description')).toHaveValue('Smokeless coils, box of 10')
  await edit.getByLabel('Price (₦)', { exact: true }).fill('2750')
  await edit.getByRole('button', { name: 'Save Product' }).click()
  await expect(edit).toBeHidden()
  await expect(card).toContainText('₦2,750.00')
})

test('bookings: approve Pending -> Confirmed -> Completed, reject one, calendar', async () => {
  await page.goto('/admin/bookings')
  await photograph('bookings', () =>
    expect(page.getByRole('heading', { name: 'Bookings Management' })).toBeVisible(),
  )
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('pending')
  const pending = page.getByRole('row').nth(1)
  const customer = (await pending.getByRole('cell').first().textContent())!
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('all')
  const target = row(customer).first()
  await expect(target.getByRole('link')).toHaveAttribute('href', /^https:\/\/wa\.me\/234\d{10}$/)

  await target.getByRole('button', { name: 'approve' }).click()
  let dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Are you sure you want to approve?')
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(dialog).toBeHidden()
  await expect(target).toContainText('Confirmed')
  // The admin's own completion is worded as what it is.
  await target.getByRole('button', { name: 'Mark as completed' }).click()
  dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Did the visit take place')
  await dialog.getByRole('button', { name: 'Yes, mark as completed' }).click()
  await expect(dialog).toBeHidden()
  await expect(target).toContainText('Completed')
  await expect(target.getByRole('button')).toHaveText(['view'])

  const other = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'reject' }) })
    .first()
  const otherName = (await other.getByRole('cell').first().textContent())!
  await other.getByRole('button', { name: 'reject' }).click()
  dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Do you want to reject this booking?')
  await dialog.getByRole('button', { name: 'Reject' }).click()
  await expect(dialog).toBeHidden()
  await expect(row(otherName).first()).toContainText('Cancelled')

  await target.getByRole('button', { name: 'view' }).click()
  await expect(page.getByRole('dialog', { name: customer })).toContainText('Completed')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Calendar' }).click()
  await expect(page.getByRole('group', { name: 'Bookings calendar' })).toBeVisible()
  await page.screenshot({ path: `${shots}admin-bookings-calendar-desktop.png`, fullPage: true })
})

test('messages: search and view one', async () => {
  await page.goto('/admin/messages')
  await photograph('messages', () => expect(page.getByRole('list', { name: 'Messages' })).toBeVisible())
  const first = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').first()
  const name = (await first.locator('p').first().textContent())!
  await page.getByPlaceholder('Search messages...').fill(name.toUpperCase())
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(1)
  await first.getByRole('button', { name: 'View' }).click()
  const dialog = page.getByRole('dialog', { name: `Message from ${name}` })
  await expect(dialog.locator('p.whitespace-pre-wrap')).not.toBeEmpty()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await page.getByPlaceholder('Search messages...').fill('no such sender at all')
  await expect(page.getByText('No messages found')).toBeVisible()
})

test('orders: mark one done and export the CSV of the filtered list', async () => {
  await page.goto('/admin/orders')
  await photograph('orders', () =>
    expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible(),
  )
  const open = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Mark as done' }) })
  if ((await open.count()) === 0) {
    test.skip(true, 'No open order in the seed: nothing to mark as done')
    return
  }
  const target = open.first()
  const product = (await target.getByRole('cell').nth(3).textContent())!
  const user = (await target.getByRole('cell').first().textContent())!
  await target.getByRole('button', { name: 'Mark as done' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('This is to confirm that this order has been delivered?')
  await dialog.getByRole('button', { name: 'confirm' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('completed')
  await expect(row(product).filter({ hasText: user }).first()).toContainText('Completed')
  const shownRows = await page.getByRole('row').count()

  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export Orders' }).click()
  const download = await downloading
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toContain('Status')
  expect(lines.length - 1).toBe(shownRows - 1)
  // Status, then the order reference and the delivery fee (neither holds a comma).
  for (const line of lines.slice(1)) expect(line).toMatch(/,Completed,[^,]*,[^,]*$/)
  expect(csv).toContain(product)

  await page.getByRole('button', { name: 'More Filters' }).click()
  await page.getByLabel('From').fill('2000-01-01')
  await page.getByLabel('To').fill('2000-01-31')
  await expect(page.getByText('No orders found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Export Orders' })).toHaveAttribute(
    'href',
    /from=2000-01-01&to=2000-01-31/,
  )
})

test('settings: profile and payment are saved and still there after a reload', async () => {
  await page.goto('/admin/settings')
  await photograph('settings', () => expect(page.getByLabel('First Name')).toBeVisible())
  await page.getByLabel('First Name').fill('Ngozi')
  await page.getByLabel('Last Name').fill('Admin')
  await page.getByLabel('Phone Number').fill('0803 222 3333')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  let result = page.getByRole('dialog')
  await expect(result).toContainText('Profile updated successfully.')
  await result.getByRole('button', { name: 'Close' }).last().click()

  await page.getByRole('tab', { name: 'Payment' }).click()
  await page.getByLabel('Bank Name').fill('Zenith Bank')
  await page.getByLabel('Account Name').fill('GreenShield Services Ltd')
  await page.getByLabel('Account Number').fill('0123456789')
  await page.getByRole('switch', { name: 'Automatic withdrawals' }).click()
  await page.getByLabel('Withdrawal Threshold (₦)').fill('50000')
  await page.screenshot({ path: `${shots}admin-settings-payment-desktop.png`, fullPage: true })
  await page.getByRole('button', { name: 'Save Payment Information' }).click()
  result = page.getByRole('dialog')
  await expect(result).toContainText('Payment information saved.')
  await result.getByRole('button', { name: 'Close' }).last().click()

  await page.reload()
  await expect(page.getByLabel('First Name')).toHaveValue('Ngozi')
  await expect(page.getByLabel('Phone Number')).toHaveValue('08032223333')
  await expect(page.getByRole('complementary')).toContainText('Ngozi Admin')
  await page.getByRole('tab', { name: 'Payment' }).click()
  await expect(page.getByLabel('Bank Name')).toHaveValue('Zenith Bank')
  await expect(page.getByLabel('Account Number')).toHaveValue('0123456789')
  await expect(page.getByRole('switch', { name: 'Automatic withdrawals' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expect(page.getByLabel('Withdrawal Threshold (₦)')).toHaveValue('50000')
})

test('10,000 bookings and orders in a real browser (timings printed, not asserted)', async ({ browser }) => {
  // Its own context without the service worker, so page.route answers the list calls.
  const p = await loggedIn(browser, E2E.admin, { viewport: DESKTOP, serviceWorkers: 'block' })
  await expect(p).toHaveURL(/\/admin$/)

  const N = 10_000
  const statuses = ['Pending', 'Confirmed', 'Completed', 'Cancelled']
  const bookings = Array.from({ length: N }, (_, i) => ({
    id: i + 1,
    full_name: `Customer ${i + 1}`,
    phone_number: '+2348031234567',
    service: i % 2 ? 'cleaning' : 'fumigation',
    info: 'Two-bedroom flat',
    date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    time: '10:00',
    status: statuses[i % 4],
    location: i % 10 === 0 ? 'Lekki' : 'Ikeja',
  }))
  const orderStatuses = ['Processing', 'Shipped', 'Completed']
  const orders = Array.from({ length: N }, (_, i) => ({
    id: i + 1,
    user: `Buyer ${i + 1}`,
    phone_number: '+2348031234567',
    location: 'Ikeja, Lagos',
    product_name: i % 7 === 0 ? 'Roach Killer Gel' : 'Floor Cleaner',
    quantity: 1,
    price: 2500,
    status: orderStatuses[i % 3],
    created: `2026-03-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  }))
  await p.route(/\/api\/appointment\/?$/, (route) => route.fulfill({ json: bookings }))
  await p.route(/\/api\/admins\/orders\/?$/, (route) => route.fulfill({ json: orders }))

  /** ms from the action until `text` is on screen, measured inside the page. */
  const timeUntil = async (action: () => Promise<unknown>, text: string) => {
    await p.evaluate(() => ((window as unknown as { __t0: number }).__t0 = performance.now()))
    await action()
    await p.getByText(text).waitFor()
    return p.evaluate(() => performance.now() - (window as unknown as { __t0: number }).__t0)
  }
  const ms = (t: number) => `${t.toFixed(0)} ms`

  await p.goto('/admin')
  const bRender = await timeUntil(
    () => p.getByRole('link', { name: 'Bookings' }).click(),
    `Showing 1–50 of ${N}`,
  )
  const bStatus = await timeUntil(
    () => p.getByRole('combobox', { name: 'Filter by status' }).selectOption('completed'),
    `Showing 1–50 of ${N / 4}`,
  )
  const bSearch = await timeUntil(
    () => p.getByRole('searchbox', { name: 'Search bookings' }).fill('lekki'),
    `Showing 1–50 of ${N / 20}`,
  )
  const oRender = await timeUntil(
    () => p.getByRole('link', { name: 'Orders' }).click(),
    `Showing 1–50 of ${N}`,
  )
  const roach = orders.filter((o) => o.product_name.startsWith('Roach')).length
  const oSearch = await timeUntil(
    () => p.getByPlaceholder('Search orders...').fill('roach'),
    `Showing 1–50 of ${roach}`,
  )
  console.log(
    `[perf chromium] bookings 10k: open ${ms(bRender)}, status filter ${ms(bStatus)}, search ${ms(bSearch)}; ` +
      `orders 10k: open ${ms(oRender)}, search ${ms(oSearch)} (each includes Playwright's action round trip)`,
  )
  await p.context().close()
})
