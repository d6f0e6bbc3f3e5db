// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { RoleGuard } from '../../src/app/role-guard'
import { useSession } from '../../src/lib/session'
import { setSession } from './public-helpers'

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

  // Issue 12: never a blank page; a customer opening /admin is told and given a way home.
  test('says "You don\'t have access" to a role without a version, with a way home', () => {
    setSession('staff')
    renderGuard()
    expect(screen.getByRole('heading', { name: "You don't have access" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
    cleanup()
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
