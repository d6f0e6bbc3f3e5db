// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { Footer } from '../../src/app/layouts/footer'
import Contact from '../../src/features/marketing/pages/contact'
import { resetWorkingHoursCall, WORKING_HOURS_KEY } from '../../src/lib/working-hours'
import { freshDeviceForEachTest, json, mockFetch, renderWithProviders } from './public-helpers'

const SAVED = { cutoff_hours: 24, work_start: '08:00', work_end: '18:30', work_days: [1, 2, 3, 4, 5, 6] }
const SAVED_TEXT = 'Mon–Sat 8:00 AM to 6:30 PM'
const DEFAULT_TEXT = 'Mon–Fri 9:00 AM to 7:00 PM'

const openingHoursCard = () => {
  const card = screen.getByRole('heading', { name: 'Opening hours' }).closest('li')
  if (!card) throw new Error('no Opening hours card')
  return within(card)
}
const footer = () => within(screen.getByRole('contentinfo'))

freshDeviceForEachTest(resetWorkingHoursCall)

describe('working hours on the public pages (GET booking-settings/)', () => {
  test('the footer and the Contact page show the hours the admin saved, asking the server once', async () => {
    const calls = mockFetch({ 'GET booking-settings/': json(200, SAVED) })
    renderWithProviders(
      <>
        <Contact />
        <Footer />
      </>,
      '/contact',
    )
    // As prerendered first, in the same element the saved hours then replace.
    const footerLine = footer().getByText(DEFAULT_TEXT)
    expect(openingHoursCard().getByText(DEFAULT_TEXT)).toBeInTheDocument()

    expect(await openingHoursCard().findByText(SAVED_TEXT)).toBeInTheDocument()
    expect(footer().getByText(SAVED_TEXT)).toBe(footerLine)
    expect(screen.queryByText(DEFAULT_TEXT)).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'booking-settings/')).toHaveLength(1)
  })

  test('an offline visit shows the hours kept from the last answer', async () => {
    mockFetch({ 'GET booking-settings/': json(200, SAVED) })
    renderWithProviders(<Footer />)
    expect(await footer().findByText(SAVED_TEXT)).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem(WORKING_HOURS_KEY) ?? 'null')).toMatchObject({
      work_start: '08:00',
    })
    cleanup()

    // The next page load, with no connection.
    resetWorkingHoursCall()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    renderWithProviders(<Contact />, '/contact')
    expect(await openingHoursCard().findByText(SAVED_TEXT)).toBeInTheDocument()
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(openingHoursCard().getByText(SAVED_TEXT)).toBeInTheDocument()
  })

  test('when the call fails and nothing is kept, the default hours stay, with no error shown', async () => {
    mockFetch({ 'GET booking-settings/': json(500, { message: 'Server error' }) })
    renderWithProviders(
      <>
        <Contact />
        <Footer />
      </>,
      '/contact',
    )
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(expect.stringContaining('booking-settings/'), expect.anything()),
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(openingHoursCard().getByText(DEFAULT_TEXT)).toBeInTheDocument()
    expect(footer().getByText(DEFAULT_TEXT)).toBeInTheDocument()
    expect(screen.queryByText(/Server error/)).not.toBeInTheDocument()
    expect(localStorage.getItem(WORKING_HOURS_KEY)).toBeNull()
  })

  test('an answer that is not working hours is ignored', async () => {
    mockFetch({ 'GET booking-settings/': json(200, { work_start: 'soon', work_days: 'weekdays' }) })
    renderWithProviders(<Footer />)
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    await new Promise((r) => setTimeout(r, 50))
    expect(footer().getByText(DEFAULT_TEXT)).toBeInTheDocument()
  })
})
