// @vitest-environment jsdom
/**
 * Issue 13 on /products: a logged-out first visit shows the catalogue without loading the offline
 * database (Dexie), saves the answer afterwards, and the next visit shows it with the server down.
 * A customer's cart still lives in the database and works offline.
 */
import 'fake-indexeddb/auto'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, expect, it, vi } from 'vitest'
import type { Product } from '../../contract/catalogue.js'
import { DATABASE_NAME, whenDatabaseInUse } from '../../src/offline/device'
import { json, mockFetch, renderWithProviders, setSession } from '../ui/public-helpers'

// Not imported statically: loading either module marks the database as in use, which is what is checked.
const loadDb = () => import('../../src/offline/db').then((m) => m.db)
const loadShop = async () => ({
  ...(await import('../../src/features/shop/components/product-grid')),
  ...(await import('../../src/features/shop/components/cart-section')),
})

const PRODUCTS: Product[] = [
  {
    id: 3,
    name: 'Cockroach Gel Bait 30g',
    category: 'Pest Control',
    description: 'Kills the whole colony.',
    image: '',
    price: 4500,
    originalPrice: 6000,
    stock: 12,
  },
  {
    id: 4,
    name: 'Floor Cleaner 5L',
    category: 'Cleaning',
    description: 'Pine.',
    image: '',
    price: 9000,
    originalPrice: 9000,
    stock: 5,
  },
]
const databases = async () => (await indexedDB.databases()).map((d) => d.name)
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))
const serverDown = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('a logged-out first visit shows the catalogue without the database, then saves it for offline', async () => {
  const inUse = vi.fn()
  const stopWaiting = whenDatabaseInUse(inUse)
  let answer: (r: Response) => void = () => {}
  mockFetch({ 'GET add/products/': () => new Promise<Response>((resolve) => (answer = resolve)) })
  setSession(null)
  const { CartSection, ProductGrid } = await loadShop()
  renderWithProviders(
    <>
      <CartSection />
      <ProductGrid />
    </>,
    '/products',
  )
  try {
    // The visitor has no cart and nothing saved: the page is usable with the database never opened.
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Loading products...')
    await settle()
    expect(inUse).not.toHaveBeenCalled()
    expect(await databases()).not.toContain(DATABASE_NAME)

    answer(json(200, PRODUCTS))
    const grid = await screen.findByRole('list', { name: 'Products' })
    expect(within(grid).getByText('Cockroach Gel Bait 30g')).toBeInTheDocument()
    // Saved once the answer is on screen: the database is loaded for that, not before.
    await vi.waitFor(() => expect(inUse).toHaveBeenCalledOnce())
    const db = await loadDb()
    await vi.waitFor(async () => expect(await db.products.count()).toBe(2))
  } finally {
    stopWaiting()
  }

  // The next visit, with the server down: the saved catalogue, not an error.
  cleanup()
  serverDown()
  renderWithProviders(<ProductGrid />, '/products')
  const offline = await screen.findByRole('list', { name: 'Products' })
  expect(within(offline).getByText('Floor Cleaner 5L')).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

it("a customer's cart shows the device's lines offline, and a removal waits in the outbox", async () => {
  const db = await loadDb()
  await db.cart.clear()
  await db.cart.put({
    userId: 7,
    id: 3,
    name: 'Cockroach Gel Bait 30g',
    description: '',
    image: '',
    prices: 4500,
    originalPrice: 6000,
    stock: 12,
    quantity: 2,
  })
  serverDown()
  setSession('user', 7)
  const { CartSection } = await loadShop()
  renderWithProviders(<CartSection />, '/products')
  expect(await screen.findByTestId('cart-total')).toHaveTextContent('₦9,000.00')

  await userEvent
    .setup()
    .click(screen.getByRole('button', { name: 'Remove Cockroach Gel Bait 30g from cart' }))
  expect(await screen.findByText('Your cart is empty')).toBeInTheDocument()
  expect(await db.cart.count()).toBe(0)
  // Kept to be sent when the server is back.
  await vi.waitFor(async () =>
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({
        kind: 'cart',
        path: 'cart/set/',
        userId: 7,
        body: expect.objectContaining({ id: 3, quantity: 0 }),
      }),
    ]),
  )
})

it('a later visit (the database saved, not loaded yet) shows the saved catalogue with the server down', async () => {
  const saved = await loadDb()
  await saved.products.bulkPut(PRODUCTS)
  // A new page: the app's modules load afresh, the database is on the device but not opened yet.
  vi.resetModules()
  const device = await import('../../src/offline/device')
  const helpers = await import('../ui/public-helpers')
  const inUse = vi.fn()
  const stopWaiting = device.whenDatabaseInUse(inUse)
  try {
    serverDown()
    helpers.setSession(null)
    const { ProductGrid } = await loadShop()
    helpers.renderWithProviders(<ProductGrid />, '/products')
    const grid = await screen.findByRole('list', { name: 'Products' })
    expect(within(grid).getByText('Cockroach Gel Bait 30g')).toBeInTheDocument()
    expect(inUse).toHaveBeenCalledOnce()
  } finally {
    stopWaiting()
  }
})
