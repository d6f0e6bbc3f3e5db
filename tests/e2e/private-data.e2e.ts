/**
 * Two customers on one phone: the second never sees the first one's appointments or notifications,
 * not even for a frame, online or with the server stopped (query cache, Dexie and the worker's caches).
 */
import { expect, test, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { logIn, postApi, serverForTheseTests, shot, waitForWorker } from './own-server'

const server = serverForTheseTests('private-data', 2000)
const second = { name: 'Bisi Second', email: 'second@e2e.ng', password: 'second-customer-password' }
// Only the first customer's booking has these: if either ever shows while the second is logged in, it leaked.
const FIRST_LOCATION = '7 Leak Check Close, Yaba'
// Within the working hours (a time outside them is an emergency call-out, worded differently).
const FIRST_TIME = '10:13'
const SECOND_LOCATION = '21 Own Data Road, Lekki'

async function book(page: Page, location: string, time: string) {
  const form = page.getByRole('form', { name: 'Appointment' })
  // A Monday to Friday, inside the working hours' days.
  const inAWeek = lagosWeekday(7)
  await form.getByLabel('WhatsApp number').fill('0803 123 4567')
  await form.getByLabel('Service', { exact: true }).selectOption('cleaning')
  await form.getByLabel('Location').fill(location)
  await form.getByLabel('Date').fill(inAWeek)
  await form.getByLabel('Time').fill(time)
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your appointment has been booked' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your appointments' }).getByText(location)).toBeVisible()
}

/** The account menu of the top bar (desktop): its button is named after the logged-in user. */
const accountMenu = (page: Page) => page.locator('header button[aria-haspopup="menu"]').first()

async function openNotifications(page: Page) {
  await accountMenu(page).click()
  await page.getByRole('menuitem', { name: /Notifications/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Notifications' })
  await expect(dialog).toBeVisible()
  return dialog
}

async function logOut(page: Page) {
  await accountMenu(page).click()
  await page.getByRole('menuitem', { name: 'Log Out' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
}

test("the next customer on the same phone never sees the last one's bookings or notifications", async ({
  browser,
}) => {
  const page = await server.newPage(browser)
  // Watches every change of the page from the moment the second customer logs in: one frame is enough.
  await page.addInitScript(
    ([location, time]) => {
      const seen = () => {
        if (localStorage.getItem('leak-watch') !== 'on') return
        const text = document.body?.innerText ?? ''
        if (text.includes(location) || text.includes(time))
          localStorage.setItem('leak-seen', text.slice(0, 500))
      }
      new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true })
    },
    [FIRST_LOCATION, '10:13'],
  )
  await page.goto('/')
  await waitForWorker(page)

  // The second customer exists (signed up on another device).
  const registered = await postApi(page.request, 'register/', {
    fullName: second.name,
    email: second.email,
    password: second.password,
  })
  expect(registered.ok()).toBe(true)

  // The first customer books and reads their notifications (all saved on the phone for offline use).
  await logIn(page, E2E.customer.email, E2E.customer.password)
  await page.goto('/book')
  await book(page, FIRST_LOCATION, FIRST_TIME)
  const firstNotifications = await openNotifications(page)
  await expect(firstNotifications.getByText(/10:13/).first()).toBeVisible()
  await firstNotifications.getByRole('button', { name: 'Close dialog' }).click()
  await logOut(page)

  // From here on, the first customer's data must never appear.
  await page.evaluate(() => localStorage.setItem('leak-watch', 'on'))
  await logIn(page, second.email, second.password)
  await page.goto('/book')
  await expect(page.getByRole('heading', { name: 'Book an Appointment' })).toBeVisible()
  await book(page, SECOND_LOCATION, '16:45')
  const secondNotifications = await openNotifications(page)
  await expect(secondNotifications.getByText(/4:45 PM/).first()).toBeVisible()
  await secondNotifications.getByRole('button', { name: 'Close dialog' }).click()

  // Offline: the worker's cache and Dexie answer, and only with the second customer's data.
  await server.stop()
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Your appointments' }).getByText(SECOND_LOCATION),
  ).toBeVisible()
  const offlineNotifications = await openNotifications(page)
  await expect(offlineNotifications.getByText(/4:45 PM/).first()).toBeVisible()
  await page.screenshot({ path: shot('private-data-second-customer-offline.png') })
  await offlineNotifications.getByRole('button', { name: 'Close dialog' }).click()
  await server.start()

  expect(await page.evaluate(() => localStorage.getItem('leak-seen'))).toBeNull()
  await page.context().close()
})
