// @vitest-environment jsdom
/**
 * 10,000 bookings and orders through the real screens (API mocked): filtering runs before pagination and
 * only 50 rows are rendered. Prints the timings; asserts behaviour only, never a time.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { booking, mockApi, order, renderAdmin } from './admin-helpers'
import { filterBookings } from '../../src/features/bookings/filters'
import { filterOrders } from '../../src/features/orders/filters'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const N = 10_000
const STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const
const ORDER_STATUSES = ['Processing', 'Shipped', 'Completed'] as const
const bookings = Array.from({ length: N }, (_, i) =>
  booking(i + 1, `Customer ${i + 1}`, STATUSES[i % 4], {
    location: i % 10 === 0 ? 'Lekki' : 'Ikeja',
    date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
  }),
)
const orders = Array.from({ length: N }, (_, i) =>
  order(
    i + 1,
    `Buyer ${i + 1}`,
    i % 7 === 0 ? 'Roach Killer Gel' : 'Floor Cleaner',
    ORDER_STATUSES[i % 3],
    `2026-03-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
  ),
)

const ms = (t: number) => `${t.toFixed(1)} ms`
const time = async (fn: () => unknown) => {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

describe('10,000 rows', () => {
  test('filter functions', () => {
    const tb = performance.now()
    const b = filterBookings(bookings, 'lekki', 'pending')
    const tBookings = performance.now() - tb
    const to = performance.now()
    const o = filterOrders(orders, {
      search: 'roach',
      status: 'processing',
      from: '2026-03-05',
      to: '2026-03-20',
    })
    const tOrders = performance.now() - to
    expect(b.length).toBe(N / 20) // every 10th is Lekki, of those every other... i%10==0 and i%4==0 -> i%20==0
    expect(o.every((x) => x.status === 'Processing' && x.product_name.includes('Roach'))).toBe(true)
    console.log(
      `[perf] filterBookings 10k: ${ms(tBookings)}; filterOrders 10k (search+status+dates): ${ms(tOrders)}`,
    )
  })

  test('bookings screen: first render and a filter change', async () => {
    mockApi({ 'GET appointment/': bookings })
    const tRender = await time(async () => {
      renderAdmin('/admin/bookings')
      await screen.findByText(`Showing 1–50 of ${N}`, undefined, { timeout: 10_000 })
    })
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(51)
    const tFilter = await time(() =>
      act(() =>
        fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), {
          target: { value: 'completed' },
        }),
      ),
    )
    expect(screen.getByText(`Showing 1–50 of ${N / 4}`)).toBeInTheDocument()
    const tSearch = await time(() =>
      act(() =>
        fireEvent.change(screen.getByRole('searchbox', { name: 'Search bookings' }), {
          target: { value: 'lekki' },
        }),
      ),
    )
    expect(screen.getByText(`Showing 1–50 of ${N / 20}`)).toBeInTheDocument()
    console.log(
      `[perf] bookings 10k: load+render ${ms(tRender)}, status filter ${ms(tFilter)}, search ${ms(tSearch)} (jsdom)`,
    )
  })

  test('orders screen: first render and a filter change', async () => {
    mockApi({ 'GET admins/orders/': orders })
    const tRender = await time(async () => {
      renderAdmin('/admin/orders')
      await screen.findByText(`Showing 1–50 of ${N}`, undefined, { timeout: 10_000 })
    })
    const tSearch = await time(() =>
      act(() =>
        fireEvent.change(screen.getByPlaceholderText('Search orders...'), { target: { value: 'roach' } }),
      ),
    )
    const expected = orders.filter((o) => o.product_name.startsWith('Roach')).length
    expect(screen.getByText(`Showing 1–50 of ${expected}`)).toBeInTheDocument()
    const tStatus = await time(() =>
      act(() =>
        fireEvent.change(screen.getByRole('combobox', { name: 'Filter by status' }), {
          target: { value: 'shipped' },
        }),
      ),
    )
    console.log(
      `[perf] orders 10k: load+render ${ms(tRender)}, search ${ms(tSearch)}, status filter ${ms(tStatus)} (jsdom)`,
    )
  })
})
