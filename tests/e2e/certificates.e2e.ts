/**
 * A fumigation certificate in a real Chromium: the office issues it for a completed visit, the customer
 * finds it among their documents and opens the printable page, and a stranger on a phone opens the address
 * printed on it and reads Valid with the business name.
 */
import { expect, test } from '@playwright/test'
import { E2E, screenshotsOf } from './env'
import { loggedIn } from './own-server'
import { completedVisit } from './visits'
import { DESKTOP, NARROW, PHONE, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'

const shot = screenshotsOf('certificates')

test('the office issues a certificate for a completed visit; the customer prints it; anyone checks it on a phone', async ({
  browser,
}) => {
  const admin = await loggedIn(browser, E2E.admin)
  const bookingId = await completedVisit(browser, admin, { time: '14:00', info: 'Certificate test' })

  // The booking's "Issue certificate" opens the form filled from the booking.
  await admin.goto(`/admin/certificates?booking=${bookingId}`)
  const form = admin.getByRole('form', { name: 'New certificate' })
  await expect(form.getByText('Cypermethrin 10% EC, 250 ml')).toBeVisible()
  await form.getByLabel(/^Business name/).fill('Marina Foods Ltd')
  await settled(admin)
  await expectNoAxeViolations(admin, 'the issue form')
  await form.getByRole('button', { name: 'Issue certificate' }).click()
  const issued = admin.getByRole('status').filter({ hasText: /Certificate FC-\d{4}-\d{4} issued\./ })
  await expect(issued).toBeVisible()
  const number = (await issued.textContent())!.match(/FC-\d{4}-\d{4}/)![0]
  await admin.context().close()

  // The customer's documents list it; it opens the printable page with the public address on it.
  const customer = await loggedIn(browser, E2E.customer)
  await customer.goto('/documents')
  const certificates = customer.getByRole('region', { name: 'Fumigation certificates' })
  const link = certificates.getByRole('link', { name: number })
  await expect(link).toBeVisible()
  await expect(certificates).toContainText('Marina Foods Ltd')
  await customer.goto((await link.getAttribute('href'))!)
  await expect(customer.getByRole('heading', { name: 'Fumigation Certificate' })).toBeVisible()
  await expect(customer.getByText(number)).toBeVisible()
  const verifyUrl = (await customer
    .getByRole('link', { name: /\/certificates\/[a-z2-7]{20}$/ })
    .textContent())!
  await customer.screenshot({ path: shot('certificate-print-desktop.png'), fullPage: true })
  await customer.setViewportSize(PHONE)
  await customer.screenshot({ path: shot('certificate-print-phone.png'), fullPage: true })
  await customer.context().close()

  // Anyone, on a phone, at the address printed on it.
  const phone = await (await browser.newContext({ viewport: PHONE, baseURL: E2E.baseURL })).newPage()
  await phone.goto(new URL(verifyUrl).pathname)
  await expect(phone.getByRole('heading', { name: 'Certificate check' })).toBeVisible()
  await expect(phone.getByText('Valid', { exact: true })).toBeVisible()
  await expect(phone.getByText('Marina Foods Ltd')).toBeVisible()
  // Nothing else: not the premises, not the treatments.
  await expect(phone.getByText('Marina Road')).toHaveCount(0)
  await expect(phone.getByText('Cypermethrin')).toHaveCount(0)
  await settled(phone)
  await expectNoAxeViolations(phone, 'the certificate check')
  await phone.screenshot({ path: shot('certificate-check-phone.png'), fullPage: true })
  await phone.setViewportSize(NARROW)
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.setViewportSize(DESKTOP)
  await phone.screenshot({ path: shot('certificate-check-desktop.png'), fullPage: true })
  await phone.context().close()
})
