// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { mockApi, openAdminScreen, product, renderAdmin } from './admin-helpers'
import { shopKeys } from '../../src/features/shop/api'

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview-1')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const PRODUCTS = [
  product(1, 'Roach Killer Gel', 'Pest Control', 'Kills cockroaches fast'),
  product(2, 'Floor Cleaner', 'Cleaning', 'Lemon scented, removes stains', 12),
  product(3, 'Knapsack Sprayer', 'Equipment', 'For mosquito and cockroach spraying', 0),
  product(4, 'Mystery Item', '', 'No category yet'),
]

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Products' }))
    .getAllByRole('heading')
    .map((h) => h.textContent)

describe('Products Management', () => {
  test('search (name or description, any case) and the category filter narrow the cards', async () => {
    mockApi({ 'GET add/products/': PRODUCTS })
    const ui = await openAdminScreen('/admin/products', 'Products')
    expect(screen.getByRole('heading', { name: 'Products Management' })).toBeInTheDocument()
    expect(cardNames()).toHaveLength(4)

    const category = screen.getByRole('combobox', { name: 'Filter by category' })
    expect([...category.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['all', 'All Categories'],
      ['pest-control', 'Pest Control'],
      ['cleaning', 'Cleaning'],
      ['equipment', 'Equipment'],
    ])
    await ui.type(screen.getByPlaceholderText('Search products...'), 'COCKROACH')
    expect(cardNames()).toEqual(['Roach Killer Gel', 'Knapsack Sprayer'])
    await ui.selectOptions(category, 'equipment')
    expect(cardNames()).toEqual(['Knapsack Sprayer'])
    await ui.selectOptions(category, 'cleaning')
    expect(screen.getByText('No products found')).toBeInTheDocument()
  })

  test('cards show price, stock badge, image and icon buttons', async () => {
    mockApi({ 'GET add/products/': PRODUCTS })
    renderAdmin('/admin/products')
    await screen.findByRole('list', { name: 'Products' })
    const card = screen.getByRole('heading', { name: 'Knapsack Sprayer' }).closest('li')!
    expect(card).toHaveTextContent('Out of stock')
    expect(card).toHaveTextContent('₦5,000.00')
    expect(within(card).getByRole('img', { name: 'Knapsack Sprayer' })).toHaveAttribute(
      'src',
      '/api/media/p3.png',
    )
    expect(within(card).getByRole('button', { name: 'Edit Knapsack Sprayer' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Delete Knapsack Sprayer' })).toBeInTheDocument()
  })

  test('add sends a multipart form with the image and shows the preview', async () => {
    let list = PRODUCTS
    const calls = mockApi({
      'GET add/products/': () => list,
      'POST add/products/': () => {
        list = [...PRODUCTS, product(5, 'Bed Bug Spray', 'Pest Control')]
        return list[4]
      },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/products')
    await screen.findByRole('list', { name: 'Products' })
    await ui.click(screen.getByRole('button', { name: 'Add New Product' }))
    const dialog = screen.getByRole('dialog', { name: 'Add New Product' })
    await ui.type(within(dialog).getByLabelText('Name'), 'Bed Bug Spray')
    await ui.selectOptions(within(dialog).getByLabelText('Category'), 'Pest Control')
    await ui.type(within(dialog).getByLabelText('Description'), 'Odourless')
    // Text, not type=number: "25,000" and "₦25,000" are prices too.
    expect(within(dialog).getByLabelText('Price (₦)')).toHaveAttribute('inputmode', 'decimal')
    await ui.type(within(dialog).getByLabelText('Price (₦)'), '4,500')
    await ui.type(within(dialog).getByLabelText('Stock'), '40')
    // What the label says, for the fumigation certificates the product is used for.
    await ui.type(within(dialog).getByLabelText('Active ingredient'), 'Cypermethrin 10% EC')
    await ui.type(within(dialog).getByLabelText('NAFDAC reg. no.'), 'A5-1234')
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'spray.png', { type: 'image/png' })
    await ui.upload(within(dialog).getByLabelText('Image'), file)
    expect(within(dialog).getByRole('img', { name: 'Preview of the product image' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    )
    await ui.click(within(dialog).getByRole('button', { name: 'Save Product' }))
    await waitFor(() => expect(cardNames()).toContain('Bed Bug Spray'))
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.path).toBe('add/products/')
    const form = post.body as FormData
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'image'))).toEqual({
      name: 'Bed Bug Spray',
      category: 'Pest Control',
      description: 'Odourless',
      price: '4,500',
      stock: '40',
      activeIngredient: 'Cypermethrin 10% EC',
      registrationNo: 'A5-1234',
    })
    // No "was" price typed: none is sent, the server uses the price.
    expect(form.has('originalPrice')).toBe(false)
    expect((form.get('image') as File).name).toBe('spray.png')
  })

  test('edit pre-fills from add/produts/{id} and posts to add/produts/{id}/', async () => {
    const calls = mockApi({
      'GET add/products/': PRODUCTS,
      'GET add/produts/2': { ...PRODUCTS[1], description: 'Fresh from the server' },
      'POST add/produts/2/': PRODUCTS[1],
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/products')
    await screen.findByRole('list', { name: 'Products' })
    await ui.click(screen.getByRole('button', { name: 'Edit Floor Cleaner' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Product' })
    expect(await within(dialog).findByLabelText('Description')).toHaveValue('Fresh from the server')
    expect(within(dialog).getByLabelText('Stock')).toHaveValue(12)
    await ui.clear(within(dialog).getByLabelText('Stock'))
    await ui.type(within(dialog).getByLabelText('Stock'), '99')
    await ui.click(within(dialog).getByRole('button', { name: 'Save Product' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.path).toBe('add/produts/2/')
    expect((post.body as FormData).get('stock')).toBe('99')
    expect((post.body as FormData).get('image')).toBeNull()
  })

  test("mistakes show under their fields (no alert), the server's refusal too; the form is kept", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const calls = mockApi({
      'GET add/products/': PRODUCTS,
      'POST add/products/': { status: 400, body: { message: 'A product with this name already exists' } },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/products')
    await screen.findByRole('list', { name: 'Products' })
    await ui.click(screen.getByRole('button', { name: 'Add New Product' }))
    const dialog = screen.getByRole('dialog')
    await ui.type(within(dialog).getByLabelText('Description'), 'keep me')
    await ui.click(within(dialog).getByRole('button', { name: 'Save Product' }))
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Name is required')
    expect(within(dialog).getByLabelText('Price (₦)')).toHaveAccessibleDescription('Price is required')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await ui.type(within(dialog).getByLabelText('Name'), 'Floor Cleaner')
    expect(within(dialog).getByLabelText('Name')).not.toHaveAccessibleDescription('Name is required')
    await ui.type(within(dialog).getByLabelText('Price (₦)'), '100')
    await ui.type(within(dialog).getByLabelText('Stock'), '5')
    await ui.click(within(dialog).getByRole('button', { name: 'Save Product' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A product with this name already exists',
    )
    expect(within(screen.getByRole('dialog')).getByLabelText('Description')).toHaveValue('keep me')
    expect(alert).not.toHaveBeenCalled()
  })

  test('an Original price is sent (blank: left out), and a bad image file is refused with an error, no preview', async () => {
    const calls = mockApi({ 'GET add/products/': PRODUCTS, 'POST add/products/': PRODUCTS[0] })
    const ui = userEvent.setup({ applyAccept: false })
    renderAdmin('/admin/products')
    await screen.findByRole('list', { name: 'Products' })
    await ui.click(screen.getByRole('button', { name: 'Add New Product' }))
    const dialog = screen.getByRole('dialog')
    await ui.type(within(dialog).getByLabelText('Name'), 'Gel')
    await ui.type(within(dialog).getByLabelText('Price (₦)'), '4500')
    await ui.type(within(dialog).getByLabelText('Original price (₦)'), '6000')
    await ui.type(within(dialog).getByLabelText('Stock'), '5')
    await ui.upload(
      within(dialog).getByLabelText('Image'),
      new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }),
    )
    expect(within(dialog).getByLabelText('Image')).toHaveAccessibleDescription(/not an image we can use/)
    expect(within(dialog).queryByRole('img', { name: 'Preview of the product image' })).toBeNull()
    await ui.click(within(dialog).getByRole('button', { name: 'Save Product' }))
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await ui.upload(
      within(dialog).getByLabelText('Image'),
      new File([new Uint8Array([137, 80, 78, 71])], 'gel.png', { type: 'image/png' }),
    )
    expect(within(dialog).getByLabelText('Image')).not.toHaveAccessibleDescription(/not an image/)
    await ui.click(within(dialog).getByRole('button', { name: 'Save Product' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const form = calls.find((c) => c.method === 'POST')!.body as FormData
    expect(form.get('originalPrice')).toBe('6000')
  })

  test('delete confirms with the product dialog text; 204 closes, an error stays in the dialog', async () => {
    let list = PRODUCTS
    mockApi({
      'GET add/products/': () => list,
      'DELETE admins/delete/1/product/': () => {
        list = PRODUCTS.slice(1)
        return { status: 204 }
      },
      'DELETE admins/delete/2/product/': { status: 404, body: { message: 'Product not found' } },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/products')
    await screen.findByRole('list', { name: 'Products' })
    await ui.click(screen.getByRole('button', { name: 'Delete Floor Cleaner' }))
    let dialog = screen.getByRole('dialog', { name: 'Delete Product' })
    expect(dialog).toHaveTextContent('Are you sure you want to delete this product')
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Product not found')
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await ui.click(screen.getByRole('button', { name: 'Delete Roach Killer Gel' }))
    dialog = screen.getByRole('dialog', { name: 'Delete Product' })
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(cardNames()).not.toContain('Roach Killer Gel'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe("the admin's list is the server's, never the shop's saved copy", () => {
  test("a stale shop catalogue in the cache is not shown, and the worker's copy is bypassed", async () => {
    mockApi({ 'GET add/products/': PRODUCTS })
    // The shop's copy, fresh in the cache (what /products showed a moment ago, maybe from the worker's cache).
    renderAdmin('/admin/products', (queryClient) =>
      queryClient.setQueryData(shopKeys.catalogue, [product(1, 'Old Gel Name', 'Pest Control')]),
    )
    await screen.findByRole('list', { name: 'Products' })
    expect(cardNames()).toContain('Roach Killer Gel')
    expect(screen.queryByText('Old Gel Name')).not.toBeInTheDocument()
    const productCalls = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).includes('add/products'))
      .map(([, init]) => init?.cache)
    expect(productCalls).toEqual(['no-cache'])
  })
})
