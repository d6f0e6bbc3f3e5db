// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { publicRoutes } from '../../src/app/router'
import { mockApi, RoutesOf } from './admin-helpers'
import { afterEach, describe, expect, test } from 'vitest'
import { RoleGuard } from '../../src/app/role-guard'
import { useSession } from '../../src/lib/session'
import { setSession, STAFF_SETTINGS } from './public-helpers'

function renderGuard() {
  return render(
    <MemoryRouter initialEntries={['/book']}>
      <Routes>
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/book" element={<RoleGuard user={<p>User version</p>} admin={<p>Admin version</p>} />} />
      </Routes>
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('RoleGuard', () => {
  test("shows 'Loading...' while the auth check runs", () => {
    useSession.setState({ status: 'loading', role: null, id: null })
    renderGuard()
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
  })

  test('sends a logged-out visitor to /login', () => {
    setSession(null)
    renderGuard()
    expect(screen.getByText('Login page')).toBeInTheDocument()
  })

  test('shows the admin version to an admin and the user version to a user', () => {
    setSession('admin')
    renderGuard()
    expect(screen.getByText('Admin version')).toBeInTheDocument()
    cleanup()
    setSession('user')
    renderGuard()
    expect(screen.getByText('User version')).toBeInTheDocument()
  })

  test('a role without a version is led home, never shown a blank page', () => {
    setSession('staff')
    renderGuard()
    expect(screen.getByRole('heading', { name: "You don't have access" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to your jobs' })).toHaveAttribute('href', '/staff')
  })

  test('staff get the real settings page (profile and password) at /user/settings', async () => {
    setSession('staff', 7)
    mockApi({
      'GET users/notifications/': [],
      'GET admins/settings/7/': STAFF_SETTINGS,
    })
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/user/settings']}>
          <RoutesOf routes={[publicRoutes]} />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    // The page is a lazy chunk: the first load in a cold test process can take a while.
    expect(await screen.findByDisplayValue('femi@test.ng', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /Security/ })).toBeInTheDocument()
  })

  // Issue 12: never a blank page; a customer opening /admin is told and given a way home.
  test('a customer opening /admin is told "You don\'t have access", with a way home', () => {
    setSession('user')
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/admin" element={<RoleGuard admin={<p>Dashboard</p>} />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { name: "You don't have access" })).toBeInTheDocument()
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument()
  })

  test('each route sets its own title', async () => {
    const { PageMeta } = await import('../../src/components/ui/page-meta')
    render(<PageMeta title="Shop" description="Products delivered across Nigeria." />)
    await new Promise((r) => setTimeout(r, 0))
    expect(document.title).toBe('Shop | GreenShield')
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Products delivered across Nigeria.',
    )
  })
})
