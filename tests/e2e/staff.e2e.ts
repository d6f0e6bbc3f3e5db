/**
 * A technician's day in a real Chromium on a phone viewport, with the server process stopped for the
 * whole visit (own-server.ts: Playwright's setOffline does not cut the service worker's fetches).
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { detailedPhoto } from '../photo'
import { E2E } from './env'
import { logIn, phonePage, readDatabase, serverForTheseTests, shot, waitForWorker } from './own-server'

const server = serverForTheseTests('staff', 3000)

const phone = (browser: Browser) => phonePage(browser, server.baseURL)

/** A camera-sized photo (4000x3000 JPEG): its size after the phone's resize is like a real photo's. */
const cameraPhoto = (seed: number) =>
  detailedPhoto({ width: 4000, height: 3000, blotches: [80, 60], quality: 90, seed })

const query = <T>(sql: string, ...params: unknown[]) => readDatabase<T>(server.dbFile, sql, ...params)

/**
 * The phone's outbox as stored (IndexedDB): each entry's kind, the bytes its body will upload (JSON, or
 * the photo's Blob and its fields) and, for a photo, its pixel size and bytes.
 */
const queuedOnPhone = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('greenshield')
    const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)))
    const all = await new Promise<any[]>((r) => {
      const req = db.transaction('outbox').objectStore('outbox').getAll()
      req.onsuccess = () => r(req.result)
    })
    return Promise.all(
      all.map(async (e) => {
        if (e.bodyType !== 'multipart')
          return { kind: e.kind as string, bytes: JSON.stringify(e.body).length }
        const blob = e.body.files.image.blob as Blob
        const bitmap = await createImageBitmap(blob)
        return {
          kind: e.kind as string,
          bytes: blob.size + JSON.stringify(e.body.fields).length,
          photo: { width: bitmap.width, height: bitmap.height, bytes: blob.size },
        }
      }),
    )
  })

async function sign(page: Page) {
  const pad = page.getByRole('img', { name: /Signature pad/ })
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + 20, box.y + box.height / 2)
  await page.mouse.down()
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + 20 + i * 25, box.y + box.height / 2 + (i % 2 ? 20 : -20))
  await page.mouse.up()
}

