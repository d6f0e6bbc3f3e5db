/**
 * A service plan in a real Chromium: after a completed visit, the customer on a phone follows My bookings'
 * "Book the next visit every 3 months", starts the plan, and finds the next visit booked; when that visit is
 * completed, the one after it is booked, once; the office sees the plan.
 */
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E, screenshotsOf } from './env'
import { loggedIn, readDatabase } from './own-server'
import { call, completedVisit } from './visits'
import { NARROW, PHONE, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'

const shot = screenshotsOf('plans')
const query = <T>(sql: string, ...params: unknown[]) =>
  readDatabase<T>(path.join(E2E.dataDir, 'app.db'), sql, ...params)

test('the customer starts a plan from a completed visit; completing its visit books the next one once', async ({
  browser,
}) => {
  const admin = await loggedIn(browser, E2E.admin)
  const visitId = await completedVisit(browser, admin, { time: '12:00', info: 'Plan test' })

  // The customer, on a phone: My bookings offers the visit again.
  const phone = await loggedIn(browser, E2E.customer)
  await phone.setViewportSize(PHONE)
  await phone.goto('/book')
  await phone.locator(`a[href="/plans?from=${visitId}"]`).first().click()
  await expect(phone).toHaveURL(new RegExp(`/plans\\?from=${visitId}$`))
  const offer = phone.getByRole('region', { name: 'Book the next visit every 3 months' })
  await expect(offer).toBeVisible()
  await settled(phone)
  await expectNoAxeViolations(phone, 'the plan offer')
  await phone.screenshot({ path: shot('plan-offer-phone.png'), fullPage: true })
  await offer.getByRole('button', { name: 'Start the plan' }).click()
  await expect(phone.getByText(/^Done: a fumigation visit every 3 months\. Next visit: /)).toBeVisible()
  const card = phone.getByRole('article', { name: 'Fumigation every 3 months' })
  await expect(card).toContainText(/Next visit: .+ at 12:00 PM \(Pending\)/)
  await phone.setViewportSize(NARROW)
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.screenshot({ path: shot('plans-320.png'), fullPage: true })
  await expectNoAxeViolations(phone, 'my plans')

  const [plan] = query<{ id: number }>('SELECT id FROM service_plans WHERE source_booking_id = ?', visitId)
  const visits = () =>
    query<{ id: number; status: string }>(
      'SELECT id, status FROM bookings WHERE plan_id = ? ORDER BY date',
      plan.id,
    )
  expect(visits()).toEqual([{ id: expect.any(Number), status: 'Pending' }])
  // The booking is among the customer's, marked as the plan's.
  await phone.goto('/book')
  await expect(phone.getByRole('link', { name: 'Part of your plan' }).first()).toBeVisible()

  // The office completes the plan's visit: the next one is booked, once (a second press changes nothing).
  const [next] = visits()
  await call(admin, `admins/actions/${next.id}/`) // Confirmed
  await call(admin, `admins/actions/${next.id}/`) // Completed
  const again = await admin.request.post(`/api/admins/actions/${next.id}/`, {
    headers: { 'X-CSRFToken': (await (await admin.request.get('/api/token')).json()).token },
  })
  expect(again.status()).toBe(409)
  expect(visits().map((v) => v.status)).toEqual(['Completed', 'Pending'])

  await admin.goto('/admin/plans')
  const row = admin
    .getByRole('article', { name: 'Fumigation every 3 months' })
    .filter({ hasText: 'Ada Customer' })
  await expect(row.first()).toContainText('Next visit:')
  await settled(admin)
  await expectNoAxeViolations(admin, 'the office’s plans')
  await admin.screenshot({ path: shot('admin-plans-desktop.png'), fullPage: true })
  await phone.context().close()
  await admin.context().close()
})
