// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { BookingLinkAnswer } from '../../contract/booking-links'
import BookingLinkPage from '../../src/features/bookings/pages/booking-link'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const view = (change: Partial<BookingLinkAnswer> = {}): BookingLinkAnswer => ({
  booking: {
    id: 9,
    full_name: 'Ada Customer',
    phone_number: '08031234567',
    service: 'fumigation',
    info: '',
    date: '2026-11-27',
    time: '10:00',
    status: 'Confirmed',
    location: '3 Marina Road, Lagos Island',
    emergency: false,
  },
  confirmedAt: null,
  cutoffHours: 12,
  changeRefusal: null,
  ...change,
})

const openLink = () =>
  renderWithProviders(
    <Routes>
      <Route path="/r/:token" element={<BookingLinkPage />} />
    </Routes>,
    '/r/booking.9.1800000000.sig',
  )

describe('a reminder’s link, without logging in', () => {
  test('shows the visit; “Yes, I will be there” sends the answer and says so', async () => {
    setSession(null)
    const confirmed = view({ confirmedAt: '2026-11-26T09:40:00.000Z' })
    const calls = mockFetch({
      'GET booking-links/booking.9.1800000000.sig/': json(200, view()),
      'POST booking-links/booking.9.1800000000.sig/confirm/': json(200, {
        message: 'Thank you: we will see you on November 27, 2026 at 10:00 AM.',
        view: confirmed,
      }),
    })
    const ui = userEvent.setup()
    openLink()
    expect(await screen.findByText('3 Marina Road, Lagos Island')).toBeTruthy()
    await ui.click(screen.getByRole('button', { name: 'Yes, I will be there' }))
    expect(
      await screen.findByText('Thank you: we will see you on November 27, 2026 at 10:00 AM.'),
    ).toBeTruthy()
    expect(screen.getByText('You told us you will be there.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Yes, I will be there' })).toBeNull()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      'booking-links/booking.9.1800000000.sig/confirm/',
    ])
  })

  test('past the cut-off, says why instead of offering to move or cancel; cancelling asks first', async () => {
    setSession(null)
    mockFetch({
      'GET booking-links/booking.9.1800000000.sig/': json(
        200,
        view({ changeRefusal: 'Bookings can only be changed up to 12 hours before. Please call us.' }),
      ),
    })
    openLink()
    expect(
      await screen.findByText('Bookings can only be changed up to 12 hours before. Please call us.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Reschedule' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel the visit' })).toBeNull()
    cleanup()

    mockFetch({
      'GET booking-links/booking.9.1800000000.sig/': json(200, view()),
      'POST booking-links/booking.9.1800000000.sig/cancel/': json(409, {
        message: 'This booking was changed meanwhile. Reload and try again.',
      }),
    })
    const ui = userEvent.setup()
    openLink()
    await ui.click(await screen.findByRole('button', { name: 'Cancel the visit' }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel this visit?' })
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }))
    expect(
      await within(dialog).findByText('This booking was changed meanwhile. Reload and try again.'),
    ).toBeTruthy()
  })
})
