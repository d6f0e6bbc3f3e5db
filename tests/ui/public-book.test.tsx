// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError, NetworkError } from '../../src/lib/api-client'
import { userScope } from '../../src/lib/user-scope'
import { resetServiceKindsCall } from '../../src/lib/service-kinds'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'

const submitThroughOutbox = vi.fn()
vi.mock('../../src/offline/outbox', () => ({
  submitThroughOutbox: (...args: unknown[]) => submitThroughOutbox(...args),
}))
const {
  default: Book,
  emergencyNotice,
  validateAppointment,
} = await import('../../src/features/bookings/pages/book')

// 8:00 AM in Lagos on May 10, 2026: 10:30 that day is still to come.
/** A Monday-to-Friday date about a month ahead (a booking more than a year ahead is refused). */
const SOON = (() => {
  let t = Date.now() + 30 * 86_400_000
  while ([0, 6].includes(new Date(t).getUTCDay())) t += 86_400_000
  return new Date(t).toISOString().slice(0, 10)
})()
const TODAY = () => new Date('2026-05-10T08:00:00+01:00')
const valid = {
  phone_number: '0803 123 4567',
  location: '5 Bode Thomas Street, Surulere',
  service: 'cleaning' as const,
  date: '2026-05-10',
  time: '10:30',
  info: '',
}

// Drafts of the form are kept on the device: each test starts with none.
beforeEach(() => localStorage.clear())

describe('the appointment rules (the server schema, run on the client)', () => {
  test('a date in the past is refused; today is fine', () => {
    expect(validateAppointment({ ...valid, date: '2026-05-09' }, TODAY).errors.date).toBe(
      'The date cannot be in the past',
    )
    expect(validateAppointment(valid, TODAY).errors).toEqual({})
  })

  test('a malformed Nigerian number is refused with the hint', () => {
    for (const bad of ['12345', '0803123456', '+44 7700 900123', '0603 123 4567']) {
      expect(validateAppointment({ ...valid, phone_number: bad }, TODAY).errors.phone_number).toMatch(
        /Enter a Nigerian mobile number/,
      )
    }
  })

  test('0803…, +234803… and 234803… are all accepted and sent as E.164', () => {
    for (const good of ['08031234567', '0803 123 4567', '+234 803 123 4567', '2348031234567']) {
      const { data, errors } = validateAppointment({ ...valid, phone_number: good }, TODAY)
      expect(errors).toEqual({})
      expect(data?.phone_number).toBe('+2348031234567')
    }
  })

  test('missing fields get their own messages', () => {
    const { errors } = validateAppointment(
      { phone_number: '', location: '', service: '' as 'cleaning', date: '', time: '' },
      TODAY,
    )
    expect(Object.keys(errors).sort()).toEqual(['date', 'location', 'phone_number', 'service', 'time'])
  })
})

