/**
 * Keyboard only: login, booking an appointment, checkout up to the sandbox payment page and the technician's
 * job from "On my way" to "Complete job", with Tab, Shift+Tab, Enter, Space, Escape and arrows; no clicks.
 * Also where focus goes: a form sent with mistakes focuses its first wrong field, a closed dialog gives focus
 * back to what opened it (or to the menu button when that was a menu entry), and the inline forms of a job
 * take and give back focus. Its own server: the cart, booking and job it changes stay out of other specs.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { serverForTheseTests } from './own-server'

const server = serverForTheseTests('keyboard', 3050)

async function newPage(browser: import('@playwright/test').Browser, width = 1366) {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } })
  return context.newPage()
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false)

/** Presses Tab (then, if it was not ahead, Shift+Tab) until `target` has the focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  await expect(target).toBeVisible()
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < limit; i++) {
      if (await isFocused(target)) return
      await page.keyboard.press(key)
    }
  }
  expect(await isFocused(target), `${target} never took the focus`).toBe(true)
}

/** Replaces the focused field's text by typing. */
async function retype(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(text)
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login')
  await tabTo(page, page.getByRole('textbox', { name: 'Email', exact: true }))
  await page.keyboard.type(who.email)
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(who.password)
  await page.keyboard.press('Enter')
  await expect(page).not.toHaveURL(/\/login$/)
}

test('login with the keyboard only, after the skip link', async ({ browser }) => {
  const page = await newPage(browser, 390)
  await page.goto('/')
  // The skip link is the first stop and lands on the page's content.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()

  await logIn(page, E2E.customer)
  await expect(page).toHaveURL(/\/$/)
  await page.context().close()
})

test('booking an appointment with the keyboard: an empty form focuses its first mistake', async ({
  browser,
}) => {
  const page = await newPage(browser, 390)
  await logIn(page, E2E.customer)
  await page.goto('/book')
  const form = page.getByRole('form', { name: 'Appointment' })
  const submit = form.getByRole('button', { name: 'Book Appointment' })
  await tabTo(page, submit)
  await page.keyboard.press('Enter')
  // Focus leaves the button for the first field marked wrong (its error is read with it).
  const focused = page.locator(':focus')
  await expect(focused).toHaveAttribute('aria-invalid', 'true')
  await expect(submit).not.toBeFocused()

  await tabTo(page, form.getByLabel('WhatsApp number'))
  await retype(page, '0803 123 4567')
  await tabTo(page, form.getByLabel('Service', { exact: true }))
  await page.keyboard.press('ArrowDown')
  await expect(form.getByLabel('Service', { exact: true })).toHaveValue('fumigation')
  await tabTo(page, form.getByLabel('Location'))
  await page.keyboard.type('3 Keyboard Close, Yaba')
  const [y, m, d] = lagosWeekday(4).split('-')
  await tabTo(page, form.getByLabel('Date'))
  await page.keyboard.type(`${m}${d}${y}`)
  await expect(form.getByLabel('Date')).toHaveValue(`${y}-${m}-${d}`)
  await tabTo(page, form.getByLabel('Time'))
  await page.keyboard.type('1000A')
  await expect(form.getByLabel('Time')).toHaveValue('10:00')
  await tabTo(page, submit)
  await page.keyboard.press('Enter')
  await expect(page.getByText('Your appointment has been booked.')).toBeVisible()
  await page.context().close()
})

