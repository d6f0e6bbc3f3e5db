/**
 * Offline-first in a real Chromium, against the production build.
 *
 * How "offline" is made: Playwright's context.setOffline(true) does not cut the service worker's own
 * fetches (docs/pitfalls.md), so these tests start their OWN server process (node
 * <E2E_SERVER_ENTRY>, its own port and data folder) and kill it to go offline, then start it again on
 * the same port and database (own-server.ts). The webServer of playwright.config.ts is not used here.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import {
  fillAppointment,
  logIn,
  readDatabase,
  readPhone,
  serverForTheseTests,
  shot,
  spaDir,
  waitForWorker,
} from './own-server'
const server = serverForTheseTests('offline', 1000)
const { baseURL, dbFile } = server

const newPage = (browser: Browser) => server.newPage(browser)

const PAGES = ['/', '/about', '/services', '/products', '/contact']
const PRODUCT = 'Termite Killer Concentrate 1L'

test('pages visited online reload with the server gone, the catalogue included', async ({ browser }) => {
  const page = await newPage(browser)
  await page.goto('/')
  await waitForWorker(page)

  const headings: Record<string, string> = {}
  for (const url of PAGES) {
    await page.goto(url)
    const h1 = page.getByRole('heading', { level: 1 }).first()
    await expect(h1).toBeVisible()
    headings[url] = (await h1.innerText()).trim()
    if (url === '/products') await expect(page.getByText(PRODUCT).first()).toBeVisible()
  }

  await server.stop()
  for (const url of PAGES) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(headings[url])
    if (url === '/products') {
      await expect(page.getByText(PRODUCT).first()).toBeVisible()
      await page.screenshot({ path: shot('offline-products.png') })
    }
  }
  await page.context().close()
  await server.start()
})

test("a logged-out first visit to /products opens offline from the worker's copy, with no device database", async ({
  browser,
}) => {
  const page = await newPage(browser)
  // The catalogue is fetched before the worker exists: the worker caches it itself when it installs.
  await page.goto('/products')
  await expect(page.getByText(PRODUCT).first()).toBeVisible()
  await waitForWorker(page)
  // The app's own database (src/offline/device.ts); the worker's cache expiry keeps one of its own.
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))
  expect(await databases()).not.toContain('greenshield')

  await server.stop()
  await page.reload()
  await expect(page.getByRole('list', { name: 'Products' }).getByText(PRODUCT).first()).toBeVisible()
  await expect(page.getByText('We could not load the products')).toHaveCount(0)
  // Shown from the worker's cache: the page still has not created the database.
  expect(await databases()).not.toContain('greenshield')
  await page.context().close()
  await server.start()
})

/** Paths of the files in the service worker's caches whose name contains `cache`. */
const cachedPaths = (page: Page, cache: string) =>
  page.evaluate(async (part) => {
    const paths: string[] = []
    for (const name of await caches.keys())
      if (name.includes(part))
        for (const request of await (await caches.open(name)).keys())
          paths.push(new URL(request.url).pathname)
    return paths
  }, cache)

test("the back office is not precached for visitors, and an admin's screens open with the server gone", async ({
  browser,
}) => {
  const page = await newPage(browser)
  await page.goto('/about')
  await waitForWorker(page)
  const precached = await cachedPaths(page, 'precache')
  expect(precached).toContain('/about.html')
  expect(precached.filter((p) => /admin-layout|orders-screen|dashboard-screen/.test(p))).toEqual([])

  // Logging in as admin caches every back-office screen, including ones never opened.
  await logIn(page, E2E.admin.email, E2E.admin.password)
  await expect(page).toHaveURL(/\/admin$/)
  await expect
    .poll(async () => (await cachedPaths(page, 'role-assets')).some((p) => p.includes('orders-screen')))
    .toBe(true)

  await server.stop()
  await page.goto('/admin/orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Order Management' })).toBeVisible()
  await page.context().close()
  await server.start()
})

/** Bookings of the demo customer in the server's database file. */
function bookingsInDatabase() {
  return readDatabase<{ n: number }>(
    dbFile,
    'SELECT COUNT(*) AS n FROM bookings b JOIN users u ON u.id = b.user_id WHERE u.email = ?',
    E2E.customer.email,
  )[0]!.n
}

/** Entries left in the outbox (the app's IndexedDB). */
const outboxCount = (page: Page) => readPhone(page, 'outbox', 'count')

