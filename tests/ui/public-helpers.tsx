/**
 * Shared set-up of the public screen tests: the <dialog> methods jsdom lacks, a fake fetch answering by
 * method and path, and a render wrapper with a router and a fresh query cache.
 */
import type { ReactNode } from 'react'
import { cleanup, render } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, vi } from 'vitest'
import { useSession } from '../../src/lib/session'

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })

type Answer = Response | (() => Response | Promise<Response>)

/**
 * Each test of the file starts with nothing stored on the device and with `forget` run (the resets of the
 * server answers a module remembers, e.g. resetBillingCall); its screen and stubs go after it.
 */
export function freshDeviceForEachTest(...forget: (() => void)[]) {
  beforeEach(() => {
    localStorage.clear()
    for (const reset of forget) reset()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
}

/** Stubs fetch: 'POST newsletter/' -> a Response (or a function making one); the CSRF token is answered. */
export function mockFetch(routes: Record<string, Answer>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const path = url.pathname.replace(/^\/api\//, '')
    if (path === 'token') return json(200, { token: 'test-token' })
    calls.push({
      method,
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
    })
    const route = routes[`${method} ${path}`]
    if (!route) return json(404, { message: `No mock for ${method} ${path}` })
    return typeof route === 'function' ? route() : route.clone()
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

/** Ada, customer 42, as GET auth_check answers while she is logged in. */
export const ADA_SESSION = {
  message: 'authenticated',
  role: 'user',
  id: 42,
  name: 'Ada Obi',
  email: 'ada@example.ng',
}

/** Ada's profile as GET admins/settings/42/ answers it before she saves a landmark, city or state. */
export const ADA_PROFILE = {
  first_name: 'Ada',
  last_name: 'Obi',
  username: 'ada@example.ng',
  phone_number: '+2348031234567',
  location: 'Yaba',
}

/** Staff member 7's profile as GET admins/settings/7/ answers it. */
export const STAFF_SETTINGS = {
  first_name: 'Femi',
  last_name: 'Okon',
  username: 'femi@test.ng',
  phone_number: '+2348090001111',
  location: '',
}

export function setSession(role: 'user' | 'admin' | 'staff' | null, id = 7) {
  useSession.setState(
    role
      ? { status: 'authenticated', role, id, name: 'Ada Customer', email: 'ada@example.ng', confirmed: true }
      : { status: 'anonymous', role: null, id: null, name: '', email: '', confirmed: true },
  )
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...result, queryClient }
}
