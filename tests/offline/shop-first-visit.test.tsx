// @vitest-environment jsdom
/**
 * Issues 13 and 24 on /products: a logged-out first visit shows the catalogue without ever loading the
 * offline database (Dexie), not even to save the answer: the service worker keeps that answer for the
 * next visit offline (sw/sw.ts; tests/e2e/offline.e2e.ts stops the server to prove it). A device that
 * already uses the database shows its saved catalogue with the server down and saves the fresh one.
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

it('a logged-out first visit shows the catalogue and never opens or downloads the database', async () => {
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

    answer(json(200, PRODUCTS))
    const grid = await screen.findByRole('list', { name: 'Products' })
    expect(within(grid).getByText('Cockroach Gel Bait 30g')).toBeInTheDocument()
    // Nor after the answer: nothing is saved on the device (db.ts marks itself in use when it loads).
    await settle()
    expect(inUse).not.toHaveBeenCalled()
    expect(await databases()).not.toContain(DATABASE_NAME)
  } finally {
    stopWaiting()
  }
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

it('a device that uses the database saves the fresh catalogue in place of the saved one', async () => {
  const saved = await loadDb()
  await saved.products.clear()
  await saved.products.bulkPut(PRODUCTS)
  vi.resetModules()
  const helpers = await import('../ui/public-helpers')
  const cheaper = { ...PRODUCTS[1], price: 8000 }
  helpers.mockFetch({ 'GET add/products/': helpers.json(200, [cheaper]) })
  helpers.setSession(null)
  const { ProductGrid } = await loadShop()
  helpers.renderWithProviders(<ProductGrid />, '/products')
  expect(await screen.findByText('₦8,000.00')).toBeInTheDocument()
  const db = await loadDb()
  await vi.waitFor(async () => expect(await db.products.toArray()).toEqual([cheaper]))
})
