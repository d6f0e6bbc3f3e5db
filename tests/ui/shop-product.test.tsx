// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'
import { db } from '../../src/offline/db'

const submitThroughOutbox = vi.fn()
vi.mock('../../src/offline/outbox', () => ({
  submitThroughOutbox: (...args: unknown[]) => submitThroughOutbox(...args),
}))
const { default: ProductPage } = await import('../../src/features/shop/pages/product')

const PRODUCTS = [
  {
    id: 3,
    name: 'Cockroach Gel Bait 30g',
    category: 'Pest Control',
    description: 'Kills the whole colony.\nOne tube treats a kitchen.',
    image: 'media/gel.png',
    price: 4500,
    originalPrice: 6000,
    stock: 12,
  },
  {
    ...{ id: 4, name: 'Floor Cleaner 5L', category: 'Cleaning', description: 'Pine.', image: '' },
    price: 9000,
    originalPrice: 9000,
    stock: 0,
  },
]

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/products/:id" element={<ProductPage />} />
    </Routes>,
    path,
  )

beforeEach(async () => {
  await Promise.all([db.products.clear(), db.cart.clear()])
  submitThroughOutbox.mockReset()
  mockFetch({ 'GET add/products/': json(200, PRODUCTS) })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('/products/:id', () => {
  test('shows the full description, stock, use and safety notes, and its own title', async () => {
    setSession(null)
    renderAt('/products/3')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cockroach Gel Bait 30g' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/One tube treats a kitchen\./)).toBeInTheDocument()
    expect(screen.getByText('12 in stock')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'How to use' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Safety' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Cockroach Gel Bait 30g | GreenShield'))
  })

  test("adds to the customer's cart on the device and through the outbox", async () => {
    setSession('user', 7)
    // The real one writes the device's change and the queued entry together: the change is applied here too.
    submitThroughOutbox.mockImplementation(async (...args: unknown[]) => {
      const alongside = args[4] as ((database: typeof db) => Promise<unknown>) | undefined
      await alongside?.(db)
      return { state: 'queued', entry: { id: 'x' } }
    })
    renderAt('/products/3')
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Add to cart: Cockroach Gel Bait 30g' }))
    expect(await screen.findByText('Added to cart')).toBeInTheDocument()
    expect(await db.cart.get([7, 3])).toMatchObject({ quantity: 1, prices: 4500 })
    expect(submitThroughOutbox).toHaveBeenCalledWith(
      'cart',
      'POST cart/set/',
      { id: 3, quantity: 1, name: 'Cockroach Gel Bait 30g' },
      7,
      expect.any(Function),
    )
  })

  test('a sold-out product says so in its button name; an unknown id says it does not exist', async () => {
    setSession('user', 7)
    renderAt('/products/4')
    expect(await screen.findByRole('button', { name: 'Sold out: Floor Cleaner 5L' })).toBeDisabled()
    cleanup()
    renderAt('/products/999')
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/products')
  })
})
