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

  test('renders nothing for a role without a version', () => {
    setSession('staff')
    const { container } = renderGuard()
    expect(container).toBeEmptyDOMElement()
  })
})