describe('/book', () => {
  beforeEach(() => {
    submitThroughOutbox.mockReset()
    setSession('user', 42)
    mockFetch({ 'GET appointment/': json(200, []), 'GET users/notifications/': json(200, []) })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  async function fill(overrides: Partial<Record<string, string>> = {}) {
    const ui = userEvent.setup()
    const form = screen.getByRole('form', { name: 'Appointment' })
    const f = within(form)
    const values = { phone: '0803 123 4567', date: SOON, ...overrides }
    await ui.clear(f.getByLabelText('WhatsApp number'))
    await ui.type(f.getByLabelText('WhatsApp number'), values.phone)
    await ui.selectOptions(f.getByLabelText('Service'), 'fumigation')
    await ui.clear(f.getByLabelText('Location'))
    await ui.type(f.getByLabelText('Location'), '12 Creek Road, Apapa')
    await ui.clear(f.getByLabelText('Date'))
    await ui.type(f.getByLabelText('Date'), values.date)
    await ui.type(f.getByLabelText('Time'), '09:00')
    await ui.click(f.getByRole('button', { name: 'Book Appointment' }))
    return f
  }

  test('shows the copy promises and the date field starts at today', () => {
    renderWithProviders(<Book />, '/book')
    expect(screen.getByText('Bookings are confirmed within 24 hours')).toBeInTheDocument()
    expect(screen.getByText('Emergency response 2 to 4 hours')).toBeInTheDocument()
    expect(screen.getByLabelText('Date')).toHaveAttribute('min', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/))
  })

  test('client errors appear next to their fields and nothing is sent', async () => {
    renderWithProviders(<Book />, '/book')
    const f = await fill({ phone: '12345', date: '2001-01-01' })
    expect(f.getByLabelText('WhatsApp number')).toHaveAccessibleDescription(/Enter a Nigerian mobile number/)
    expect(f.getByLabelText('Date')).toHaveAccessibleDescription('The date cannot be in the past')
    expect(submitThroughOutbox).not.toHaveBeenCalled()
  })

  test("sent: posts appointment/ through the outbox, shows the server's message, clears the form", async () => {
    let finish: (v: unknown) => void = () => {}
    submitThroughOutbox.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    const { queryClient } = renderWithProviders(<Book />, '/book')
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    const f = await fill()
    expect(f.getByRole('button', { name: 'Booking...' })).toBeDisabled()
    expect(submitThroughOutbox).toHaveBeenCalledWith(
      'appointment',
      'POST appointment/',
      {
        phone_number: '+2348031234567',
        location: '12 Creek Road, Apapa',
        service: 'fumigation',
        date: SOON,
        time: '09:00',
        info: '',
      },
      42,
    )
    finish({ state: 'sent', data: { message: 'Your appointment has been booked.', id: 9 } })
    await waitFor(() => expect(f.getByRole('status')).toHaveTextContent('Your appointment has been booked.'))
    expect(f.getByLabelText('Location')).toHaveValue('')
    // The server wrote a booking and a notification: the user's data is refreshed (their scope only).
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: userScope(42) }))
  })

  test('queued: says it is saved on the phone and will be sent', async () => {
    submitThroughOutbox.mockResolvedValue({ state: 'queued', entry: { id: 'x' } })
    renderWithProviders(<Book />, '/book')
    const f = await fill()
    await waitFor(() =>
      expect(f.getByRole('status')).toHaveTextContent(
        'Saved on this phone — it will be sent as soon as the network answers',
      ),
    )
  })

  test('too many for now (429): says why and that the saved booking is sent after the wait', async () => {
    const retryLater = 'Too many bookings from this account. Try again in 1 minute.'
    submitThroughOutbox.mockResolvedValue({ state: 'queued', entry: { id: 'x' }, retryLater })
    renderWithProviders(<Book />, '/book')
    const f = await fill()
    await waitFor(() =>
      expect(f.getByRole('status')).toHaveTextContent(
        `${retryLater} Your booking is saved and will be sent then.`,
      ),
    )
  })

  test("a refusal shows the server's message, or 'An error occurred.' without one; the form is kept", async () => {
    submitThroughOutbox.mockRejectedValueOnce(
      new ApiError(400, 'The date cannot be in the past', { message: 'The date cannot be in the past' }),
    )
    renderWithProviders(<Book />, '/book')
    const f = await fill()
    expect(await f.findByRole('alert')).toHaveTextContent('The date cannot be in the past')
    expect(f.getByLabelText('Location')).toHaveValue('12 Creek Road, Apapa')

    submitThroughOutbox.mockRejectedValueOnce(new ApiError(409, 'Conflict', undefined))
    await userEvent.setup().click(f.getByRole('button', { name: 'Book Appointment' }))
    expect(await f.findByRole('alert')).toHaveTextContent(/^An error occurred\.$/)
  })

  test('what is typed survives a reload until the booking is sent, then it is forgotten', async () => {
    const ui = userEvent.setup()
    const first = renderWithProviders(<Book />, '/book')
    await ui.type(screen.getByLabelText('Location'), '12 Creek Road, Apapa')
    await ui.type(screen.getByLabelText('Details (optional)'), 'Rats in the store')
    first.unmount()
    renderWithProviders(<Book />, '/book')
    expect(await screen.findByDisplayValue('12 Creek Road, Apapa')).toBe(screen.getByLabelText('Location'))
    expect(screen.getByLabelText('Details (optional)')).toHaveValue('Rats in the store')

    submitThroughOutbox.mockResolvedValue({ state: 'queued', entry: { id: 'x' } })
    await fill()
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Saved on this phone — it will be sent as soon as the network answers',
      ),
    )
    cleanup()
    renderWithProviders(<Book />, '/book')
    expect(screen.getByLabelText('Location')).toHaveValue('')
    expect(screen.getByLabelText('Details (optional)')).toHaveValue('')
  })

  test('any other failure: "Failed to book the appointment. Please try again."', async () => {
    submitThroughOutbox.mockRejectedValue(new NetworkError(new TypeError('boom')))
    renderWithProviders(<Book />, '/book')
    const f = await fill()
    expect(await f.findByRole('alert')).toHaveTextContent('Failed to book the appointment. Please try again.')
    expect(f.getByLabelText('WhatsApp number')).toHaveValue('0803 123 4567')
  })
})