test('checkout with the keyboard up to the sandbox payment page', async ({ browser }) => {
  const page = await newPage(browser)
  await logIn(page, E2E.customer)
  await page.goto('/products')
  await tabTo(page, page.getByRole('button', { name: 'Add to cart: Cockroach Gel Bait 30g' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText('Cockroach Gel Bait 30g')

  const checkout = page.getByRole('button', { name: 'Checkout' })
  await tabTo(page, checkout)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Checkout' })
  await expect(dialog).toBeVisible()
  // Escape closes it and gives focus back to Checkout (busy while the cart was sent, never disabled).
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(checkout).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  const proceed = dialog.getByRole('button', { name: 'Proceed' })
  await tabTo(page, dialog.getByLabel('City / town'))
  await retype(page, '')
  // Proceeding with the city missing focuses it.
  await tabTo(page, proceed)
  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('City / town')).toBeFocused()
  await expect(dialog.getByLabel('City / town')).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.type('Ibadan')
  await tabTo(page, dialog.getByLabel('State'))
  await page.keyboard.type('Oyo')
  await expect(dialog.getByLabel('State')).toHaveValue('Oyo')
  await tabTo(page, proceed)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
  await page.context().close()
})

test('notifications opened from the account menu give focus back to the menu button', async ({ browser }) => {
  const page = await newPage(browser)
  await logIn(page, E2E.customer)
  const account = page.getByRole('button', { name: /^Ada Customer/ })
  await tabTo(page, account)
  await page.keyboard.press('Enter')
  await page.keyboard.press('ArrowDown')
  const entry = page.getByRole('menuitem', { name: /^Notifications/ })
  for (let i = 0; i < 6 && !(await isFocused(entry)); i++) await page.keyboard.press('ArrowDown')
  await expect(entry).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(account).toBeFocused()
  await page.context().close()
})

test("the technician's job with the keyboard: on my way, arrived, started, complete", async ({ browser }) => {
  const page = await newPage(browser, 390)
  await logIn(page, E2E.staff)
  await expect(page).toHaveURL(/\/staff$/)
  await tabTo(page, page.locator('a[href^="/staff/jobs/"]').first())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/staff\/jobs\/\d+$/)

  // The inline "unable" form takes the focus and gives it back to its button on Cancel.
  const unable = page.getByRole('button', { name: 'Unable to complete' })
  await tabTo(page, unable)
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Why can the job not be completed?')).toBeFocused()
  await tabTo(page, page.getByRole('button', { name: 'Cancel' }))
  await page.keyboard.press('Enter')
  await expect(unable).toBeFocused()

  // Each step shows the next one's button.
  for (const [button, next] of [
    ['On my way', 'Arrived'],
    ['Arrived', 'Start job'],
    ['Start job', 'Pause'],
  ] as const) {
    await tabTo(page, page.getByRole('button', { name: button, exact: true }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: next, exact: true })).toBeVisible()
  }

  // Add a treatment: the form takes the focus, and gives it back to "Add treatment" when saved.
  const add = page.getByRole('button', { name: 'Add treatment' })
  await tabTo(page, add)
  await page.keyboard.press('Space')
  await expect(page.getByLabel('Product')).toBeFocused()
  await page.keyboard.type('Cockroach Gel Bait 30g')
  for (const [label, text] of [
    ['Quantity', '2'],
    ['Target pest', 'Cockroaches'],
    ['Area', 'Kitchen'],
  ] as const) {
    await tabTo(page, page.getByLabel(label, { exact: true }))
    await retype(page, text)
  }
  await tabTo(page, page.getByRole('button', { name: 'Save treatment' }))
  await page.keyboard.press('Enter')
  await expect(add).toBeFocused()
  await expect(page.getByText('Cockroach Gel Bait 30g · 2')).toBeVisible()

  await tabTo(page, page.getByRole('button', { name: 'Complete job' }))
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Summary')).toBeFocused()
  await page.keyboard.type('Gel bait in the kitchen.')
  await tabTo(page, page.getByLabel('Customer could not sign'))
  await page.keyboard.press('Space')
  await tabTo(page, page.getByLabel('Reason'))
  await page.keyboard.type('Customer was not at home')
  await tabTo(page, page.getByRole('button', { name: 'Complete job' }).last())
  await page.keyboard.press('Enter')
  await expect(page.getByText(/Completed/).first()).toBeVisible()
  await page.context().close()
})

test('the back office: a skip link, and an empty product form focuses its first mistake', async ({
  browser,
}) => {
  const page = await newPage(browser)
  await logIn(page, E2E.admin)
  await page.goto('/admin/products')
  const add = page.getByRole('button', { name: 'Add New Product' })
  await expect(add).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()

  await tabTo(page, add)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add New Product' })
  await tabTo(page, dialog.getByRole('button', { name: 'Save Product' }))
  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()
  await page.context().close()
})
