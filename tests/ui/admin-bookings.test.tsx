// @vitest-environment jsdom
// The replay test below runs the page's sync code, which opens the app's Dexie database.
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { booking, mockApi, openAdminScreen, renderAdmin } from './admin-helpers'
import { addDays, BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'
import { monthCells } from '../../src/features/bookings/admin/booking-calendar'
import { OUTBOX_CHANNEL, type OutboxSentMessage } from '../../src/lib/worker-protocol'
import { WORKING_HOURS_KEY } from '../../src/lib/working-hours'
import { SPRAY_TREATMENT } from '../treatment'

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
  test('a job the technician could not complete shows its reason and offers reschedule, not completion', async () => {
    let list = [
      booking(2, 'Tunde Bello', 'Confirmed', {
        technician: { id: 7, name: 'Femi Okon' },
        job_status: 'unable',
        needs_attention: true,
        unable_reason: 'Gate locked, nobody home',
        emergency: true,
      }),
      booking(1, 'Amaka Obi', 'Pending'),
    ]
    const calls = mockApi({
      'GET appointment/': () => list,
      'POST admins/bookings/2/reschedule/': (call: { body: any }) => {
        list = list.map((b) =>
          b.id === 2
            ? { ...b, ...call.body, needs_attention: false, unable_reason: null, technician: null }
            : b,
        )
        return {
          status: 200,
          body: { message: 'Booking rescheduled. Assign a technician for the new time.', booking: list[0] },
        }
      },
    })
    const ui = await openAdminScreen('/admin/bookings')
    const row = rows()[0]
    expect(within(row).getByText('Needs attention')).toBeInTheDocument()
    expect(within(row).getByText('Gate locked, nobody home')).toBeInTheDocument()
    expect(within(row).getByText('Emergency call-out')).toBeInTheDocument()
    const actions = within(within(row).getAllByRole('cell')[7]).getAllByRole('button')
    expect(actions.map((b) => b.textContent)).toEqual(['reject'])
    expect(within(row).getByRole('button', { name: 'reschedule' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'reassign' })).toBeInTheDocument()

    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'attention')
    expect(names()).toEqual(['Tunde Bello'])

    await ui.click(within(rows()[0]).getByRole('button', { name: 'view' }))
    const details = screen.getByRole('dialog', { name: 'Tunde Bello' })
    expect(within(details).getByText(/Reschedule it, assign a technician or cancel it/)).toBeInTheDocument()
    expect(within(details).getByText('Gate locked, nobody home')).toBeInTheDocument()
    await ui.click(within(details).getByRole('button', { name: 'Close dialog' }))

    await ui.click(within(rows()[0]).getByRole('button', { name: 'reschedule' }))
    const dialog = screen.getByRole('dialog', { name: 'Reschedule booking' })
    const date = within(dialog).getByLabelText('New date')
    // The form checks the date against the device's today, as the server does against its own.
    const newDay = addDays(todayIso(new Date(), BUSINESS_TIME_ZONE), 30)
    await ui.clear(date)
    await ui.type(date, newDay)
    await ui.click(within(dialog).getByRole('button', { name: 'Save new time' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reschedule booking' })).toBeNull())
    expect(calls.find((c) => c.path === 'admins/bookings/2/reschedule/')?.body).toEqual({
      date: newDay,
      time: '10:00',
    })
    expect(screen.getByRole('status')).toHaveTextContent('Assign a technician for the new time.')
    // Cleared: no longer in the "Needs attention" view.
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull())
  })

  test('the status filter and the search (name, phone, location) narrow the list', async () => {
    mockApi({ 'GET appointment/': BOOKINGS })
    const ui = await openAdminScreen('/admin/bookings')
    expect(screen.getByRole('heading', { name: 'Bookings Management' })).toBeInTheDocument()
    expect(names()).toHaveLength(4)

    const status = screen.getByRole('combobox', { name: 'Filter by status' })
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'All Status',
      'Needs attention',
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

  // The rule itself (approve on Pending, confirm on Confirmed) is tested in tests/contract/bookings.test.ts.
  test("the action reads 'approve' on Pending, 'Mark as completed' on Confirmed and nothing otherwise", async () => {
    mockApi({ 'GET appointment/': BOOKINGS })
    renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    const actions = rows().map((r) =>
      within(within(r).getAllByRole('cell')[7])
        .queryAllByRole('button')
        .map((b) => b.textContent),
    )
    // Completing says what it does.
    expect(actions).toEqual([['approve', 'reject'], ['Mark as completed', 'reject'], [], []])
    // A booking still to be done can be moved, from under its date.
    const moves = rows().map((r) =>
      within(within(r).getAllByRole('cell')[4])
        .queryAllByRole('button')
        .map((b) => b.textContent),
    )
    expect(moves).toEqual([['reschedule'], ['reschedule'], [], []])
    // A booking still to be done can get a technician, from the Technician column.
    const assign = rows().map((r) =>
      within(within(r).getAllByRole('cell')[6])
        .queryAllByRole('button')
        .map((b) => b.textContent),
    )
    expect(assign).toEqual([['assign'], ['assign'], [], []])
    // Shown as the office has always read them, not restyled to 'Approve'.
    for (const name of ['approve', 'reject'])
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
    const ui = await openAdminScreen('/admin/bookings')
    await ui.click(within(rows()[0]).getByRole('button', { name: 'approve' }))
    let dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('Are you sure you want to approve?')
    // It names the booking: customer, service and time.
    expect(dialog).toHaveTextContent(/Amaka Obi · fumigation · \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)/i)
    await ui.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await waitFor(() =>
      expect(within(rows()[0]).getByRole('button', { name: 'Mark as completed' })).toBeInTheDocument(),
    )
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await ui.click(within(rows()[1]).getByRole('button', { name: 'reject' }))
    dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent('Do you want to reject this booking?')
    expect(dialog).toHaveTextContent(/Tunde Bello · \w+ · /)
    await ui.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(within(rows()[1]).getByText('Cancelled')).toBeInTheDocument())
    // The layout's "list seen" call (admins/alerts/) is not this screen's.
    expect(
      calls
        .filter((c) => c.method !== 'GET' && !c.path.startsWith('admins/alerts/'))
        .map((c) => `${c.method} ${c.path}`),
    ).toEqual(['POST admins/actions/1/', 'DELETE admins/delete/2/booking/'])
  })

  test('assign: the picker shows each technician’s day; a clash shows the server’s 409; a success lists them', async () => {
    let list = BOOKINGS
    const job = (id: number, time: string, name: string, staffId: number) => ({
      id,
      time,
      full_name: name,
      job_status: 'on_my_way',
      assigned_to: { id: staffId, name: 'x', phone_number: '' },
    })
    let clash = true
    const calls = mockApi({
      'GET appointment/': () => list,
      'GET get/users/': [
        { id: 7, full_name: 'Femi Okon', username: 'femi@test.ng', phone_number: '', role: 'Staff' },
        { id: 8, full_name: 'Bola Ade', username: 'bola@test.ng', phone_number: '', role: 'Staff' },
        { id: 1, full_name: 'Site Admin', username: 'a@test.ng', phone_number: '', role: 'Admin' },
      ],
      'GET staff/jobs/': [job(20, '09:00', 'Chidi Obi', 7)],
      'POST admins/bookings/2/assign/': () => {
        if (clash) {
          clash = false
          return {
            status: 409,
            body: { message: 'Femi Okon already has a job at 9:00 AM (Chidi Obi) that day', code: 'overlap' },
          }
        }
        list = list.map((b) =>
          b.id === 2 ? { ...b, technician: { id: 8, name: 'Bola Ade' }, job_status: 'assigned' as const } : b,
        )
        return { status: 200, body: { message: 'Booking assigned to Bola Ade.', job: {} } }
      },
    })
    const ui = await openAdminScreen('/admin/bookings')
    await ui.click(within(rows()[1]).getByRole('button', { name: 'assign' }))
    const dialog = screen.getByRole('dialog', { name: 'Assign Tunde Bello' })
    expect(await within(dialog).findByText('9:00 AM Chidi Obi (On my way)')).toBeInTheDocument()
    // The booking's own time in the app's one format, not "15:00".
    expect(dialog).toHaveTextContent(/\d{1,2}:\d{2} (AM|PM) · /)
    expect(within(dialog).queryByText('Site Admin')).not.toBeInTheDocument()
    await ui.click(within(dialog).getByRole('radio', { name: /Femi Okon/ }))
    await ui.click(within(dialog).getByRole('button', { name: 'Assign' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'already has a job at 9:00 AM (Chidi Obi)',
    )
    await ui.click(within(dialog).getByRole('radio', { name: /Bola Ade/ }))
    await ui.click(within(dialog).getByRole('button', { name: 'Assign' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(rows()[1]).getAllByRole('cell')[6]).toHaveTextContent('Bola AdeAssignedreassign')
    expect(within(rows()[1]).getByRole('button', { name: 'reassign' })).toBeInTheDocument()
    // The layout's "list seen" call (admins/alerts/) is not this screen's.
    const posts = calls.filter((c) => c.method === 'POST' && !c.path.startsWith('admins/alerts/'))
    expect(posts.map((c) => c.body)).toEqual([{ staff_id: 7 }, { staff_id: 8 }])
  })

  test('a completed job links its service report; Mark as completed asks whether the visit took place', async () => {
    mockApi({
      'GET appointment/': [
        booking(2, 'Tunde Bello', 'Confirmed', {
          technician: { id: 7, name: 'Femi Okon' },
          job_status: 'started',
        }),
        booking(3, 'Ngozi Eze', 'Completed', {
          technician: { id: 7, name: 'Femi Okon' },
          job_status: 'completed',
          report_url: 'staff/jobs/3/report',
        }),
      ],
    })
    const ui = await openAdminScreen('/admin/bookings')
    expect(within(rows()[1]).getByRole('link', { name: 'Service report' })).toHaveAttribute(
      'href',
      '/api/staff/jobs/3/report',
    )
    expect(within(rows()[0]).getAllByRole('cell')[6]).toHaveTextContent('Femi OkonStartedreassign')
    await ui.click(within(rows()[0]).getByRole('button', { name: 'Mark as completed' }))
    const dialog = screen.getByRole('dialog', { name: 'Mark as completed' })
    expect(dialog).toHaveTextContent('Did the visit take place')
    expect(dialog).toHaveTextContent('Femi Okon is assigned')
  })

  test('view opens the details with name, status and booking info', async () => {
    mockApi({ 'GET appointment/': BOOKINGS })
    const ui = await openAdminScreen('/admin/bookings')
    await ui.click(within(rows()[2]).getByRole('button', { name: 'view' }))
    const dialog = screen.getByRole('dialog', { name: 'Ngozi Eze' })
    expect(dialog).toHaveTextContent('Completed')
    expect(dialog).toHaveTextContent('Details of booking 3')
    expect(dialog).toHaveTextContent('Yaba')
    // The booking's own Lagos time, 12-hour, whatever the device's zone.
    expect(dialog).toHaveTextContent('March 12, 2026 at 10:00 AM')
  })

  test('the details list a job’s treatments; the office corrects one (checked with the server’s schema), who and when shown', async () => {
    const treatment = { id: '0b6c1d3e-8a4f-4c6b-9d7e-2f1a3b5c7d9e', ...SPRAY_TREATMENT }
    let job = { id: 3, treatments: [treatment] }
    const calls = mockApi({
      'GET appointment/': [
        booking(3, 'Ngozi Eze', 'Completed', {
          technician: { id: 7, name: 'Femi Okon' },
          job_status: 'completed',
          report_url: 'staff/jobs/3/report',
        }),
      ],
      'GET staff/jobs/3/': () => job,
      [`POST staff/jobs/3/treatments/${treatment.id}/correction/`]: (call: { body: any }) => {
        const corrected = {
          ...treatment,
          ...call.body,
          corrected: { by: 'Site Admin', at: '2026-03-12T15:00:00.000Z' },
        }
        job = { ...job, treatments: [corrected] }
        return { status: 200, body: { message: 'Treatment corrected.', treatment: corrected } }
      },
    })
    const ui = await openAdminScreen('/admin/bookings')
    await ui.click(within(rows()[0]).getByRole('button', { name: 'view' }))
    const dialog = screen.getByRole('dialog', { name: 'Ngozi Eze' })
    expect(await within(dialog).findByText('Cypermethrin 10% EC · 250 ml')).toBeInTheDocument()
    await ui.click(within(dialog).getByRole('button', { name: 'Correct Cypermethrin 10% EC' }))
    const area = within(dialog).getByLabelText('Area')
    await ui.clear(area)
    await ui.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    expect(area).toHaveAccessibleDescription('Area is required')
    expect(calls.some((c) => c.path.includes('correction'))).toBe(false)
    await ui.type(area, 'Kitchen and store room')
    await ui.type(within(dialog).getByLabelText('Reason for the correction'), 'Store room was left out')
    await ui.click(within(dialog).getByRole('button', { name: 'Save correction' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Treatment corrected.')
    expect(calls.find((c) => c.path.includes('correction'))?.body).toMatchObject({
      area: 'Kitchen and store room',
      quantity: 250,
      reason: 'Store room was left out',
    })
    expect(
      await within(dialog).findByText(/Corrected by Site Admin, March 12, 2026 at 4:00 PM/),
    ).toBeInTheDocument()
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
    expect(night).toHaveTextContent('March 10, 20269:30 PMEmergency call-out')
    expect(day).not.toHaveTextContent('Emergency')
  })

  test('the calendar shows a month grid with counts per day and lists a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-05T12:00:00') })
    mockApi({ 'GET appointment/': BOOKINGS })
    const ui = await openAdminScreen('/admin/bookings')
    await ui.click(screen.getByRole('button', { name: 'Calendar' }))
    expect(screen.getByText('March 2026')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '10: 2 bookings (March 10, 2026)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '12: 2 bookings (March 12, 2026)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: '11: 0 bookings (March 11, 2026)' })).toBeInTheDocument()

    await ui.click(screen.getByRole('button', { name: '12: 2 bookings (March 12, 2026)' }))
    const day = screen.getByRole('list', { name: 'Bookings on the selected day' })
    expect(
      within(day)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ngozi Eze'), expect.stringContaining('Musa Ali')])

    // The status filter applies to the calendar too.
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'completed')
    expect(screen.getByRole('button', { name: '12: 1 booking (March 12, 2026)' })).toBeInTheDocument()

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

describe('after an outbox replay', () => {
  test("a booking the service worker just sent shows in the admin's open list", async () => {
    const { startOutboxSync } = await import('../../src/offline/sync')
    let list = BOOKINGS
    mockApi({ 'GET appointment/': () => list, 'GET auth_check': { role: 'admin', id: 1 } })
    const { queryClient } = renderAdmin('/admin/bookings')
    await screen.findByRole('table')
    expect(names()).toHaveLength(4)
    const stop = startOutboxSync(() => queryClient)
    try {
      // A customer's queued booking reached the server through the worker's Background Sync.
      list = [...BOOKINGS, booking(5, 'Kemi Ade', 'Pending')]
      const worker = new BroadcastChannel(OUTBOX_CHANNEL)
      worker.postMessage({ type: 'sent', kind: 'appointment', userId: 9 } satisfies OutboxSentMessage)
      worker.close()
      await waitFor(() => expect(names()).toContain('Kemi Ade'))
    } finally {
      stop()
    }
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
    expect(calls.some((c) => c.path.includes('correction'))).toBe(false)

    await ui.clear(screen.getByLabelText('Closing time'))
    await ui.type(screen.getByLabelText('Closing time'), '19:00')
    await ui.clear(screen.getByLabelText('Opening time'))
    await ui.type(screen.getByLabelText('Opening time'), '08:00')
    await ui.clear(cutoff)
    await ui.type(cutoff, '24')
    await ui.click(screen.getByRole('checkbox', { name: 'Saturday' }))
    await ui.click(screen.getByRole('button', { name: 'Save booking rules' }))
    expect(await screen.findByText(/Working hours: Mon–Sat 8:00 AM to 7:00 PM/)).toBeInTheDocument()
    // Kept on this device, so the public footer and Contact page show the new hours straight away.
    expect(JSON.parse(localStorage.getItem(WORKING_HOURS_KEY) ?? 'null')).toEqual({
      work_start: '08:00',
      work_end: '19:00',
      work_days: [1, 2, 3, 4, 5, 6],
    })
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      cutoff_hours: 24,
      work_start: '08:00',
      work_end: '19:00',
      work_days: [1, 2, 3, 4, 5, 6],
    })
  })
})
