import { expect, test, type Page } from '@playwright/test'
import { E2E } from './env'

const GEL = 'Cockroach Gel Bait 30g'
const SPRAY = 'Mosquito Insecticide Spray 600ml'
const DISINFECTANT = 'Multi-Surface Disinfectant 5L'
const shot = (name: string) => `tests/e2e/screenshots/shop-${name}.png`

// Phone first: the shop is used on mid-range Android phones.
test.use({ viewport: { width: 390, height: 844 } })

async function login(page: Page) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E.customer.email)
  await page.getByLabel('Password', { exact: true }).fill(E2E.customer.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login$/)
}

async function addToCart(page: Page, name: string) {
  await page.getByRole('button', { name: `Add to cart: ${name}` }).click()
  await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('heading', { name })).toBeVisible()
}

async function checkoutToSandbox(page: Page) {
  await page.getByRole('button', { name: 'Checkout' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Proceed to payment?')
  // The delivery step: name, phone and address come from the demo profile; city and state are
  // asked. A state without a delivery fee ("to be agreed"), so the amount stays the cart's total.
  await expect(dialog.getByLabel('Address')).not.toHaveValue('')
  await dialog.getByLabel('City / town').fill('Ibadan')
  await dialog.getByLabel('State').selectOption('Oyo')
  await expect(dialog.getByText(/Delivery fee to be agreed/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Proceed' }).click()
  await expect(page).toHaveURL(/\/api\/pay\/sandbox\/GS-/)
}

test('a customer fills a cart, pays on the sandbox page and sees the order and a notification', async ({
  page,
}) => {
  await login(page)
  await page.goto('/products')
  await expect(page.getByText('Your cart is empty')).toBeVisible()

  await addToCart(page, GEL)
  await addToCart(page, SPRAY)
  await page.getByRole('button', { name: `Increase quantity of ${GEL}` }).click()
  await expect(page.getByLabel(`Quantity of ${GEL}`, { exact: true })).toHaveText('2')

  // The quantity is kept on the device: it survives a reload before checkout.
  await page.reload()
  await expect(page.getByLabel(`Quantity of ${GEL}`, { exact: true })).toHaveText('2')
  const cartImages = page.getByRole('list', { name: 'Cart items' }).locator('img')
  await expect(cartImages).toHaveCount(2)
  for (const img of await cartImages.all()) {
    await img.scrollIntoViewIfNeeded()
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
  }
  const total = (await page.getByTestId('cart-total').textContent())!.trim()
  await expect(page.getByText('Delivery fees are not included.')).toBeVisible()
  await page.screenshot({ path: shot('products-top') })
  await page.locator('section[aria-labelledby="cart-heading"]').screenshot({ path: shot('products-cart') })
  await page.getByRole('heading', { name: 'Shop our range' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: shot('products-grid') })

  await checkoutToSandbox(page)
  // The sandbox charges what the server priced, which is what the cart showed.
  await expect(page.locator('.amount')).toHaveText(total)
  await page.screenshot({ path: shot('sandbox') })
  await page.getByRole('button', { name: /^Pay ₦/ }).click()

  await expect(page).toHaveURL(/\/confirm\/payment\?status=successful&tx_ref=GS-[^&]+&transaction_id=\d+/)
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible()
  await expect(page.getByText('Your Order has been Placed successfully.')).toBeVisible()
  await page.screenshot({ path: shot('confirm-success') })

  await page.goto('/orders')
  const gelOrder = page.getByRole('listitem').filter({ hasText: GEL }).filter({ hasText: 'QTY: 2' })
  await expect(gelOrder.first()).toBeVisible()
  await expect(gelOrder.first()).toContainText('Processing')
  await expect(gelOrder.first()).toContainText(/Delivery between \w+ \d+, \d{4} and \w+ \d+, \d{4}/)
  await expect(page.getByRole('listitem').filter({ hasText: SPRAY }).first()).toBeVisible()
  const orderImage = gelOrder.first().locator('img')
  await expect.poll(() => orderImage.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0)
  await page.screenshot({ path: shot('orders') })
  await gelOrder.first().getByRole('button', { name: 'Track My Item' }).click()
  await expect(page.getByRole('dialog')).toContainText('Processing')
  await page.screenshot({ path: shot('orders-tracking') })

  const notifications = await page.request.get('/api/users/notifications/')
  expect(notifications.ok()).toBe(true)
  const list = (await notifications.json()) as { heading: string; body: string }[]
  // Not necessarily the newest: the server's reminder run (on the machine's own clock) may have told the same
  // customer about a visit another test booked for tomorrow.
  const payment = list.find((n) => n.heading === 'Payment Successful')
  expect(payment?.body).toContain(total)

  // The cart was emptied by the payment.
  await page.goto('/products')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
})

test('a declined payment lands on Oops! and keeps the cart', async ({ page }) => {
  await login(page)
  await page.goto('/products')
  await addToCart(page, DISINFECTANT)
  await checkoutToSandbox(page)
  await page.getByRole('button', { name: 'Decline' }).click()

  await expect(page).toHaveURL(/\/confirm\/payment\?status=failed/)
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible()
  await expect(page.getByTestId('payment-status')).toHaveText('failed')
  await page.screenshot({ path: shot('confirm-failed') })

  await page.getByRole('link', { name: 'Back to Cart' }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(
    page.getByRole('list', { name: 'Cart items' }).getByRole('heading', { name: DISINFECTANT }),
  ).toBeVisible()
})

test('a logged-out visitor pressing Add to cart is asked to log in', async ({ page }) => {
  await page.goto('/products')
  await page.getByRole('button', { name: `Add to cart: ${GEL}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Login Required')
  await expect(dialog.getByRole('link', { name: 'Go to Login' })).toBeVisible()
})
