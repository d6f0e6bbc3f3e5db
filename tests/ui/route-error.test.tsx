// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Link, MemoryRouter, Outlet } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { RouteErrorBoundary } from '../../src/app/route-error'
import { RoutesOf } from './admin-helpers'

afterEach(cleanup)

function Broken(): never {
  throw new Error('the page broke')
}

// The route table's layouts sit in RouteErrorBoundary: a page that throws shows the error screen with a
// Reload button instead of a white screen, and the next page the visitor opens works again.
test('a page that throws shows "Something went wrong"; opening another page recovers', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <RoutesOf
        routes={[
          {
            element: (
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            ),
            children: [
              { path: '/broken', element: <Broken /> },
              { path: '/fine', element: <p>A working page</p> },
            ],
          },
        ]}
      />
      <Link to="/fine">Go elsewhere</Link>
    </MemoryRouter>,
  )
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong')
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }))
  expect(screen.getByText('A working page')).toBeInTheDocument()
  expect(screen.queryByRole('alert')).not.toBeInTheDocument()
})
