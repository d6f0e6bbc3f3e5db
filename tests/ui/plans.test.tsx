// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PlanAnswer } from '../../contract/plans'
import MyPlans from '../../src/features/plans/pages/my-plans'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'
import { mockApi, renderAdmin, user } from './admin-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const plan = (change: Partial<PlanAnswer> = {}): PlanAnswer => ({
  id: 4,
  customer: { id: 7, name: 'Ada Customer', email: 'ada@example.ng' },
  service: 'fumigation',
  serviceKind: null,
  phoneNumber: '08031234567',
  location: '3 Marina Road, Lagos Island',
  intervalUnit: 'months',
  intervalCount: 3,
  every: 'every 3 months',
  preferredWeekday: 3,
  preferredTime: '10:00',
  price: 25_000,
  status: 'Active',
  nextVisit: { bookingId: 31, date: '2027-03-03', time: '10:00', status: 'Pending' },
  lastVisit: { bookingId: 12, date: '2026-11-25', time: '10:00', status: 'Completed' },
  sourceBookingId: 12,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...change,
})

describe('the customer’s plans', () => {
  test('a completed visit’s offer asks how often, then books the plan once with one key', async () => {
    setSession('user')
    const made = plan({ sourceBookingId: 12, intervalCount: 6, every: 'every 6 months' })
    let plans: PlanAnswer[] = []
    const calls = mockFetch({
      'GET plans/': () => json(200, plans),
      'POST plans/': () => {
        plans = [made]
        return json(201, { message: 'Done: a fumigation visit every 6 months. Next visit: …', plan: made })
      },
    })
    const ui = userEvent.setup()
    renderWithProviders(<MyPlans />, '/plans?from=12')
    const offer = await screen.findByRole('region', { name: 'Book the next visit every 3 months' })
    await ui.selectOptions(within(offer).getByLabelText('How often'), 'every 6 months')
    expect(screen.getByRole('region', { name: 'Book the next visit every 6 months' })).toBeTruthy()
    await ui.click(within(offer).getByRole('button', { name: 'Start the plan' }))
    expect(await screen.findByText(/^Done: a fumigation visit every 6 months/)).toBeTruthy()
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts.map((c) => c.body)).toEqual([{ bookingId: 12, intervalUnit: 'months', intervalCount: 6 }])
    expect(posts[0].headers['Idempotency-Key']).toBeTruthy()
    // Taken: the offer gives way to the plan itself.
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Book the next visit/ })).toBeNull())
    expect(screen.getByRole('article', { name: 'Fumigation every 6 months' })).toBeTruthy()
  })

  test('lists each plan’s next visit, or that none is booked ahead; pause sends the change', async () => {
    setSession('user')
    const calls = mockFetch({
      'GET plans/': json(200, [
        plan(),
        plan({ id: 5, nextVisit: null, every: 'every month', intervalCount: 1 }),
      ]),
      'POST plans/4/pause/': json(200, {
        message: 'Plan paused: no further visit is booked until you resume it.',
        plan: plan({ status: 'Paused' }),
      }),
    })
    const ui = userEvent.setup()
    renderWithProviders(<MyPlans />, '/plans')
    const first = await screen.findByRole('article', { name: 'Fumigation every 3 months' })
    expect(first.textContent).toContain('Next visit: March 3, 2027 at 10:00 AM (Pending)')
    expect(first.textContent).toContain('Wednesdays, around 10:00 AM')
    expect(screen.getByRole('article', { name: 'Fumigation every month' }).textContent).toContain(
      'No visit booked ahead yet.',
    )
    await ui.click(within(first).getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText(/^Plan paused/)).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST' && c.path === 'plans/4/pause/')).toBe(true)
  })
})

describe('the back office’s Plans', () => {
  test('shows a plan with no visit ahead and books its next visit', async () => {
    const calls = mockApi({
      'GET admins/plans/': [plan({ nextVisit: null })],
      'POST admins/plans/4/book-next/': {
        status: 200,
        body: { message: 'Next visit: March 3, 2027 at 10:00 AM.', plan: plan() },
      },
    })
    renderAdmin('/admin/plans')
    const card = await screen.findByRole('article', { name: 'Fumigation every 3 months' })
    expect(card.textContent).toContain('No visit booked ahead yet.')
    await userEvent.click(within(card).getByRole('button', { name: 'Book the next visit' }))
    expect(await screen.findByText('Next visit: March 3, 2027 at 10:00 AM.')).toBeTruthy()
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST admins/plans/4/book-next/')
  })

  test('a new plan with a first visit in the past is refused under its field, keeping what was typed', async () => {
    const calls = mockApi({
      'GET admins/plans/': [],
      'GET get/users/': [user(7, 'Ada Customer', 'Customer')],
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/plans')
    await screen.findByText('No plans found')
    await ui.click(screen.getByRole('button', { name: 'New plan' }))
    const form = screen.getByRole('form', { name: 'New plan' })
    await ui.selectOptions(await within(form).findByLabelText('Customer'), '7')
    await ui.type(within(form).getByLabelText('Location'), 'Warehouse 4, Apapa')
    await ui.type(within(form).getByLabelText('Price per visit (₦)'), '45,000')
    const first = within(form).getByLabelText('First visit')
    await ui.type(first, '2020-01-06')
    await ui.click(within(form).getByRole('button', { name: 'Write the plan' }))
    expect(first).toHaveAccessibleDescription('The first visit cannot be in the past')
    await waitFor(() => expect(first).toHaveFocus())
    expect(within(form).getByLabelText('Location')).toHaveValue('Warehouse 4, Apapa')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })
})