describe('/book: the customer follows their technician', () => {
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  test('an appointment shows the technician and the live status; a completed one links its report', async () => {
    setSession('user', 42)
    const row = (id: number, change: Record<string, unknown>) => ({
      id,
      full_name: 'Ada',
      phone_number: '+2348031234567',
      service: 'fumigation',
      info: '',
      date: '2026-05-1' + id,
      time: '09:00',
      status: 'Confirmed',
      location: 'Surulere',
      ...change,
    })
    mockFetch({
      'GET appointment/': json(200, [
        row(1, { technician: { id: 7, name: 'Femi Okon' }, job_status: 'on_my_way', report_url: null }),
        row(2, {
          status: 'Completed',
          technician: { id: 7, name: 'Femi Okon' },
          job_status: 'completed',
          report_url: 'staff/jobs/2/report',
        }),
      ]),
      'GET users/notifications/': json(200, []),
    })
    renderWithProviders(<Book />, '/book')
    const list = await screen.findByRole('heading', { name: 'Your appointments' })
    const items = within(list.closest('section')!).getAllByRole('listitem')
    expect(items[1]).toHaveTextContent('Technician: Femi Okon · On my way')
    expect(within(items[0]).getByRole('link', { name: 'Service report' })).toHaveAttribute(
      'href',
      '/api/staff/jobs/2/report',
    )
  })
})

