// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { routes } from '../../src/app/router'
import { mockApi, RoutesOf } from './admin-helpers'
import { setSession, STAFF_SETTINGS } from './public-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// The app's whole route table, as start-app.tsx renders it: no query provider around it. The marketing
// pages need none; a page that reads the API brings the app's cache with it (lazyWithQueries).
const renderApp = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <RoutesOf routes={routes} />
    </MemoryRouter>,
  )

test('a marketing page renders without the query cache', async () => {
  setSession(null)
  mockApi({})
  renderApp('/about')
  expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})

test('a page that reads the API, and the logged-in menu, bring the query cache with them', async () => {
  setSession('staff', 7)
  mockApi({
    'GET users/notifications/': [
      { id: 1, heading: 'Job assigned', body: 'A new job', created: '2026-11-20T09:00:00Z', read: false },
    ],
    'GET admins/settings/7/': STAFF_SETTINGS,
  })
  renderApp('/user/settings')
  expect(await screen.findByDisplayValue('femi@test.ng', {}, { timeout: 5000 })).toBeInTheDocument()
  // The top bar's account menu reads the visitor's unread notifications through the same cache.
  expect(
    (await screen.findAllByText(/unread notifications/, {}, { timeout: 5000 }))[0].parentElement,
  ).toHaveTextContent('1')
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})
