/**
 * Forgot password through a real SMTP server: the test starts an smtp-server on loopback and its own app
 * server with SMTP_URL pointing at it (own-server.ts), asks for a reset from /login, reads the mail, opens
 * the link, sets a new password and logs in with it; the customer's other session has ended.
 * Also takes the screenshots of the messaging screens (phone 390x844 and desktop).
 */
import { expect, test, type Browser } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { logIn, OwnServer, postApi, shot, spaDir } from './own-server'
import { FakeTermii, LocalSmtp, TERMII_KEY } from '../api/mail-fakes'

const server = new OwnServer('reset', 1100)
const smtp = new LocalSmtp()
const termii = new FakeTermii()
const PHONE = { width: 390, height: 844 }
const NEW_PASSWORD = 'a-brand-new-password-1'

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  await smtp.start()
  await termii.start()
  server.reset()
  await server.start(spaDir, {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'GreenShield <no-reply@e2e.ng>',
    SMS_PROVIDER: 'termii',
    TERMII_API_KEY: TERMII_KEY,
    TERMII_BASE_URL: termii.baseUrl,
  })
})
test.afterAll(async () => {
  await server.stop()
  await smtp.stop()
  await termii.stop()
})

const newPage = async (browser: Browser, viewport?: { width: number; height: number }) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport })
  return context.newPage()
}

test('a forgotten password is reset through the emailed link; other sessions end', async ({ browser }) => {
  // The customer is logged in on another device.
  const otherDevice = await newPage(browser)
  await logIn(otherDevice, E2E.customer.email, E2E.customer.password)
  expect((await otherDevice.request.get('/api/auth_check')).status()).toBe(200)

  const page = await newPage(browser, PHONE)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('textbox', { name: 'Email' }).fill(E2E.customer.email)
  await page.getByRole('button', { name: 'Email me a link' }).click()
  await expect(page.getByText('If an account matches, we have sent it a reset link')).toBeVisible()
  await page.screenshot({ path: shot('forgot-password-phone.png'), fullPage: true })

  const mail = await smtp.waitFor(E2E.customer.email, 15_000)
  expect(mail.subject).toBe('Reset your password')
  const link = /(http:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1]
  expect(link).toBeTruthy()
  expect(link!.startsWith(server.baseURL)).toBe(true)

  await page.goto(link!)
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.screenshot({ path: shot('reset-password-phone.png'), fullPage: true })
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible()

  // The old password is refused, the new one works.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E.customer.email)
  await page.getByLabel('Password', { exact: true }).fill(E2E.customer.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Invalid email or password.')).toBeVisible()
  await logIn(page, E2E.customer.email, NEW_PASSWORD)
  expect((await page.request.get('/api/auth_check')).status()).toBe(200)

  // The other device was signed out by the reset.
  expect((await otherDevice.request.get('/api/auth_check')).status()).toBe(401)
  await otherDevice.goto('/user/settings')
  await expect(otherDevice).toHaveURL(/\/login/)

  // The same link does not work twice.
  await page.goto(link!)
  await page.getByLabel('New password', { exact: true }).fill('yet-another-password')
  await page.getByLabel('Confirm new password').fill('yet-another-password')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText(/expired or was already used/)).toBeVisible()
  await page.context().close()
  await otherDevice.context().close()
})

