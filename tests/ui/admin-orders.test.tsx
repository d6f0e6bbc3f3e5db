// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { mockApi, openAdminScreen, order, renderAdmin } from './admin-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ORDERS = [
  order(1, 'Amaka Obi', 'Roach Killer Gel', 'Processing', '2026-03-01T10:00:00.000Z'),
  order(2, 'Tunde Bello', 'Floor Cleaner', 'Shipped', '2026-03-05T10:00:00.000Z'),
  order(3, 'Ngozi Eze', 'Roach Killer Gel', 'Completed', '2026-03-09T10:00:00.000Z'),
  // 23:30 UTC on the 9th is already the 10th in Lagos.
  order(4, 'Musa Ali', 'Knapsack Sprayer', 'Processing', '2026-03-09T23:30:00.000Z'),
]

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
// Cell 0 starts with the customer's name (then the email, the order's reference and date).
const ids = () => rows().map((r) => within(r).getAllByRole('cell')[0].firstChild?.textContent)
const exportHref = () => screen.getByRole('link', { name: 'Export Orders' }).getAttribute('href')!

describe('Order Management', () => {
  test('columns: local phone with leading 0, naira price with separators, status badges', async () => {
    mockApi({ 'GET admins/orders/': ORDERS })
    renderAdmin('/admin/orders')
    expect(await screen.findByRole('heading', { name: 'Order Management' })).toBeInTheDocument()
    await screen.findByRole('table')
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Phone no', 'Location', 'Product', 'Quantity', 'Price', 'Status', 'Actions'])
    const cells = within(rows()[0])
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(0, 7)).toEqual([
      // Issue 12: the customer's email under the name, then the order's reference and date. Below 1280 px
      // (CSS only; jsdom shows both) the phone also sits under the name and the quantity before the price.
      'Amaka Obiamaka.obi@test.ng08031234567GS-TEST-1March 1, 2026 at 11:00 AM',
      '08031234567',
      'Ikeja, Lagos',
      'Roach Killer Gel',
      '2',
      '2 × ₦12,500.00',
      'Processing',
    ])
    expect(within(rows()[0]).getByText('Processing')).toHaveClass('bg-yellow-100')
    expect(within(rows()[2]).getByText('Completed')).toHaveClass('bg-green-100')
    expect(within(rows()[1]).getByText('Shipped')).toHaveClass('bg-blue-100')
  })

  test('search, status and date range narrow the list, and the CSV link carries them', async () => {
    mockApi({ 'GET admins/orders/': ORDERS })
    const ui = await openAdminScreen('/admin/orders')
    expect(exportHref()).toBe('/api/admins/orders/export.csv')

    await ui.type(screen.getByPlaceholderText('Search orders...'), 'ROACH')
    expect(ids()).toEqual(['Amaka Obi', 'Ngozi Eze'])
    expect(exportHref()).toBe('/api/admins/orders/export.csv?q=ROACH')

    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'completed')
    expect(ids()).toEqual(['Ngozi Eze'])
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'all')
    await ui.clear(screen.getByPlaceholderText('Search orders...'))
    await ui.type(screen.getByPlaceholderText('Search orders...'), 'tunde')
    expect(ids()).toEqual(['Tunde Bello'])
    await ui.clear(screen.getByPlaceholderText('Search orders...'))

    await ui.click(screen.getByRole('button', { name: 'More Filters' }))
    await ui.type(screen.getByLabelText('From'), '2026-03-05')
    expect(ids()).toEqual(['Tunde Bello', 'Ngozi Eze', 'Musa Ali'])
    await ui.type(screen.getByLabelText('To'), '2026-03-09')
    expect(ids()).toEqual(['Tunde Bello', 'Ngozi Eze'])
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'shipped')
    expect(ids()).toEqual(['Tunde Bello'])
    expect(exportHref()).toBe('/api/admins/orders/export.csv?status=shipped&from=2026-03-05&to=2026-03-09')
    expect(screen.getByRole('link', { name: 'Export Orders' })).toHaveAttribute('download')

    await ui.click(screen.getByRole('button', { name: 'Clear dates' }))
    expect(ids()).toEqual(['Tunde Bello'])
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'processing')
    expect(ids()).toEqual(['Amaka Obi', 'Musa Ali'])
  })

  test('Mark as done confirms, posts order_actions without a body and reloads', async () => {
    let list = ORDERS
    const calls = mockApi({
      'GET admins/orders/': () => list,
      'POST admins/order_actions/1/': (call: { body: unknown }) => {
        const status = (call.body as { status?: string } | undefined)?.status ?? 'Completed'
        list = list.map((o) => (o.id === 1 ? { ...o, status: status as 'Completed' } : o))
        return { status: 200, body: { message: 'Order updated', status } }
      },
    })
    const ui = await openAdminScreen('/admin/orders')
    expect(within(rows()[2]).queryByRole('button', { name: /^Mark/ })).toBeNull() // Completed: nothing to do
    expect(within(rows()[1]).queryByRole('button', { name: 'Mark as shipped' })).toBeNull()

    await ui.click(within(rows()[0]).getByRole('button', { name: 'Mark as shipped' }))
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'confirm' }))
    await waitFor(() => expect(within(rows()[0]).getByText('Shipped')).toBeInTheDocument())

    await ui.click(within(rows()[0]).getByRole('button', { name: 'Mark as done' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('This is to confirm that this order has been delivered?')
    expect(within(dialog).getByRole('button', { name: 'cancel' })).toBeInTheDocument()
    await ui.click(within(dialog).getByRole('button', { name: 'confirm' }))
    await waitFor(() => expect(within(rows()[0]).getByText('Completed')).toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // The layout's "list seen" call (admins/alerts/) is not this screen's.
    const actions = calls.filter((c) => c.method === 'POST' && !c.path.startsWith('admins/alerts/'))
    expect(actions.map((c) => c.body)).toEqual([{ status: 'Shipped' }, undefined])
  })

  test('100 orders paginate in pages of 50', async () => {
    const many = Array.from({ length: 100 }, (_, i) => order(i + 1, `Buyer ${i + 1}`, 'Gel', 'Processing'))
    mockApi({ 'GET admins/orders/': many })
    const ui = userEvent.setup()
    renderAdmin('/admin/orders')
    expect(await screen.findByText('Showing 1–50 of 100')).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByText('Showing 51–100 of 100')).toBeInTheDocument()
    expect(ids()[0]).toBe('Buyer 51')
  })

  test('an order opens with its delivery details, lines and what was paid', async () => {
    mockApi({
      'GET admins/orders/': ORDERS,
      'GET admins/orders/GS-TEST-1/': {
        reference: 'GS-TEST-1',
        created: '2026-03-01T10:00:00.000Z',
        customer: 'Amaka Obi',
        email: 'amaka.obi@test.ng',
        phone_number: '+2348031234567',
        location: '12 Awolowo Road, Ikeja, Lagos',
        delivery: {
          name: 'Amaka Obi',
          phone_number: '+2348031234567',
          address: '12 Awolowo Road',
          landmark: 'Opposite the bank',
          city: 'Ikeja',
          state: 'Lagos',
        },
        items_total: 25000,
        delivery_fee: 2500,
        amount: 27500,
        lines: [ORDERS[0]],
      },
    })
    renderAdmin('/admin/orders')
    // The table's button (phones get the same one on the order's card).
    await userEvent
      .setup()
      .click((await screen.findAllByRole('button', { name: 'GS-TEST-1: open order details' }))[0])
    const dialog = await screen.findByRole('dialog', { name: 'Order GS-TEST-1' })
    expect(
      await within(dialog).findByText('12 Awolowo Road (Opposite the bank), Ikeja, Lagos'),
    ).toBeInTheDocument()
    expect(dialog).toHaveTextContent('amaka.obi@test.ng')
    expect(dialog).toHaveTextContent('Delivery₦2,500.00')
    expect(dialog).toHaveTextContent('Paid₦27,500.00')
  })

  test('the Refunds tab lists refunds with their state', async () => {
    mockApi({
      'GET admins/orders/': ORDERS,
      'GET admins/refunds/': [
        {
          id: 1,
          tx_ref: 'GS-R-1',
          customer: 'Tunde Bello',
          email: 'tunde@test.ng',
          amount: 9000,
          status: 'failed',
          reason: 'Floor Cleaner sold out before the payment completed.',
          error: 'Gateway down',
          attempts: 2,
          products: '2 × Floor Cleaner',
          created: '2026-03-05T10:00:00.000Z',
          refunded: null,
        },
      ],
    })
    renderAdmin('/admin/orders')
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Refunds' }))
    const list = await screen.findByRole('list', { name: 'Refunds' })
    expect(list).toHaveTextContent('₦9,000.00 to Tunde Bello · tunde@test.ng')
    expect(list).toHaveTextContent('The gateway refused (2 tries): Gateway down')
    expect(within(list).getByText('Failed')).toHaveClass('bg-red-100')
  })

  test('the Delivery fees tab saves a fee per state, blank meaning to be agreed', async () => {
    const calls = mockApi({
      'GET admins/orders/': ORDERS,
      'GET delivery-fees/': [
        { state: 'Lagos', fee: 1500 },
        { state: 'Kano', fee: null },
      ],
      'POST admins/delivery-fees/': { message: 'Delivery fees saved.', fees: [] },
    })
    renderAdmin('/admin/orders')
    const ui = userEvent.setup()
    await ui.click(await screen.findByRole('tab', { name: 'Delivery fees' }))
    const lagos = await screen.findByLabelText('Lagos')
    expect(lagos).toHaveValue('1500')
    expect(screen.getByLabelText('Kano')).toHaveValue('')
    await ui.clear(lagos)
    await ui.type(lagos, 'abc')
    await ui.click(screen.getByRole('button', { name: 'Save delivery fees' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Lagos: Fee must be a number of naira')
    await ui.clear(lagos)
    await ui.type(lagos, '2000')
    await ui.click(screen.getByRole('button', { name: 'Save delivery fees' }))
    await waitFor(() =>
      // The layout's "list seen" call (admins/alerts/) is not this screen's.
      expect(calls.find((c) => c.method === 'POST' && !c.path.startsWith('admins/alerts/'))?.body).toEqual({
        fees: [
          { state: 'Lagos', fee: 2000 },
          { state: 'Kano', fee: null },
        ],
      }),
    )
  })
})
