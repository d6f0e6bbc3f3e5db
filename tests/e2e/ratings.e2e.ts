/**
 * A rating in a real Chromium: after a completed visit the customer follows the completion message's link on
 * a phone without logging in, gives 5 stars and agrees to show it; the office sees it per technician and
 * shows it; it reads on /reviews.
 */
import { expect, test } from '@playwright/test'
import { E2E } from './env'
import { loggedIn } from './own-server'
import { completedVisit } from './visits'
import { NARROW, PHONE, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'

test('the customer rates a completed visit by its link; the office publishes it on Reviews', async ({
  browser,
}) => {
  const admin = await loggedIn(browser, E2E.admin)
  await completedVisit(browser, admin, { time: '13:00', info: 'Rating test' })

  // The completion's notification holds the link (the email and SMS carry the same).
  const customer = await loggedIn(browser, E2E.customer)
  const notes = (await (await customer.request.get('/api/users/notifications/')).json()) as {
    heading: string
    link: string | null
  }[]
  const link = notes.find((n) => n.heading === 'How Did We Do?')?.link
  expect(link).toMatch(/^\/rate\/rating\./)
  await customer.context().close()

  const phone = await (await browser.newContext({ viewport: PHONE, baseURL: E2E.baseURL })).newPage()
  await phone.goto(`${link}?stars=5`)
  await expect(phone.getByRole('radio', { name: '5 stars: Excellent' })).toBeChecked()
  await phone.getByLabel('Comment (optional)').fill('On time and thorough. Rating test.')
  await phone.getByRole('checkbox', { name: /You may show my rating/ }).check()
  await settled(phone)
  await expectNoAxeViolations(phone, 'the rating page')
  await phone.getByRole('button', { name: 'Send my rating' }).click()
  await expect(phone.getByText('Thank you for rating our visit!')).toBeVisible()
  await phone.setViewportSize(NARROW)
  expect(await sidewaysOverflow(phone)).toBe(0)

  await admin.goto('/admin/ratings')
  const latest = admin.getByRole('list', { name: 'Latest ratings' })
  const mine = latest.getByRole('listitem').filter({ hasText: 'Rating test' })
  await expect(mine).toBeVisible()
  await settled(admin)
  await expectNoAxeViolations(admin, 'the office’s ratings')
  await mine.getByRole('button', { name: 'Show on Reviews' }).click()
  await expect(admin.getByText('Shown as a testimonial.')).toBeVisible()

  await phone.goto('/reviews')
  await expect(phone.getByText('“On time and thorough. Rating test.”')).toBeVisible()
  await expectNoAxeViolations(phone, 'reviews')
  await phone.context().close()
  await admin.context().close()
})
