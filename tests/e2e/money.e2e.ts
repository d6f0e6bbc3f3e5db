import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { addDays, BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'
import {
  DESKTOP,
  elementsPastTheEdge,
  expectNoAxeViolations,
  NARROW,
  PHONE,
  settled,
  sidewaysOverflow,
} from './a11y-helpers'
import { adminPageForTheseTests } from './own-server'

/**
 * The owner's money on the dashboard, against the build on the seeded database (the demo customer's two
 * paid checkouts, SEED-0001 and SEED-0002): the income chart and its table, and the accountant's CSV.
 */
test.describe.configure({ mode: 'serial' })

const shots = new URL('./screenshots/', import.meta.url).pathname
let page: Page

adminPageForTheseTests({ viewport: DESKTOP, acceptDownloads: true }, (p) => (page = p))

test('the income chart, with its figures as a table, passes axe at phone and desktop size', async () => {
  await page.goto('/admin')
  const chart = page.getByRole('img', { name: /^Income by month/ })
  await expect(chart).toBeVisible()
  // The seed's paid checkouts (₦45,500 and ₦29,000, days ago) are in it, with whatever other specs paid.
  await expect(chart).toHaveAttribute('aria-label', /: ₦[\d,]+\.\d\d in all; highest in /)

  await page.getByRole('button', { name: 'Show as table' }).click()
  const table = page.getByRole('table', { name: /Income by month/ })
  await expect(table.getByRole('row')).toHaveCount(13)
  await expect(table.getByRole('row').last()).toContainText(
    new Date().toLocaleDateString('en-NG', { month: 'long', year: 'numeric', timeZone: BUSINESS_TIME_ZONE }),
  )
  await expect(page.getByText('Settled by the payment gateway')).toBeVisible()

  await settled(page)
  await expectNoAxeViolations(page, 'dashboard with the income table')
  await page.screenshot({ path: `${shots}money-dashboard-desktop.png`, fullPage: true })
  await page.setViewportSize(PHONE)
  await settled(page)
  await expectNoAxeViolations(page, 'dashboard on a phone')
  await page.screenshot({ path: `${shots}money-dashboard-phone.png`, fullPage: true })
  const money = page.getByRole('region', { name: 'Money', exact: true })
  await money.screenshot({ path: `${shots}money-section-phone.png` })
  await page.setViewportSize(NARROW)
  await settled(page)
  await money.screenshot({ path: `${shots}money-section-320.png` })
  expect(await sidewaysOverflow(page), (await elementsPastTheEdge(page)).join('\n')).toBeLessThanOrEqual(0)
  await page.setViewportSize(DESKTOP)
})

test('the export for the accountant downloads a CSV holding the seeded payments', async () => {
  await page.goto('/admin')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Download CSV' }) })
  const today = todayIso(new Date(), BUSINESS_TIME_ZONE)
  // A range the wrong way round is refused under To, before any download.
  await form.getByLabel('From').fill(today)
  await form.getByLabel('To').fill(addDays(today, -1))
  await form.getByRole('button', { name: 'Download CSV' }).click()
  await expect(form.getByText('To must be on or after From')).toBeVisible()
  await expect(form.getByLabel('To')).toBeFocused()

  await form.getByLabel('From').fill(addDays(today, -30))
  await form.getByLabel('To').fill(today)
  const downloading = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Download CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`greenshield-money-${addDays(today, -30)}-to-${today}.csv`)
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe(
    'Date (Lagos),Kind,Stream,Method,Source,Amount (NGN),Reference,Customer or account,"Order, booking or note"',
  )
  const seeded = lines.filter((l) => /,SEED-000[12],/.test(l))
  expect(seeded).toHaveLength(2)
  expect(seeded.join('\n')).toMatch(/,income,products,card,gateway,45500\.00,SEED-000\d,/)
  expect(seeded.join('\n')).toMatch(/,income,products,card,gateway,29000\.00,SEED-000\d,/)
  // The failed checkout (SEED-0003) took no money: not in the ledger.
  expect(csv).not.toContain('SEED-0003')
  await expect(form.getByText(/^Downloading the payments CSV of /)).toBeVisible()
})