describe('/book: emergency call-outs, booking for a caller, changing a booking', () => {
  const SETTINGS = { cutoff_hours: 12, work_start: '09:00', work_end: '19:00', work_days: [1, 2, 3, 4, 5] }
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
  test('a time outside the working hours is shown as an emergency call-out before sending', async () => {
    setSession('user', 42)
    mockFetch({ 'GET appointment/': json(200, []), 'GET booking-settings/': json(200, SETTINGS) })
    renderWithProviders(<Book />, '/book')
    expect(await screen.findByText(/Working hours Mon–Fri 9:00 AM to 7:00 PM/)).toBeInTheDocument()
    const ui = userEvent.setup()
    await ui.type(screen.getByLabelText('Date'), SOON)
    await ui.type(screen.getByLabelText('Time'), '21:30')
    expect(screen.getByText(/outside our working hours \(Mon–Fri 9:00 AM to 7:00 PM\)/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Book Emergency Call-out' })).toBeInTheDocument()
    await ui.clear(screen.getByLabelText('Time'))
    await ui.type(screen.getByLabelText('Time'), '10:00')
    expect(screen.queryByText(/outside our working hours/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeInTheDocument()
  })

  test("an admin books for a caller: the customer's name is asked and sent", async () => {
    submitThroughOutbox.mockReset()
    submitThroughOutbox.mockResolvedValue({ state: 'sent', data: { message: 'Booked', id: 3 } })
    setSession('admin', 1)
    mockFetch({ 'GET appointment/': json(200, []), 'GET booking-settings/': json(200, SETTINGS) })
    renderWithProviders(<Book />, '/book')
    const ui = userEvent.setup()
    await ui.click(screen.getByRole('button', { name: 'Book Appointment' }))
    expect(screen.getByLabelText("Customer's name")).toHaveAccessibleDescription(
      "Customer's name is required",
    )
    await ui.type(screen.getByLabelText("Customer's name"), 'Chidi Caller')
    await ui.type(screen.getByLabelText("Customer's WhatsApp number"), '0812 000 1111')
    await ui.selectOptions(screen.getByLabelText('Service'), 'cleaning')
    await ui.type(screen.getByLabelText('Location'), '4 Allen Avenue, Ikeja')
    await ui.type(screen.getByLabelText('Date'), SOON)
    await ui.type(screen.getByLabelText('Time'), '10:00')
    await ui.click(screen.getByRole('button', { name: 'Book Appointment' }))
    await waitFor(() => expect(submitThroughOutbox).toHaveBeenCalled())
    expect(submitThroughOutbox.mock.calls[0][2]).toMatchObject({
      full_name: 'Chidi Caller',
      phone_number: '+2348120001111',
    })
  })

  test('the customer cancels and reschedules from their appointments list; past the cut-off they cannot', async () => {
    setSession('user', 42)
    const upcoming = {
      id: 5,
      full_name: 'Ada Customer',
      phone_number: '+2348031234567',
      service: 'fumigation',
      info: '',
      date: SOON,
      time: '14:30',
      status: 'Confirmed',
      location: '3 Marina Road',
      emergency: false,
    }
    const soon = {
      ...upcoming,
      id: 6,
      date: new Date(Date.now() + 3600_000).toISOString().slice(0, 10),
      time: '23:59',
    }
    const calls = mockFetch({
      'GET appointment/': json(200, [upcoming, { ...soon, date: '2020-01-01' }]),
      'GET booking-settings/': json(200, SETTINGS),
      'POST appointment/5/cancel/': json(200, { message: 'Booking cancelled', status: 'Cancelled' }),
      'POST appointment/5/reschedule/': json(200, {
        message: 'Booking rescheduled',
        booking: { ...upcoming, time: '11:00', status: 'Pending' },
      }),
    })
    renderWithProviders(<Book />, '/book')
    const item = await screen.findByRole('listitem', {
      name: `fumigation on ${bookingWhenText(SOON, '2:30 PM')}`,
    })
    const old = screen.getByRole('listitem', { name: /January 1, 2020 at 11:59 PM/ })
    // Past the cut-off (here: long gone), no buttons: the customer calls instead.
    expect(within(old).queryByRole('button')).toBeNull()

    const ui = userEvent.setup()
    await ui.click(within(item).getByRole('button', { name: 'Reschedule' }))
    const dialog = screen.getByRole('dialog', { name: 'Reschedule booking' })
    await ui.clear(within(dialog).getByLabelText('New time'))
    await ui.type(within(dialog).getByLabelText('New time'), '11:00')
    await ui.click(within(dialog).getByRole('button', { name: 'Save new time' }))
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'appointment/5/reschedule/')?.body).toEqual({
        date: SOON,
        time: '11:00',
      }),
    )
    expect(
      await screen.findByText(/Moved to .* at 11:00 AM\. We will confirm it again\./),
    ).toBeInTheDocument()

    await ui.click(within(item).getByRole('button', { name: 'Cancel booking' }))
    await ui.click(
      within(screen.getByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', {
        name: 'Yes, cancel',
      }),
    )
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'appointment/5/cancel/' && c.method === 'POST')).toBe(true),
    )
    expect(await screen.findByText(/appointment on .* at 2:30 PM is cancelled/)).toBeInTheDocument()
  })
})

