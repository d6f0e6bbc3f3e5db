/**
 * Shared set-up of the admin screen tests: a fake API answering by method and path, the admin screens
 * rendered at a route with a fresh query cache, and the <dialog> methods jsdom lacks.
 */
// The layout's notifications bell keeps its list on the device (Dexie), as the app does.
import 'fake-indexeddb/auto'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import type { Booking, BookingStatus } from '../../contract/bookings'
import type { AdminOrder, OrderStatus } from '../../contract/orders'
import { adminRoutes } from '../../src/app/router'
import { useSession } from '../../src/lib/session'

export interface Call {
  method: string
  path: string
  body: unknown
}
type Handler = (call: Call) => { status?: number; body?: unknown } | unknown

/**
 * Stubs fetch: `routes` maps 'GET get/users/' (method, space, path without /api/ and query) to a body or a
 * handler (which may return a promise, to hold the answer back). Unknown calls answer 404. Returns the list of calls made (token fetches left out).
 */
/** What every back-office screen reads whatever the test is about (the layout's notifications bell). */
const EVERY_SCREEN: Record<string, unknown> = { 'GET users/notifications/': [] }

export function mockApi(routes: Record<string, unknown | Handler>) {
  const calls: Call[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const path = url.pathname.replace(/^\/api\//, '')
    if (path === 'token') return json(200, { token: 'test-token' })
    let body: unknown = init.body
    if (typeof init.body === 'string') body = JSON.parse(init.body)
    const call = { method, path: path + url.search, body }
    calls.push(call)
    const key = `${method} ${path}`
    const route = routes[key] ?? routes[key.replace(/\/$/, '')] ?? routes[`${key}/`] ?? EVERY_SCREEN[key]
    if (route === undefined) return json(404, { message: `No mock for ${key}` })
    const answer = typeof route === 'function' ? await (route as Handler)(call) : route
    if (answer && typeof answer === 'object' && 'status' in answer && typeof answer.status === 'number') {
      const { status, body: answerBody } = answer as { status: number; body?: unknown }
      return json(status, answerBody)
    }
    return json(method === 'POST' ? 201 : 200, answer)
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

function json(status: number, body: unknown) {
  return new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** `prepare` may fill the query cache first, as earlier screens of the session would have. */
export function renderAdmin(path: string, prepare?: (queryClient: QueryClient) => void) {
  useSession.setState({
    status: 'authenticated',
    role: 'admin',
    id: 1,
    name: 'Ada Admin',
    email: 'admin@test.ng',
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } })
  prepare?.(queryClient)
  // The app's own back-office routes (lazy screens included), with a stand-in login page.
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RoutesOf routes={[adminRoutes, { path: '/login', element: <p>Login page</p> }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...view, queryClient }
}

/**
 * The back-office screen at `path` once its table (or the list named `list`) has loaded, and a user-event
 * session to drive it.
 */
export async function openAdminScreen(path: string, list?: string) {
  const ui = userEvent.setup()
  renderAdmin(path)
  await (list ? screen.findByRole('list', { name: list }) : screen.findByRole('table'))
  return ui
}

/** A route table rendered as the app renders its own (src/app/router.tsx AppRoutes). */
export const RoutesOf = ({ routes }: { routes: RouteObject[] }) => useRoutes(routes)

// ---------- fixtures ----------

export const user = (
  id: number,
  full_name: string,
  role: 'Admin' | 'Staff' | 'Customer',
  phone = '+2348031234567',
) => ({
  id,
  full_name,
  username: `${full_name.toLowerCase().replace(/\s+/g, '.')}@test.ng`,
  phone_number: phone,
  role,
})

export const booking = (
  id: number,
  full_name: string,
  status: BookingStatus,
  extra: Partial<
    Pick<
      Booking,
      | 'location'
      | 'phone_number'
      | 'date'
      | 'time'
      | 'service'
      | 'technician'
      | 'job_status'
      | 'report_url'
      | 'emergency'
      | 'needs_attention'
      | 'unable_reason'
    >
  > = {},
): Booking => ({
  id,
  full_name,
  phone_number: '+2348031234567',
  service: 'fumigation',
  info: `Details of booking ${id}`,
  date: '2026-03-10',
  time: '10:00',
  status,
  location: 'Lekki, Lagos',
  emergency: false,
  ...extra,
})

/**
 * The dashboard's figures (get/stat): twelve bookings, Amaka's one Pending, seven completed, with `balance`
 * and nothing taken on site in `month` (YYYY-MM).
 */
export const dashboardStats = (balance: number, month: string) => ({
  total_bookings: { total_bookings: 12 },
  balance,
  latest_bookings: [booking(1, 'Amaka Obi', 'Pending')],
  users: [{ full_name: 'Ada Admin', role: 'Admin', email: 'admin@test.ng' }],
  completed: { completed_services: 7 },
  taken_on_site: { month, month_total: 0, month_count: 0, latest: [] },
})

export const order = (
  id: number,
  user: string,
  product_name: string,
  status: OrderStatus,
  created = '2026-03-10T10:00:00.000Z',
  reference = `GS-TEST-${id}`,
): AdminOrder => ({
  id,
  user,
  phone_number: '+2348031234567',
  location: 'Ikeja, Lagos',
  product_name,
  quantity: 2,
  price: 12500,
  status,
  created,
  reference,
  email: `${user.toLowerCase().replace(/\s+/g, '.')}@test.ng`,
  delivery_fee: null,
})

export const product = (id: number, name: string, category: string, description = '', stock = 30) => ({
  id,
  name,
  category,
  description,
  image: `media/p${id}.png`,
  price: 5000,
  originalPrice: 5000,
  stock,
})
