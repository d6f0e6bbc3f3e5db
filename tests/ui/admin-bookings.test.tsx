// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { booking, mockApi, renderAdmin } from './admin-helpers'
import { bookingAction } from '../../src/features/bookings/admin/bookings-screen'
import { monthCells } from '../../src/features/bookings/admin/booking-calendar'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const BOOKINGS = [
  booking(1, 'Amaka Obi', 'Pending', { location: 'Lekki Phase 1', phone_number: '+2348031111111' }),
  booking(2, 'Tunde Bello', 'Confirmed', { location: 'Ikeja GRA', phone_number: '+2348052222222' }),
  booking(3, 'Ngozi Eze', 'Completed', { location: 'Yaba', date: '2026-03-12' }),
  booking(4, 'Musa Ali', 'Cancelled', { location: 'Lekki Phase 2', date: '2026-03-12' }),
]

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)
const names = () => rows().map((r) => within(r).getAllByRole('cell')[0].textContent)

describe('Bookings Management', () => {
  test('the status filter and the search (name, phone, location) narrow the list', async () => {
    mockApi({ 'GET appointment/': BOOKINGS })
    const ui = userEvent.setup()
    renderAdmin('/admin/bookings')
    expect(await screen.findByRole('heading', { name: 'Bookings Management' })).toBeInTheDocument()
    await screen.findByRole('table')
    expect(names()).toHaveLength(4)

    const status = screen.getByRole('combobox', { name: 'Filter by status' })
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All Status',
      'Pending',
      'Confirmed',
      'Completed',
      'Cancelled',
    ])
    await ui.selectOptions(status, 'cancelled')
    expect(names()).toEqual(['Musa Ali'])
    await ui.selectOptions(status, 'all')

    const search = screen.getByRole('searchbox', { name: 'Search bookings' })
    await ui.type(search, 'lekki')
    expect(names()).toEqual(['Amaka Obi', 'Musa Ali'])
    await ui.selectOptions(status, 'pending')
    expect(names()).toEqual(['Amaka Obi'])
    await ui.selectOptions(status, 'all')
    await ui.clear(search)
    await ui.type(search, '0805 222')
    expect(names()).toEqual(['Tunde Bello'])
    await ui.clear(search)
    await ui.type(search, 'ngozi')
    expect(names()).toEqual(['Ngozi Eze'])
  })

  test("the action reads 'approve' on Pending, 'confirm' on Confirmed and nothing otherwise", async () => {
    expect(bookingAction('Pending')).toBe('approve')
    expect(bookingAction('Confirmed')).toBe('confirm')
    expect(bookingAction('Completed')).toBeNull()
    expect(bookingAction('Cancelled')).toBeNull()

    mockApi({ 'GET appointment/': BOOKINGS })
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    const actions = rows().map((r) =>
      within(within(r).getAllByRole('cell')[6])
        .queryAllByRole('button')
        .map((b) => b.textContent),
    )
    expect(actions).toEqual([['approve', 'reject'], ['confirm', 'reject'], [], []])
    // Shown as SPEC writes them, not restyled to 'Approve'.
    for (const name of ['approve', 'confirm', 'reject'])
      expect(screen.getAllByRole('button', { name })[0]).not.toHaveClass('capitalize')
  })

  test('the WhatsApp number links to wa.me and shows the local form', async () => {
    mockApi({ 'GET appointment/': BOOKINGS })
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    const link = within(rows()[0]).getByRole('link', { name: '08031111111' })
    expect(link).toHaveAttribute('href', 'https://wa.me/2348031111111')
  })

  test('approve asks, posts admins/actions/{id}/ and reloads; reject deletes', async () => {
    let list = BOOKINGS
    const calls = mockApi({
      'GET appointment/': () => list,
      'POST admins/actions/1/': () => {
        list = list.map((b) => (b.id === 1 ? { ...b, status: 'Confirmed' as const } : b))
        return { status: 200, body: { message: 'Booking confirmed', status: 'Confirmed' } }
      },
      'DELETE admins/delete/2/booking/': () => {
        list = list.map((b) => (b.id === 2 ? { ...b, status: 'Cancelled' as const } : b))
        return { status: 204 }
      },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    await ui.click(within(rows()[0]).getByRole('button', { name: 'approve' }))
    let dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('Are you sure you want to approve?')
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await waitFor(() =>
      expect(within(rows()[0]).getByRole('button', { name: 'confirm' })).toBeInTheDocument(),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await ui.click(within(rows()[1]).getByRole('button', { name: 'reject' }))
    dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('Do you want to reject this booking?')
    await ui.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(within(rows()[1]).getByText('Cancelled')).toBeInTheDocument())
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST admins/actions/1/',
      'DELETE admins/delete/2/booking/',
    ])
  })

  test('view opens the details with name, status and booking info', async () => {
    mockApi({ 'GET appointment/': BOOKINGS })
    const ui = userEvent.setup()
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    await ui.click(within(rows()[2]).getByRole('button', { name: 'view' }))
    const dialog = screen.getByRole('dialog', { name: 'Ngozi Eze' })
    expect(dialog).toHaveTextContent('Completed')
    expect(dialog).toHaveTextContent('Details of booking 3')
    expect(dialog).toHaveTextContent('Yaba')
    // The booking's own Lagos time, 12-hour, whatever the device's zone.
    expect(dialog).toHaveTextContent('March 12, 2026 at 10:00 AM')
  })

  test('an emergency call-out (booked outside the working hours) is marked as such', async () => {
    mockApi({
      'GET appointment/': [
        booking(7, 'Femi Night', 'Pending', { time: '21:30', emergency: true }),
        booking(8, 'Ada Day', 'Pending'),
      ],
    })
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    const [night, day] = rows()
    expect(night).toHaveTextContent('March 10, 2026 at 9:30 PMEmergency call-out')
    expect(day).not.toHaveTextContent('Emergency')
  })

  test('the calendar shows a month grid with counts per day and lists a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-05T12:00:00') })
    mockApi({ 'GET appointment/': BOOKINGS })
    const ui = userEvent.setup()
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    await ui.click(screen.getByRole('button', { name: 'Calendar' }))
    expect(screen.getByText('March 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'March 10, 2026: 2 bookings' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'March 12, 2026: 2 bookings' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'March 11, 2026: 0 bookings' })).toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: 'March 12, 2026: 2 bookings' }))
    const day = screen.getByRole('list', { name: 'Bookings on the selected day' })
    expect(
      within(day)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ngozi Eze'), expect.stringContaining('Musa Ali')])

    // The status filter applies to the calendar too.
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'completed')
    expect(screen.getByRole('button', { name: 'March 12, 2026: 1 booking' })).toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: 'Next month' }))
    expect(screen.getByText('April 2026')).toBeInTheDocument()
  })

  test('monthCells starts on the right weekday', () => {
    const march = monthCells(2026, 2) // 1 March 2026 is a Sunday
    expect(march[0]).toBe('2026-03-01')
    expect(march.filter(Boolean)).toHaveLength(31)
    const april = monthCells(2026, 3) // 1 April 2026 is a Wednesday
    expect(april.slice(0, 4)).toEqual([null, null, null, '2026-04-01'])
  })

  test('more than 50 bookings paginate after filtering', async () => {
    const many = Array.from({ length: 130 }, (_, i) =>
      booking(i + 1, `Client ${i + 1}`, i < 70 ? 'Pending' : 'Completed'),
    )
    mockApi({ 'GET appointment/': many })
    const ui = userEvent.setup()
    renderAdmin('/admin/bookings')
    expect(await screen.findByText('Showing 1–50 of 130')).toBeInTheDocument()
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'pending')
    expect(screen.getByText('Showing 1–50 of 70')).toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByText('Showing 51–70 of 70')).toBeInTheDocument()
    expect(names()).toHaveLength(20)
  })
})

