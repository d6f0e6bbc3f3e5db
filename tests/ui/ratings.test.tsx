// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { AdminRatingsAnswer, RatingLinkAnswer } from '../../contract/ratings'
import RateLinkPage from '../../src/features/ratings/pages/rate-link'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'
import { mockApi, renderAdmin } from './admin-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const TOKEN = 'rating.9.1800000000.sig'
const visit = (change: Partial<RatingLinkAnswer> = {}): RatingLinkAnswer => ({
  service: 'fumigation',
  date: '2026-11-25',
  technician: 'Femi',
  rating: null,
  ...change,
})

const openLink = (query = '') =>
  renderWithProviders(
    <Routes>
      <Route path="/rate/:token" element={<RateLinkPage />} />
    </Routes>,
    `/rate/${TOKEN}${query}`,
  )

describe('rating a visit by its link', () => {
  test('the one-tap link’s stars are chosen already; sending says thank you', async () => {
    setSession(null)
    const calls = mockFetch({
      [`GET rating-links/${TOKEN}/`]: json(200, visit()),
      [`POST rating-links/${TOKEN}/`]: json(200, {
        message: 'Thank you for rating our visit!',
        view: visit({
          rating: { stars: 5, comment: '', publish: true, ratedAt: '2026-11-25T12:00:00.000Z' },
        }),
      }),
    })
    const ui = userEvent.setup()
    openLink('?stars=5')
    expect(await screen.findByText(/with Femi/)).toBeTruthy()
    expect(screen.getByRole('radio', { name: '5 stars: Excellent' })).toBeChecked()
    await ui.click(screen.getByRole('checkbox', { name: /You may show my rating/ }))
    await ui.click(screen.getByRole('button', { name: 'Send my rating' }))
    expect(await screen.findByText('Thank you for rating our visit!')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { stars: 5, comment: '', publish: true },
    ])
    expect(screen.getByRole('button', { name: 'Change my rating' })).toBeTruthy()
  })

  test('without stars nothing is sent: the first star gets the focus and the reason is given', async () => {
    setSession(null)
    const calls = mockFetch({ [`GET rating-links/${TOKEN}/`]: json(200, visit()) })
    const ui = userEvent.setup()
    openLink()
    await ui.click(await screen.findByRole('button', { name: 'Send my rating' }))
    expect(screen.getByText('Choose from 1 to 5 stars')).toBeTruthy()
    expect(screen.getByRole('radio', { name: '1 star: Poor' })).toHaveFocus()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })
})

describe('the back office’s Ratings', () => {
  test('shows averages and shows a rating on Reviews only where the customer agreed', async () => {
    const data: AdminRatingsAnswer = {
      byTechnician: [{ staffId: 3, name: 'Femi Okon', count: 2, average: 3.5 }],
      byService: [{ service: 'fumigation', count: 2, average: 3.5 }],
      recent: [
        {
          bookingId: 9,
          customer: 'Ada Customer',
          service: 'fumigation',
          date: '2026-11-25',
          technician: 'Femi',
          stars: 5,
          comment: 'No more cockroaches!',
          publish: true,
          publishedAt: null,
          ratedAt: '2026-11-25T12:00:00.000Z',
        },
        {
          bookingId: 8,
          customer: 'Ada Customer',
          service: 'fumigation',
          date: '2026-11-20',
          technician: 'Femi',
          stars: 2,
          comment: 'Came late',
          publish: false,
          publishedAt: null,
          ratedAt: '2026-11-20T12:00:00.000Z',
        },
      ],
    }
    const calls = mockApi({
      'GET admins/ratings/': data,
      'POST admins/ratings/9/publish/': { status: 200, body: { message: 'Shown as a testimonial.' } },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/ratings')
    const latest = await screen.findByRole('list', { name: 'Latest ratings' })
    expect(screen.getAllByRole('img', { name: '3.5 out of 5 stars' })).toHaveLength(2)
    expect(within(latest).getByText('The customer did not agree to show it.')).toBeTruthy()
    await ui.click(within(latest).getByRole('button', { name: 'Show on Reviews' }))
    await waitFor(() => expect(screen.getByText('Shown as a testimonial.')).toBeTruthy())
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: 'admins/ratings/9/publish/', body: { published: true } },
    ])
  })
})
