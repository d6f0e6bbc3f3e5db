/**
 * The day-before reminder in a real Chromium: the reminder pass runs for the day before the customer's visit
 * (the clock pinned there: it runs from 09:00 Lagos, and a browser test runs at any hour), and the customer
 * answers its no-login link on a phone: "Yes, I will be there".
 */
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { openDatabase } from '../../api/db'
import { sendDueReminders } from '../../api/lib/reminders'
import { addDays } from '../../contract/dates'
import { E2E, lagosWeekday } from './env'
import { loggedIn } from './own-server'
import { call } from './visits'
import { NARROW, PHONE, expectNoAxeViolations, settled, sidewaysOverflow } from './a11y-helpers'

test('the customer answers the day-before reminder’s link on a phone, without logging in', async ({
  browser,
}) => {
  const customer = await loggedIn(browser, E2E.customer)
  const day = lagosWeekday(3)
  await call(customer, 'appointment/', {
    phone_number: '0803 123 4567',
    location: '12 Admiralty Way, Lekki',
    service: 'fumigation',
    date: day,
    time: '11:30',
    info: 'Reminder test',
  })

  // The server's reminder pass, as it runs at 10:00 on the day before the visit, over the server's database.
  const opened = openDatabase(path.join(E2E.dataDir, 'app.db'))
  try {
    const sent = await sendDueReminders(opened.db, Date.parse(`${addDays(day, -1)}T10:00:00+01:00`), '09:00')
    expect(sent).toBeGreaterThanOrEqual(1)
  } finally {
    await opened.close()
  }
  const notes = (await (await customer.request.get('/api/users/notifications/')).json()) as {
    heading: string
    body: string
    link: string | null
  }[]
  const reminder = notes.find((n) => n.heading === 'Visit Tomorrow' && n.body.includes('11:30 AM'))
  expect(reminder?.link).toMatch(/^\/r\/booking\./)
  await customer.context().close()

  const phone = await (await browser.newContext({ viewport: PHONE, baseURL: E2E.baseURL })).newPage()
  await phone.goto(reminder!.link!)
  await expect(phone.getByRole('heading', { name: 'Your visit' })).toBeVisible()
  await expect(phone.getByText('12 Admiralty Way, Lekki')).toBeVisible()
  await settled(phone)
  await expectNoAxeViolations(phone, 'the reminder’s page')
  await phone.getByRole('button', { name: 'Yes, I will be there' }).click()
  await expect(phone.getByText('You told us you will be there.')).toBeVisible()
  await expect(phone.getByRole('button', { name: 'Yes, I will be there' })).toHaveCount(0)
  await phone.setViewportSize(NARROW)
  expect(await sidewaysOverflow(phone)).toBe(0)
  await phone.context().close()
})
