import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'

/** Screenshots land beside this file, whatever folder the run starts from. */
const shot = (name: string, width = 'phone') =>
  fileURLToPath(new URL(`./screenshots/public-${name}-${width}.png`, import.meta.url))

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 768 }

/** Scrolls through the page so lazy images load before a full-page screenshot, then back to the top. */
async function screenshotWhole(page: Page, name: string, width = 'phone') {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 60))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: shot(name, width), fullPage: true })
}

/** Each public route and a piece of content that proves it rendered. */
const ROUTES: { path: string; name: string; key: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  {
    path: '/',
    name: 'home',
    key: (p) => p.getByRole('heading', { level: 1, name: /Pest-free, spotless spaces/ }),
  },
  {
    path: '/about',
    name: 'about',
    key: (p) => p.getByRole('heading', { name: 'Mission, vision and values' }),
  },
  {
    path: '/services',
    name: 'services',
    key: (p) => p.getByRole('heading', { name: 'Frequently asked questions' }),
  },
  {
    path: '/blog',
    name: 'blog',
    key: (p) => p.getByRole('heading', { name: /How to prepare your home for fumigation/ }),
  },
  { path: '/contact', name: 'contact', key: (p) => p.getByText('Mon–Fri 9:00 AM to 7:00 PM').first() },
  { path: '/login', name: 'login', key: (p) => p.getByRole('heading', { name: 'Log in' }) },
  { path: '/sign', name: 'sign', key: (p) => p.getByText('20% off your first service') },
]

/**
 * Console errors and uncaught exceptions on the page. A logged-out visitor's auth check answers 401 by design
 * (GET auth_check), which Chromium logs as a failed resource; that one is expected.
 */
function watchErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`))
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return
    const url = msg.location().url
    if (/status of 401/.test(msg.text()) && /\/api\/auth_check/.test(url)) return
    errors.push(`${msg.text()} (${url})`)
  })
  return errors
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })
    for (const route of ROUTES) {
      test(`${route.path} renders without console errors`, async ({ page }) => {
        const errors = watchErrors(page)
        await page.goto(route.path)
        await expect(route.key(page)).toBeVisible()
        await expect(page.getByRole('contentinfo')).toBeVisible()
        // Nothing wider than the screen (no sideways scrolling on a phone).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        await screenshotWhole(page, route.name, viewport === PHONE ? 'phone' : 'desktop')
        expect(errors).toEqual([])
      })
    }
  })
}

test('the home page shows a loading placeholder first, then the page, and nothing on screen moves', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  // A slow phone's CPU: the browser paints between the page's tasks, as it does there.
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // Every layout shift the page has, from its first paint (the placeholder) to the page in place.
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = [])
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto('/')
  await expect(page.getByRole('status', { name: 'Loading the home page' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 8000 })
  await expect(page.getByRole('heading', { name: 'What our clients say' })).toBeAttached()
  await page.waitForTimeout(500)
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.1)
})

test.describe('a first visit, by network idle (the service worker blocked, as before it installs)', () => {
  test.use({ serviceWorkers: 'block' })

  test('a marketing page downloads neither the query library nor the offline database', async ({ page }) => {
    const scripts: Promise<{ url: string; body: string }>[] = []
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(res.text().then((body) => ({ url: res.url(), body })))
    })
    await page.goto('/about', { waitUntil: 'networkidle' })
    // The idle-time work (the outbox's sync, the worker's registration) has started by now.
    await expect(page.getByRole('heading', { name: 'Mission, vision and values' })).toBeVisible()
    const fetched = await Promise.all(scripts)
    expect(fetched.length).toBeGreaterThan(0)
    for (const { url, body } of fetched) {
      expect(body.includes('No QueryClient set'), `${url} holds react-query`).toBe(false)
      expect(body.includes('DatabaseClosedError'), `${url} holds Dexie`).toBe(false)
    }
  })

  test('/products, logged out, downloads at most 10 scripts and 100 KB, none of them Dexie', async ({
    page,
  }) => {
    // Each script is a round trip on a slow phone's HTTP/1.1: issue 24's budget for every public route.
    const scripts: Promise<{ url: string; body: string; bytes: number }>[] = []
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return
      scripts.push(
        Promise.all([req.response(), req.sizes()]).then(async ([res, sizes]) => ({
          url: req.url(),
          body: (await res?.text()) ?? '',
          bytes: sizes.responseBodySize,
        })),
      )
    })
    await page.goto('/products', { waitUntil: 'networkidle' })
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible()
    // The idle-time work (the outbox's sync, the worker's registration) has had time to ask for its code.
    await page.waitForTimeout(500)
    const fetched = await Promise.all(scripts)
    for (const { url, body } of fetched)
      expect(body.includes('DatabaseClosedError'), `${url} holds Dexie`).toBe(false)
    const list = fetched.map((s) => `${s.bytes} ${new URL(s.url).pathname}`).join('\n')
    expect(fetched.length, list).toBeLessThanOrEqual(10)
    expect(
      fetched.reduce((sum, s) => sum + s.bytes, 0),
      list,
    ).toBeLessThanOrEqual(100 * 1024)
  })
})

test('a logged-out visitor pressing Book an Appointment is asked to log in', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto('/about')
  await page.getByRole('banner').getByRole('button', { name: 'Book an Appointment' }).click()
  const dialog = page.getByRole('dialog', { name: 'Login Required' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('link', { name: 'Go to Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('the mobile menu opens, keeps focus inside, and closes on Escape', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/blog')
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu.getByRole('link', { name: 'Services' })).toBeVisible()
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab')
  expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: 'Book an Appointment' })
    .click()
  await expect(page.getByRole('dialog', { name: 'Login Required' })).toBeVisible()
})

test('the contact form posts the message and clears', async ({ page }) => {
  await page.goto('/contact')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) })
  await form.getByLabel('Name').fill('Bisi Adeyemi')
  await form.getByLabel('Email').fill('bisi@example.ng')
  await form.getByLabel('Message').fill('Do you fumigate warehouses in Apapa?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(form.getByRole('status')).toHaveText(/your message has been received/i)
  await expect(form.getByLabel('Name')).toHaveValue('')
  await expect(form.getByLabel('Message')).toHaveValue('')
})

test('/services#two scrolls to the upholstery and deep cleaning section', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/blog')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Upholstery & deep cleaning' }).click()
  await expect(page).toHaveURL(/\/services#two$/)
  const section = page.locator('#two')
  await expect(section).toBeInViewport()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  // The section's top settles at the top of the viewport (under the sticky header).
  await expect
    .poll(() => section.evaluate((el) => Math.abs(el.getBoundingClientRect().top)))
    .toBeLessThan(120)
})

test('the newsletter box subscribes, then says already subscribed', async ({ page }) => {
  await page.goto('/blog')
  const footer = page.getByRole('contentinfo')
  const email = `news-${Date.now()}@e2e.ng`
  await footer.getByLabel('Subscribe to our newsletter').fill(email)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByText('Thank you for subscribing!')).toBeVisible()
  await footer.getByLabel('Subscribe to our newsletter').fill(email)
  await footer.getByRole('button', { name: 'Subscribe' }).click()
  await expect(footer.getByText('You are already subscribed.')).toBeVisible()
})

test('a customer books an appointment and sees the server message', async ({ page }) => {
  const errors = watchErrors(page)
  await page.setViewportSize(PHONE)
  await page.goto('/login')
  await page.getByLabel('Email').fill(E2E.customer.email)
  await page.getByLabel('Password').fill(E2E.customer.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: 'Book an Appointment' })
    .click()
  await expect(page).toHaveURL(/\/book$/)
  await expect(page.getByText('Bookings are confirmed within 24 hours')).toBeVisible()

  // The client checks with the server's own schema first.
  const form = page.getByRole('form', { name: 'Appointment' })
  await form.getByLabel('WhatsApp number').fill('12345')
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(form.getByText(/Enter a Nigerian mobile number/)).toBeVisible()

  const tomorrow = lagosWeekday(1)
  await form.getByLabel('WhatsApp number').fill('+234 803 123 4567')
  await form.getByLabel('Service').selectOption('cleaning')
  await form.getByLabel('Location').fill('5 Bode Thomas Street, Surulere, Lagos')
  await form.getByLabel('Date').fill(tomorrow)
  await form.getByLabel('Time').fill('10:30')
  await form.getByLabel('Details (optional)').fill('Three-seater sofa and two rugs')
  await form.getByRole('button', { name: 'Book Appointment' }).click()
  await expect(form.getByRole('status')).toHaveText(
    'Your appointment has been booked. We will confirm it within 24 hours.',
  )
  await expect(form.getByLabel('Location')).toHaveValue('')
  await expect(page.getByRole('heading', { name: 'Your appointments' })).toBeVisible()
  await screenshotWhole(page, 'book')

  await page.getByRole('button', { name: 'Open menu' }).click()
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: /Notifications/ })
    .click()
  const notifications = page.getByRole('dialog', { name: 'Notifications' })
  await expect(notifications.getByRole('heading', { level: 3 }).first()).toBeVisible()
  await page.screenshot({ path: shot('notifications') })
  await page.keyboard.press('Escape')

  await page.goto('/user/settings')
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('Username (email)')).toHaveValue(E2E.customer.email)
  await screenshotWhole(page, 'settings')
  expect(errors).toEqual([])
})