function bookingWhenText(day: string, time: string) {
  return `${new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T00:00:00`))} at ${time}`
}

describe('the emergency box', () => {
  const settings = { cutoff_hours: 12, work_start: '09:00', work_end: '19:00', work_days: [1, 2, 3, 4, 5] }
  test('shows for a future time outside the working hours, not for one already past (that is an error)', () => {
    // Wednesday 2026-03-11 at 21:00 in Lagos.
    const now = Date.parse('2026-03-11T21:00:00+01:00')
    expect(emergencyNotice(settings, '2026-03-11', '22:00', now)).toMatch(/emergency call-out/)
    expect(emergencyNotice(settings, '2026-03-11', '20:00', now)).toBeNull()
    expect(emergencyNotice(settings, '2026-03-12', '10:00', now)).toBeNull()
  })
})

describe('/book: kinds of service and the estimate', () => {
  const KINDS = [
    {
      id: 1,
      service: 'fumigation',
      name: 'General pest control',
      description: 'Every room sprayed',
      price_rule: 'per_unit',
      price: 8000,
      unit: 'room',
      active: true,
      position: 0,
    },
    {
      id: 2,
      service: 'fumigation',
      name: 'Termite treatment',
      description: '',
      price_rule: 'from',
      price: 60000,
      unit: '',
      active: true,
      position: 1,
    },
    {
      id: 3,
      service: 'cleaning',
      name: 'Upholstery cleaning',
      description: '',
      price_rule: 'per_unit',
      price: 5000,
      unit: 'seat',
      active: true,
      position: 0,
    },
  ]
  beforeEach(() => {
    submitThroughOutbox.mockReset()
    resetServiceKindsCall()
    setSession('user', 42)
    mockFetch({
      'GET appointment/': json(200, []),
      'GET users/notifications/': json(200, []),
      'GET services/': json(200, KINDS),
    })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  test("offers the chosen service's kinds with their prices and shows the estimate as the units change", async () => {
    const ui = userEvent.setup()
    renderWithProviders(<Book />, '/book')
    const f = within(screen.getByRole('form', { name: 'Appointment' }))
    await ui.selectOptions(f.getByLabelText('Service'), 'fumigation')
    const kind = f.getByLabelText('Kind of service (optional)')
    await waitFor(() =>
      expect(
        within(kind)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        "Not sure — we'll inspect",
        'General pest control · ₦8,000 per room',
        'Termite treatment · From ₦60,000 — priced after inspection',
      ]),
    )
    await ui.selectOptions(kind, 'General pest control · ₦8,000 per room')
    expect(f.getByText('₦8,000 per room: enter how many rooms')).toBeVisible()
    await ui.type(f.getByLabelText('Number of rooms'), '3')
    expect(f.getByText('Estimate: ₦24,000 (3 rooms × ₦8,000)')).toBeVisible()
    await ui.type(f.getByLabelText('Number of rooms'), '0')
    expect(f.getByText('Estimate: ₦240,000 (30 rooms × ₦8,000)')).toBeVisible()

    await ui.selectOptions(kind, 'Termite treatment · From ₦60,000 — priced after inspection')
    expect(f.queryByLabelText('Number of rooms')).toBeNull()
    expect(f.getByText('From ₦60,000, final price after inspection')).toBeVisible()

    // Another service has other kinds: the choice goes.
    await ui.selectOptions(f.getByLabelText('Service'), 'cleaning')
    expect(f.getByLabelText('Kind of service (optional)')).toHaveValue('')
    expect(f.queryByText(/^Estimate|final price after inspection|enter how many/)).toBeNull()
  })

  test('sends the kind and units with the estimate line for the queued summary; units are required', async () => {
    const ui = userEvent.setup()
    submitThroughOutbox.mockResolvedValue({ state: 'queued', entry: { id: 'x' } })
    renderWithProviders(<Book />, '/book')
    const f = within(screen.getByRole('form', { name: 'Appointment' }))
    await ui.type(f.getByLabelText('WhatsApp number'), '0803 123 4567')
    await ui.selectOptions(f.getByLabelText('Service'), 'cleaning')
    await waitFor(() =>
      expect(within(f.getByLabelText('Kind of service (optional)')).getAllByRole('option')).toHaveLength(2),
    )
    await ui.selectOptions(
      f.getByLabelText('Kind of service (optional)'),
      'Upholstery cleaning · ₦5,000 per seat',
    )
    await ui.type(f.getByLabelText('Location'), '12 Creek Road, Apapa')
    await ui.type(f.getByLabelText('Date'), SOON)
    await ui.type(f.getByLabelText('Time'), '09:00')
    await ui.click(f.getByRole('button', { name: 'Book Appointment' }))
    expect(f.getByLabelText('Number of seats')).toHaveAccessibleDescription(
      'Enter how many seats, from 1 to 999',
    )
    await waitFor(() => expect(f.getByLabelText('Number of seats')).toHaveFocus())
    expect(submitThroughOutbox).not.toHaveBeenCalled()

    await ui.type(f.getByLabelText('Number of seats'), '7')
    await ui.click(f.getByRole('button', { name: 'Book Appointment' }))
    await waitFor(() => expect(submitThroughOutbox).toHaveBeenCalled())
    expect(submitThroughOutbox.mock.calls[0][2]).toMatchObject({
      service: 'cleaning',
      service_kind_id: 3,
      units: 7,
      estimate_label: 'Estimate: ₦35,000 (7 seats × ₦5,000)',
    })
  })

  test('offline with no list on the device, "Not sure" is still a booking', async () => {
    mockFetch({ 'GET appointment/': json(200, []), 'GET users/notifications/': json(200, []) })
    const ui = userEvent.setup()
    renderWithProviders(<Book />, '/book')
    const f = within(screen.getByRole('form', { name: 'Appointment' }))
    await ui.selectOptions(f.getByLabelText('Service'), 'fumigation')
    expect(within(f.getByLabelText('Kind of service (optional)')).getAllByRole('option')).toHaveLength(1)
  })
})