describe('Booking Rules', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  test('the admin sets the cut-off and working hours; a bad pair is refused in place', async () => {
    const calls = mockApi({
      'GET booking-settings/': {
        cutoff_hours: 12,
        work_start: '09:00',
        work_end: '19:00',
        work_days: [1, 2, 3, 4, 5],
      },
      'POST admins/booking-settings/': {
        status: 200,
        body: {
          message: 'Booking settings saved.',
          settings: {
            cutoff_hours: 24,
            work_start: '08:00',
            work_end: '19:00',
            work_days: [1, 2, 3, 4, 5, 6],
          },
        },
      },
    })
    renderAdmin('/admin/booking-rules')
    const ui = userEvent.setup()
    const cutoff = await screen.findByLabelText(/Customers can cancel or reschedule until/)
    expect(cutoff).toHaveValue('12')
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked()
    await ui.clear(screen.getByLabelText('Closing time'))
    await ui.type(screen.getByLabelText('Closing time'), '07:00')
    await ui.click(screen.getByRole('button', { name: 'Save booking rules' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Closing time must be after opening time')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await ui.clear(screen.getByLabelText('Closing time'))
    await ui.type(screen.getByLabelText('Closing time'), '19:00')
    await ui.clear(screen.getByLabelText('Opening time'))
    await ui.type(screen.getByLabelText('Opening time'), '08:00')
    await ui.clear(cutoff)
    await ui.type(cutoff, '24')
    await ui.click(screen.getByRole('checkbox', { name: 'Saturday' }))
    await ui.click(screen.getByRole('button', { name: 'Save booking rules' }))
    expect(await screen.findByText(/Working hours: Mon–Sat 8:00 AM to 7:00 PM/)).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      cutoff_hours: 24,
      work_start: '08:00',
      work_end: '19:00',
      work_days: [1, 2, 3, 4, 5, 6],
    })
  })
})
