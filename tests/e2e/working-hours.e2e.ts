import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { DESKTOP, logInAs, PHONE } from './a11y-helpers'
import { waitForWorker } from './own-server'

const shot = (name: string) =>
  fileURLToPath(new URL(`./screenshots/working-hours-${name}.png`, import.meta.url))

async function saveHours(page: Page, start: string, saturday: boolean) {
  await page.goto('/admin/booking-rules')
  await page.getByLabel('Opening time').fill(start)
  await page.getByRole('checkbox', { name: 'Saturday' }).setChecked(saturday)
  await page.getByRole('button', { name: 'Save booking rules' }).click()
}

test('hours saved in Booking Rules are the ones a visitor reads on the Contact page and in the footer', async ({
  page,
  browser,
}) => {
  await logInAs(page, 'admin')
  await saveHours(page, '08:00', true)
  await expect(page.getByText('Working hours: Mon–Sat 8:00 AM to 7:00 PM.')).toBeVisible()
  try {
    // A first-time visitor: nothing kept on the device, so the hours come from the server.
    const visitor = await browser.newContext({ viewport: PHONE })
    const contact = await visitor.newPage()
    await contact.goto('/contact')
    const card = contact
      .getByRole('listitem')
      .filter({ has: contact.getByRole('heading', { name: 'Opening hours' }) })
    await expect(card.getByText('Mon–Sat 8:00 AM to 7:00 PM')).toBeVisible()
    await expect(contact.getByRole('contentinfo').getByText('Mon–Sat 8:00 AM to 7:00 PM')).toBeVisible()
    await expect(contact.getByText('Mon–Fri 9:00 AM to 7:00 PM')).toHaveCount(0)
    await contact.screenshot({ path: shot('contact-phone'), fullPage: true })
    await contact.setViewportSize(DESKTOP)
    await contact.screenshot({ path: shot('contact-desktop'), fullPage: true })

    // Offline on the next visit: the hours kept from the last answer, not the prerendered default.
    await waitForWorker(contact)
    await visitor.setOffline(true)
    await contact.reload()
    await expect(card.getByText('Mon–Sat 8:00 AM to 7:00 PM')).toBeVisible()
    await visitor.close()
  } finally {
    // The other browser tests share this server and expect the default hours.
    await saveHours(page, '09:00', false)
    await expect(page.getByText('Working hours: Mon–Fri 9:00 AM to 7:00 PM.')).toBeVisible()
  }
})
