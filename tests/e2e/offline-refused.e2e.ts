/**
 * A technician's update refused by the server after it waited offline: corrected in the sync panel,
 * sent again, and recorded once. The server process is stopped for the offline part (own-server.ts).
 */
import { expect, test } from '@playwright/test'
import { E2E } from './env'
import { logIn, readDatabase, serverForTheseTests, shot, waitForWorker } from './own-server'

const server = serverForTheseTests('offline-refused', 1000)

const query = <T>(sql: string, ...params: unknown[]) => readDatabase<T>(server.dbFile, sql, ...params)

test('a treatment refused at sync is corrected in the sync panel, sent again, and arrives once', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await context.newPage()
  const corrections: string[] = []
  context.on('request', (r) => {
    if (r.method() === 'POST' && /\/treatments\/[^/]+\/correction\/?$/.test(r.url()))
      corrections.push(r.url())
  })

  // The morning visit, online; the technician arrives while there is data.
  await logIn(page, E2E.staff.email, E2E.staff.password)
  await expect(page).toHaveURL(/\/staff$/)
  await waitForWorker(page)
  await expect(page.getByText(/4 jobs saved on this phone/)).toBeVisible()
  const jobId = query<{ id: number }>(
    "SELECT id FROM bookings WHERE full_name = 'Ada Customer' AND time = '09:00'",
  )[0]!.id
  await page.getByRole('link', { name: /^9:00 AM .*Ada Customer/ }).click()
  await page.getByRole('button', { name: 'Arrived' }).click()
  await expect.poll(() => query('SELECT id FROM job_events WHERE booking_id = ?', jobId).length).toBe(1)

  // Meanwhile the office marks the booking completed; the phone does not know yet.
  const office = await browser.newContext({ baseURL: server.baseURL })
  const admin = await office.newPage()
  await logIn(admin, E2E.admin.email, E2E.admin.password)
  const csrf = (await office.cookies()).find((c) => c.name === 'csrftoken')!.value
  const done = await office.request.post(`/api/admins/actions/${jobId}/`, {
    headers: { 'X-CSRFToken': csrf },
  })
  expect(await done.json()).toMatchObject({ status: 'Completed' })
  await office.close()

  // No network: the treatment is checked on the phone before it is queued.
  await server.stop()
  await page.getByRole('button', { name: 'Add treatment' }).click()
  await page.getByLabel('Product').fill('Cypermethrin 10% EC')
  await page.getByLabel('Quantity').fill('250')
  await page.getByLabel('Target pest').fill('Cockroaches')
  const tooLong = 'Kitchen, store room, '.repeat(10) + 'and the boys quarters'
  await page.getByLabel('Area').fill(tooLong)
  await page.getByRole('button', { name: 'Save treatment' }).click()
  await expect(page.getByText('Area must be at most 200 characters')).toBeVisible()
  await expect(page.getByLabel('Area')).toBeFocused()
  await expect(page.getByLabel('Area')).toHaveValue(tooLong)
  await page.getByLabel('Area').fill('Kitchen and store room')
  await page.getByRole('button', { name: 'Save treatment' }).click()
  await expect(page.getByText('Cypermethrin 10% EC · 250 ml')).toBeVisible()
  await expect(page.getByText('waiting to sync')).toBeVisible()

  // Data again: the server refuses it (the job was completed meanwhile); the phone keeps it, with why.
  await server.start()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  const refused = page.getByRole('list', { name: 'Not accepted' }).getByRole('listitem')
  await expect(refused).toContainText(
    'Not accepted: Treatment: Cypermethrin 10% EC, 250 ml for Cockroaches',
    {
      timeout: 20_000,
    },
  )
  await expect(refused).toContainText('This job is Completed: adding a treatment is not possible now.')
  expect(query('SELECT id FROM job_treatments WHERE booking_id = ?', jobId)).toHaveLength(0)

  // The sync panel on the job sheet names the customer, and opens the refused item to correct it.
  await page.getByRole('link', { name: 'Your jobs' }).click()
  const panel = page.getByRole('region', { name: 'Sync' })
  const item = panel.getByRole('list', { name: 'Not accepted' }).getByRole('listitem')
  await expect(item).toContainText('Ada Customer · Fumigation')
  await expect(item).not.toContainText('Job #')
  await item.getByRole('button', { name: 'Correct and send again' }).click()
  await expect(item.getByLabel('Area')).toHaveValue('Kitchen and store room')
  await item.getByLabel('Area').fill('Kitchen, store room and the boys’ quarters')
  await item.getByLabel('Quantity').fill('300')
  await page.screenshot({ path: shot('offline-refused-correcting.png'), fullPage: true })
  await item.getByRole('button', { name: 'Save and send again' }).click()
  await expect(panel.getByText('Everything is synced.')).toBeVisible({ timeout: 20_000 })

  // Once, even after a reload and another replay.
  await page.reload()
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await page.waitForTimeout(1000)
  const rows = query<{ area: string; quantity: number; corrected_at: string | null }>(
    'SELECT area, quantity, corrected_at FROM job_treatments WHERE booking_id = ?',
    jobId,
  )
  expect(rows).toEqual([
    { area: 'Kitchen, store room and the boys’ quarters', quantity: 300, corrected_at: expect.any(String) },
  ])
  expect(query('SELECT id FROM job_treatment_corrections WHERE booking_id = ?', jobId)).toHaveLength(1)
  expect(corrections.length).toBeGreaterThanOrEqual(1)

  // The job page shows it, noted as corrected, by whom.
  await page.getByRole('link', { name: /^9:00 AM .*Ada Customer/ }).click()
  await expect(page.getByText('Kitchen, store room and the boys’ quarters')).toBeVisible()
  await expect(page.getByText(/Corrected by Femi Technician/)).toBeVisible()
  await page.screenshot({ path: shot('offline-refused-job.png'), fullPage: true })
  await context.close()
})