/** Logs the customer in, opens /book while online, stops the server and books: the booking is queued. */
async function bookWithServerDown(browser: Browser, time: string) {
  const page = await newPage(browser)
  await page.goto('/login')
  await waitForWorker(page)
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E.customer.email)
  await page.getByLabel('Password', { exact: true }).fill(E2E.customer.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.getByRole('button', { name: 'Book an Appointment' }).first().click()
  await expect(page).toHaveURL(/\/book$/)
  await server.stop()
  // A cold start with no network: the shell comes from the precache and the session store falls back
  // to the last confirmed user, so the customer stays on /book instead of being sent to /login.
  await page.reload()
  await expect(page).toHaveURL(/\/book$/)

  // A Monday to Friday: on a weekend the booking would be an emergency call-out.
  const form = await fillAppointment(page, lagosWeekday(1), time)
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(
    page.getByText('Saved on this phone — it will be sent as soon as the network answers'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: '1 waiting to be sent' })).toBeVisible()
  return page
}

test('a booking made with the server down waits in the outbox and is sent exactly once', async ({
  browser,
}) => {
  const before = bookingsInDatabase()
  const page = await bookWithServerDown(browser, '10:30')

  await page.getByRole('button', { name: '1 waiting to be sent' }).click()
  const panel = page.getByRole('dialog', { name: 'Waiting to be sent' })
  await expect(panel.getByText('Waiting for connection')).toBeVisible()
  await expect(panel.getByText(/Fumigation on .* at 10:30 AM, 12 Allen Avenue/)).toBeVisible()
  await page.screenshot({ path: shot('offline-outbox-panel.png') })
  await panel.getByRole('button', { name: 'Close dialog' }).click()
  expect(bookingsInDatabase()).toBe(before)

  // Back online. setOffline(false) fires no 'sync', and the network never went away for the browser:
  // announce it the way the browser does when the connection returns.
  await server.start()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByRole('button', { name: /waiting to be sent/ })).toHaveCount(0)
  expect(bookingsInDatabase()).toBe(before + 1)

  // Further replays (reload = app start, online again) send nothing twice.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Book an Appointment' })).toBeVisible()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.waitForTimeout(1000)
  expect(bookingsInDatabase()).toBe(before + 1)
  expect(await outboxCount(page)).toBe(0)
  await page.context().close()
})

test("with the app closed, the service worker's Background Sync sends the queued booking", async ({
  browser,
}) => {
  const before = bookingsInDatabase()
  const page = await bookWithServerDown(browser, '15:45')
  const context = page.context()
  // Only a blank page of the origin stays open: no app code runs, so only the worker can send.
  const blank = await context.newPage()
  await blank.goto('/icons/icon-192.png')
  await page.close()
  await server.start()

  // Chromium fires 'sync' itself when it sees connectivity return; here the network never left, so
  // fire it through DevTools, as the browser would.
  const cdp = await context.newCDPSession(blank)
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted)
      if (ours) resolve(ours.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: baseURL,
    registrationId: await registration,
    tag: 'outbox',
    lastChance: false,
  })
  await expect.poll(bookingsInDatabase, { timeout: 15_000 }).toBe(before + 1)
  await expect.poll(() => outboxCount(blank)).toBe(0)
  await context.close()
})

test('a deploy with a changed service worker shows the update prompt, and Reload activates it', async ({
  browser,
}) => {
  // Build B = build A with a different sw.js (as any new deploy has): the browser compares the bytes.
  const buildB = path.join(server.dataDir, 'build-b')
  fs.cpSync(spaDir, buildB, { recursive: true })
  fs.appendFileSync(path.join(buildB, 'sw.js'), `\n// build B ${Date.now()}\n`)

  const page = await newPage(browser)
  await page.goto('/')
  await waitForWorker(page)
  await expect(page.getByText('A new version is available')).toHaveCount(0)

  await server.stop()
  await server.start(buildB)
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
  const toast = page.getByRole('alert').filter({ hasText: 'A new version is available' })
  await expect(toast).toBeVisible()
  await page.screenshot({ path: shot('offline-update-toast.png') })

  const workers = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return {
        waiting: !!registration?.waiting,
        controlledByActive: navigator.serviceWorker.controller === registration?.active,
      }
    })
  expect(await workers()).toEqual({ waiting: true, controlledByActive: true })
  await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Reload' }).click()])
  await waitForWorker(page)
  // The new worker took over: nothing waits any more.
  expect(await workers()).toEqual({ waiting: false, controlledByActive: true })
  await expect(page.getByText('A new version is available')).toHaveCount(0)
  await page.context().close()
})