test('screens: customer badge and notifications, admin counts, messages, sent messages', async ({
  browser,
}) => {
  // News for both sides: a booking (customer notification + admin count) and a contact message.
  const customer = await newPage(browser, PHONE)
  await logIn(customer, E2E.customer.email, NEW_PASSWORD)
  const day = lagosWeekday(3)
  const booked = await postApi(customer.request, 'appointment/', {
    phone_number: '0803 123 4567',
    location: '3 Marina Road, Lagos',
    service: 'fumigation',
    date: day,
    time: '10:30',
    info: '',
  })
  expect(booked.status()).toBe(201)
  await postApi(customer.request, 'quick/message/', {
    name: 'Kemi Lawal',
    email: 'kemi@example.ng',
    message: 'Do you treat bed bugs in Lekki?',
  })

  await customer.goto('/')
  const menu = customer.getByRole('button', { name: 'Open menu' })
  await expect(menu.getByTestId('menu-unread-badge')).toBeVisible()
  await customer.screenshot({ path: shot('top-bar-unread-phone.png') })
  await menu.click()
  await customer.getByRole('button', { name: /Notifications/ }).click()
  const dialog = customer.getByRole('dialog', { name: 'Notifications' })
  await expect(dialog.getByText('Appointment Received').first()).toBeVisible()
  await expect(menu.getByTestId('menu-unread-badge')).toHaveCount(0)
  await customer.screenshot({ path: shot('notifications-opened-phone.png') })
  await customer.context().close()

  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', PHONE],
  ] as const) {
    const admin = await newPage(browser, viewport)
    await logIn(admin, E2E.admin.email, E2E.admin.password)
    await admin.goto('/admin')
    if (name === 'phone') await admin.getByRole('button', { name: 'Open menu' }).click()
    await expect(admin.getByRole('link', { name: /Bookings.*new/ })).toBeVisible()
    await admin.screenshot({ path: shot(`admin-sidebar-counts-${name}.png`) })
    await admin.goto('/admin/messages')
    await expect(admin.getByRole('list', { name: 'Messages' })).toBeVisible()
    await admin.screenshot({ path: shot(`admin-messages-${name}.png`), fullPage: true })
    await admin.goto('/admin/sent-messages')
    await expect(admin.getByRole('list', { name: 'Sent messages' })).toBeVisible()
    await expect(admin.getByText('Sent by SMTP').first()).toBeVisible()
    await admin.screenshot({ path: shot(`admin-sent-messages-${name}.png`), fullPage: true })
    await admin.context().close()
  }
})

test('a phone number on two accounts: the SMS code asks which one, and only that one changes', async ({
  browser,
}) => {
  // Two accounts (a couple, say) that both gave the same number.
  const phone = '0805 555 0101'
  const accounts = [
    { fullName: 'Bisi Shared', email: 'bisi.shared@e2e.ng', password: 'bisi-old-password' },
    { fullName: 'Tunde Shared', email: 'tunde.shared@e2e.ng', password: 'tunde-old-password' },
  ]
  for (const a of accounts) {
    const context = await browser.newContext({ baseURL: server.baseURL })
    const csrf = async () => (await (await context.request.get('/api/token')).json()).token as string
    const registered = await context.request.post('/api/register/', {
      headers: { 'X-CSRFToken': await csrf() },
      data: a,
    })
    expect(registered.status()).toBe(200)
    const login = await context.request.post('/api/login/', {
      headers: { 'X-CSRFToken': await csrf() },
      data: { username: a.email, password: a.password },
    })
    expect(login.status()).toBe(200)
    const { id } = await (await context.request.get('/api/auth_check')).json()
    const saved = await context.request.post(`/api/admins/settings/${id}/`, {
      headers: { 'X-CSRFToken': await csrf() },
      data: {
        first_name: a.fullName.split(' ')[0],
        last_name: 'Shared',
        username: a.email,
        phone_number: phone,
      },
    })
    expect(saved.status()).toBe(201)
    await context.close()
  }

  const page = await newPage(browser, PHONE)
  await page.goto('/forgot-password')
  await page.getByRole('button', { name: 'By SMS' }).click()
  await page.getByRole('textbox', { name: /Phone number/ }).fill(phone)
  await page.getByRole('button', { name: 'Text me a code' }).click()
  await expect(page.getByText('If an account matches, we have sent it a reset link')).toBeVisible()

  // One SMS to the number, with one code.
  let code = ''
  await expect(async () => {
    const texts = termii.sent.filter((m) => m.to === '2348055550101')
    expect(texts).toHaveLength(1)
    code = /code is (\d{6})/.exec(texts[0].sms)![1]
  }).toPass()

  await page.getByLabel('Code from the SMS').fill(code)
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set new password' }).click()
  // The right code: which account? Emails masked, newest first; the first choice has the focus.
  const question = page.getByRole('group', {
    name: 'This number is on more than one account. Choose the one to reset.',
  })
  await expect(question).toBeVisible()
  const choices = question.getByRole('radio')
  await expect(choices).toHaveCount(2)
  await expect(question.getByLabel('tu***@e2e.ng')).toBeFocused()
  await expect(question).not.toContainText('tunde.shared')
  await page.screenshot({ path: shot('reset-choose-account-phone.png'), fullPage: true })
  // Nothing is sent without a choice.
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('alert')).toHaveText('Choose the account to reset.')
  await question.getByLabel('bi***@e2e.ng').check()
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible()

  // Bisi's password changed; Tunde's did not.
  await logIn(page, 'bisi.shared@e2e.ng', NEW_PASSWORD)
  await page.context().close()
  const other = await newPage(browser)
  await logIn(other, 'tunde.shared@e2e.ng', 'tunde-old-password')
  await other.context().close()
})
