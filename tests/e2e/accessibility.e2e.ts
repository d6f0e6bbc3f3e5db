/**
 * Everyone can use it: axe-core on every route of every role and every dialog they open, on a phone
 * (390 px) and a desktop (1366 px); no sideways scrolling at 320 px; no text cut at 200% text size.
 * A failure prints each serious or critical violation with the elements it found.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  DESKTOP,
  NARROW,
  PHONE,
  clippedText,
  elementsPastTheEdge,
  expectNoAxeViolations,
  logInAs,
  settled,
  sidewaysOverflow,
} from './a11y-helpers'

test.describe.configure({ timeout: 240_000 })
test.use({ actionTimeout: 10_000 })

async function open(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
  return context.newPage()
}

/** Opens `path` and scans it. */
async function scanRoute(page: Page, path: string) {
  console.log(`-- ${path}`)
  await page.goto(path)
  await settled(page)
  await expectNoAxeViolations(page, path)
}

/** Opens a dialog with `opener`, scans the page with it open, closes it with Escape. */
async function scanDialog(page: Page, what: string, opener: () => Promise<void>) {
  await opener()
  const dialog = page.getByRole('dialog').last()
  await expect(dialog).toBeVisible()
  await settled(page)
  await expectNoAxeViolations(page, what)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/services',
  '/products',
  '/products/1',
  '/blog',
  '/contact',
  '/login',
  '/sign',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/book',
  // A certificate's public address with a code that is not ours: "No certificate has this code".
  '/certificates/abcdefghijklmnopqrst',
  '/no-such-page',
]

/** Puts a product in the customer's cart, from /products. */
async function addToCart(page: Page) {
  await page.goto('/products')
  await settled(page)
  await page
    .getByRole('button', { name: /^Add to cart/ })
    .first()
    .click()
  await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible()
}

/** Leaves the shared demo customer's cart as the seed made it (empty), for the specs that follow. */
async function emptyCart(page: Page) {
  await page.goto('/products')
  await settled(page)
  // The cart's lines come from the device's database after the page settles: count them once they are there.
  await expect(page.getByText('Loading your cart...')).toHaveCount(0)
  const remove = page.getByRole('button', { name: /^Remove .* from cart$/ })
  while ((await remove.count()) > 0) {
    const before = await remove.count()
    await remove.first().click()
    await expect(remove).toHaveCount(before - 1)
  }
  await expect(page.getByText('Your cart is empty')).toBeVisible()
}

const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/messages',
  '/admin/sent-messages',
  '/admin/bookings',
  '/admin/booking-rules',
  '/admin/plans',
  '/admin/certificates',
  '/admin/orders',
  '/admin/products',
  '/admin/settings',
  '/admin/api',
]

/** The header's menu (phone) or account menu (desktop) entry that opens the notifications. */
async function openNotifications(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < 1024) {
    await page.getByRole('button', { name: /^Open menu/ }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Notifications/ })
      .click()
  } else {
    await page
      .getByRole('button', { name: /^(Account|Ada|Demo|E2E)|unread/ })
      .first()
      .click()
    await page.getByRole('menuitem', { name: /^Notifications/ }).click()
  }
}