test('a whole visit with the server down: everything arrives once, the admin and the customer see the report', async ({
  browser,
}) => {
  const page = await phone(browser)
  const uploads: number[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/staff\/jobs\/\d+\//.test(r.url()))
      uploads.push(r.postDataBuffer()?.length ?? 0)
  })

  // The morning visit, online: the jobs and the catalogue are saved on the phone.
  await logIn(page, E2E.staff.email, E2E.staff.password)
  await expect(page).toHaveURL(/\/staff$/)
  await waitForWorker(page)
  await expect(page.getByText(/4 jobs saved on this phone/)).toBeVisible()
  await expect(page.getByText(/Catalogue saved: 14 products/)).toBeVisible()
  const jobId = query<{ id: number }>(
    "SELECT id FROM bookings WHERE full_name = 'Ada Customer' AND time = '09:00'",
  )[0]!.id

  // No network at all from here on, for the page and the service worker alike.
  await server.stop()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your jobs' })).toBeVisible()
  await page.getByRole('link', { name: /^9:00 AM .*Ada Customer/ }).click()
  await expect(page.getByRole('heading', { name: 'Ada Customer' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:08031234567')
  await expect(page.getByRole('link', { name: 'WhatsApp', exact: true })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/2348031234567\?text=.*on%20my%20way/,
  )

  await page.getByRole('button', { name: 'On my way' }).click()
  await expect(page.getByText('On my way · waiting to sync').first()).toBeVisible()
  await page.getByRole('button', { name: 'Arrived' }).click()
  await page.getByRole('button', { name: 'Start job' }).click()
  await expect(page.getByText('Started · waiting to sync').first()).toBeVisible()

  await page.getByRole('button', { name: 'Add treatment' }).click()
  await page.getByLabel('Product').fill('Cypermethrin 10% EC')
  await page.getByLabel('Quantity').fill('250')
  await page.getByLabel('Target pest').fill('Cockroaches')
  await page.getByLabel('Area').fill('Kitchen and bathroom')
  await page.getByLabel('Method').fill('Spray')
  await page.getByRole('button', { name: 'Save treatment' }).click()
  await expect(page.getByText('Cypermethrin 10% EC · 250 ml')).toBeVisible()

  for (const [kind, seed] of [
    ['before', 7],
    ['after', 11],
  ] as const) {
    await page.getByLabel('Photo type').selectOption(kind)
    await page.getByLabel('Add photo').setInputFiles({
      name: `${kind}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(seed),
    })
    await expect(page.getByRole('img', { name: `${kind} photo` })).toBeVisible()
  }
  // Stored resized (about 1280 px on the long side), not as the 4000 px camera file.
  const stored = (await queuedOnPhone(page)).filter((e) => e.kind === 'job-photo').map((e) => e.photo!)
  expect(stored.map((s) => [s.width, s.height])).toEqual([
    [1280, 960],
    [1280, 960],
  ])

  await page.getByRole('button', { name: 'Complete job' }).click()
  await page.getByLabel('Summary').fill('Sprayed kitchen and bathroom; gel bait behind the fridge.')
  await page.getByLabel('Recommendations').fill('Keep food sealed; no mopping for 48 hours.')
  await page.getByLabel('Customer name').fill('Ada Customer')
  await sign(page)
  await page.getByRole('button', { name: 'Complete job' }).click()
  await expect(page.getByText('Completed · waiting to sync').first()).toBeVisible()
  await page.screenshot({ path: shot('staff-offline-completed.png'), fullPage: true })
  await page.getByRole('link', { name: 'Your jobs' }).click()
  await expect(page.getByText('7 updates waiting to sync')).toBeVisible()
  // What the completed job will upload: each queued body (JSON, or the photo's Blob and its fields).
  const payload = (await queuedOnPhone(page)).reduce((sum, e) => sum + e.bytes, 0)
  expect(query('SELECT id FROM job_events WHERE booking_id = ?', jobId)).toHaveLength(0)

  // Data again: announce it as the browser does; everything goes, once.
  await server.start()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByText('Everything is synced.')).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.waitForTimeout(1000)
  expect(
    query<{ type: string }>('SELECT type FROM job_events WHERE booking_id = ? ORDER BY id', jobId),
  ).toEqual([{ type: 'on_my_way' }, { type: 'arrived' }, { type: 'started' }, { type: 'completed' }])
  expect(query('SELECT id FROM job_treatments WHERE booking_id = ?', jobId)).toHaveLength(1)
  expect(query('SELECT id FROM job_photos WHERE booking_id = ?', jobId)).toHaveLength(2)
  expect(query<{ status: string }>('SELECT status FROM bookings WHERE id = ?', jobId)).toEqual([
    { status: 'Completed' },
  ])
  console.log(
    `Completed job upload: ${payload} bytes of bodies in ${uploads.length} requests ` +
      `(two photos, resized on the phone to ${stored.map((s) => s.bytes).join(' and ')} bytes)`,
  )
  await page.context().close()

  // The dispatcher sees it Completed with the report.
  const admin = await browser.newPage({ baseURL: server.baseURL })
  await logIn(admin, E2E.admin.email, E2E.admin.password)
  await admin.goto('/admin/bookings')
  const row = admin
    .getByRole('row', { name: /Ada Customer/ })
    .filter({ hasText: 'Completed' })
    .first()
  await expect(row.getByRole('link', { name: 'Service report' })).toHaveAttribute(
    'href',
    `/api/staff/jobs/${jobId}/report`,
  )
  await expect(row).toContainText('Femi Technician')
  await admin.screenshot({ path: shot('staff-admin-bookings.png') })
  await admin.context().close()

  // The customer's report shows the treatment and the signer.
  const customer = await phone(browser)
  await logIn(customer, E2E.customer.email, E2E.customer.password)
  await waitForWorker(customer)
  await customer.goto(`/api/staff/jobs/${jobId}/report`)
  await expect(customer.getByText('Cypermethrin 10% EC')).toBeVisible()
  await expect(customer.getByRole('cell', { name: 'Kitchen and bathroom' })).toBeVisible()
  await expect(customer.getByText(/Signed by\s+Ada Customer/)).toBeVisible()
  await expect(customer.getByRole('img', { name: 'Signature of Ada Customer' })).toBeVisible()
  await customer.screenshot({ path: shot('staff-report.png'), fullPage: true })
  // Once opened, the report stays readable with no connection.
  await server.stop()
  await customer.reload()
  await expect(customer.getByText(/Signed by\s+Ada Customer/)).toBeVisible()
  await server.start()
  await customer.context().close()
})

test('figures: the morning download and opening /staff offline on a phone with a 4x slower CPU', async ({
  browser,
}) => {
  const page = await phone(browser)
  const sizes = new Map<string, number>()
  page.on('response', async (r) => {
    const path = new URL(r.url()).pathname
    if (/\/api\/(staff\/jobs\/|add\/products\/)$/.test(path))
      sizes.set(path, (await r.body().catch(() => Buffer.alloc(0))).length)
  })
  await logIn(page, E2E.staff.email, E2E.staff.password)
  await waitForWorker(page)
  await expect(page.getByText(/jobs saved on this phone/)).toBeVisible()
  await server.stop()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const started = Date.now()
  await page.goto('/staff')
  await expect(page.getByRole('link', { name: /Emeka Nwosu/ })).toBeVisible()
  const openMs = Date.now() - started
  console.log(
    `Morning download: jobs ${sizes.get('/api/staff/jobs/')} bytes + catalogue ${sizes.get('/api/add/products/')} bytes; ` +
      `/staff opened offline (4x CPU slowdown) in ${openMs} ms`,
  )
  await page.context().close()
  await server.start()
})