for (const viewport of [PHONE, DESKTOP]) {
  const at = `${viewport.width}px`

  test(`visitor: every public page and dialog at ${at}`, async ({ browser }) => {
    const page = await open(browser, viewport)
    for (const path of PUBLIC_ROUTES) await scanRoute(page, path)

    await page.goto('/')
    await settled(page)
    await scanDialog(page, 'login required', () =>
      page.getByRole('button', { name: /^Book/ }).first().click(),
    )
    if (viewport === PHONE)
      await scanDialog(page, 'mobile menu', () => page.getByRole('button', { name: /^Open menu/ }).click())
    await page.context().close()
  })

  test(`customer: every page and dialog at ${at}`, async ({ browser }) => {
    const page = await open(browser, viewport)
    await logInAs(page, 'customer')
    for (const path of [
      '/',
      '/book',
      '/products',
      '/products/1',
      '/orders',
      '/plans',
      '/documents',
      '/user/settings',
    ])
      await scanRoute(page, path)
    for (const tab of ['Security', 'Notifications']) {
      await page.getByRole('tab', { name: tab }).click()
      await expectNoAxeViolations(page, `/user/settings ${tab}`)
    }
    await scanRoute(page, '/confirm/payment?status=cancelled&tx_ref=GS-NOPE')

    await page.goto('/book')
    await settled(page)
    await scanDialog(page, 'reschedule', () =>
      page
        .getByRole('button', { name: /^Reschedule/ })
        .first()
        .click(),
    )
    await scanDialog(page, 'cancel booking', () =>
      page
        .getByRole('button', { name: /^Cancel booking/ })
        .first()
        .click(),
    )
    await scanDialog(page, 'notifications', () => openNotifications(page))

    await addToCart(page)
    await expectNoAxeViolations(page, '/products with a cart')
    await scanDialog(page, 'checkout', () => page.getByRole('button', { name: 'Checkout' }).click())
    await emptyCart(page)
    await page.context().close()
  })

  test(`technician: job sheet, a job and its forms at ${at}`, async ({ browser }) => {
    const page = await open(browser, viewport)
    await logInAs(page, 'staff')
    await scanRoute(page, '/staff')
    await page.locator('a[href^="/staff/jobs/"]').first().click()
    await expect(page).toHaveURL(/\/staff\/jobs\/\d+$/)
    await settled(page)
    await expectNoAxeViolations(page, 'a job')
    await page.getByRole('button', { name: 'Unable to complete' }).click()
    await expectNoAxeViolations(page, 'a job: unable to complete form')
    await page.getByRole('button', { name: 'Cancel' }).click()
    await page.getByRole('button', { name: /^Add treatment/ }).click()
    await expectNoAxeViolations(page, 'a job: treatment form')
    await page.context().close()
  })

  test(`admin: every back-office screen and dialog at ${at}`, async ({ browser }) => {
    const page = await open(browser, viewport)
    await logInAs(page, 'admin')
    for (const path of ADMIN_ROUTES) await scanRoute(page, path)
    const visible = (name: string | RegExp) =>
      page.getByRole('button', { name }).filter({ visible: true }).first()
    /** Opens `path`, then each of its dialogs in turn: its name in the report, and its button's. */
    const scanDialogsOf = async (path: string, dialogs: [what: string, button: string | RegExp][]) => {
      await page.goto(path)
      await settled(page)
      for (const [what, button] of dialogs) await scanDialog(page, what, () => visible(button).click())
    }

    await scanDialogsOf('/admin', [['withdraw', 'Withdraw']])
    if (viewport === PHONE) await scanDialog(page, 'admin drawer', () => visible('Open menu').click())
    await scanDialogsOf('/admin/users', [
      ['add admin user', 'Add New Admin User'],
      ['delete user', /^Delete/],
    ])
    await scanDialogsOf('/admin/messages', [['message', 'View']])
    await scanDialogsOf('/admin/bookings', [
      ['assign', /^(assign|reassign)/],
      ['approve', /^approve/],
      ['booking details', /^view/i],
    ])
    await visible('Calendar').click()
    await settled(page)
    await expectNoAxeViolations(page, 'bookings calendar')

    await scanDialogsOf('/admin/orders', [['order detail', /open order details$/]])
    for (const tab of ['Refunds', 'Delivery fees']) {
      await page.getByRole('tab', { name: tab }).click()
      await settled(page)
      await expectNoAxeViolations(page, `/admin/orders ${tab}`)
    }

    await scanDialogsOf('/admin/products', [
      ['add product', 'Add New Product'],
      ['edit product', /^Edit/],
    ])

    await page.goto('/admin/settings')
    await settled(page)
    for (const tab of await page.getByRole('tab').all()) {
      await tab.click()
      await expectNoAxeViolations(page, `/admin/settings ${await tab.textContent()}`)
    }
    await page.context().close()
  })
}

/**
 * Every route of every role at 320 px: nothing scrolls sideways. With the text at 200% (the root font size;
 * browsers have no text-zoom API): no text is cut by a box that hides its overflow, and the public and
 * customer pages (header, footer, forms) still fit the phone's width.
 */
test('reflow: nothing scrolls sideways at 320 px, no text is cut at 200% text', async ({ browser }) => {
  const roles: { role: 'customer' | 'staff' | 'admin' | null; routes: string[]; fitsAt200: boolean }[] = [
    { role: null, routes: PUBLIC_ROUTES, fitsAt200: true },
    {
      role: 'customer',
      routes: [
        '/book',
        '/products',
        '/orders',
        '/user/settings',
        '/confirm/payment?status=cancelled&tx_ref=X',
      ],
      fitsAt200: true,
    },
    { role: 'staff', routes: ['/staff', '/staff/jobs/1'], fitsAt200: false },
    { role: 'admin', routes: ADMIN_ROUTES, fitsAt200: false },
  ]
  for (const { role, routes, fitsAt200 } of roles) {
    const page = await open(browser, NARROW)
    if (role) await logInAs(page, role)
    // The cart's lines (picture, name, stepper) must fit too.
    if (role === 'customer') await addToCart(page)
    for (const path of routes) {
      await page.goto(path)
      await settled(page)
      expect
        .soft(
          await sidewaysOverflow(page),
          `${path} scrolls sideways at 320px: ${await elementsPastTheEdge(page)}`,
        )
        .toBeLessThanOrEqual(1)
      await page.setViewportSize(PHONE)
      await page.evaluate(() => (document.documentElement.style.fontSize = '200%'))
      expect.soft(await clippedText(page), `${path}: text cut at 200%`).toEqual([])
      if (fitsAt200)
        expect
          .soft(
            await sidewaysOverflow(page),
            `${path} scrolls sideways at 200%: ${await elementsPastTheEdge(page)}`,
          )
          .toBeLessThanOrEqual(1)
      await page.evaluate(() => (document.documentElement.style.fontSize = ''))
      await page.setViewportSize(NARROW)
    }
    if (role === 'customer') await emptyCart(page)
    await page.context().close()
  }
})
