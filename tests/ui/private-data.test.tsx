// @vitest-environment jsdom
/**
 * Two customers on one phone: when A logs out and B logs in, nothing of A's shows, not even for a frame
 * (a MutationObserver records every change of the page), from the query cache or the Dexie snapshots.
 */
import 'fake-indexeddb/auto'
import { act, cleanup, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { createQueryClient, dropPrivateDataOnUserChange } from '../../src/app/query-client'
import Book from '../../src/features/bookings/pages/book'
import { NotificationsModal } from '../../src/features/notifications/components/notifications-modal'
import { db } from '../../src/offline/db'
import { json, mockFetch, setSession } from './public-helpers'

const A = 7
const B = 8
const A_LOCATION = '7 Leak Check Close, Yaba'
const A_NOTE = 'Your fumigation on Friday is confirmed'
const B_LOCATION = '21 Own Data Road, Lekki'

const booking = (id: number, location: string) => ({
  id,
  full_name: 'Someone',
  phone_number: '+2348031234567',
  location,
  service: 'cleaning',
  date: '2099-01-15',
  time: '10:00',
  info: '',
  status: 'Pending',
})
const note = (id: number, body: string) => ({
  id,
  heading: 'Appointment Confirmed',
  body,
  created: '2026-05-10T09:00:00.000Z',
  read: false,
})

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await db.notifications.clear()
})

/** Renders with the app's own query client wiring and records whether `text` ever shows after `watch()`. */
function renderWatching(ui: React.ReactNode, text: string) {
  const queryClient = createQueryClient()
  const stop = dropPrivateDataOnUserChange(queryClient)
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  )
  let watching = false
  let seen = false
  // Every node React inserts or text it changes is looked at, even if a later change in the same
  // batch removed it again: a frame that showed A's data for an instant counts.
  const observer = new MutationObserver((records) => {
    if (!watching) return
    for (const r of records) {
      const changed = r.type === 'characterData' ? [r.target] : [...r.addedNodes]
      if (changed.some((n) => n.textContent?.includes(text))) seen = true
    }
  })
  observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  return {
    ...view,
    watch: () => {
      watching = true
    },
    seen: () => {
      const pending = observer.takeRecords()
      if (watching && pending.some((r) => [...r.addedNodes].some((n) => n.textContent?.includes(text))))
        seen = true
      observer.disconnect()
      stop()
      return seen
    },
  }
}

test("B never sees A's appointments, not even while B's own list is loading", async () => {
  let releaseB: (r: Response) => void = () => {}
  setSession('user', A)
  mockFetch({
    'GET appointment/': () =>
      document.body.dataset.user === String(B)
        ? new Promise<Response>((resolve) => (releaseB = resolve))
        : json(200, [booking(1, A_LOCATION)]),
  })
  document.body.dataset.user = String(A)
  const view = renderWatching(<Book />, A_LOCATION)
  expect(await screen.findByText(new RegExp(A_LOCATION))).toBeInTheDocument()

  // A logs out; B logs in on the same phone.
  view.watch()
  document.body.dataset.user = String(B)
  act(() => setSession(null))
  act(() => setSession('user', B))
  expect(screen.queryByText(new RegExp(A_LOCATION))).not.toBeInTheDocument()
  await act(async () => releaseB(json(200, [booking(2, B_LOCATION)])))
  expect(await screen.findByText(new RegExp(B_LOCATION))).toBeInTheDocument()
  expect(view.seen()).toBe(false)
})

test("B offline never sees A's saved notifications", async () => {
  setSession('user', A)
  mockFetch({ 'GET users/notifications/': json(200, [note(1, A_NOTE)]) })
  const view = renderWatching(<NotificationsModal open onClose={() => {}} />, A_NOTE)
  // A's list is on screen and saved on the phone (Dexie) for offline use.
  expect(await screen.findByText(A_NOTE)).toBeInTheDocument()
  await vi.waitFor(async () => expect(await db.notifications.where('userId').equals(A).count()).toBe(1))

  // B logs in while the network is gone: only B's saved data (none) may show.
  view.watch()
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
  act(() => setSession('user', B))
  // The frame right after the switch (A's list was on screen until now) must already be without it.
  expect(screen.queryByText(A_NOTE)).not.toBeInTheDocument()
  expect(await screen.findByText(/No notifications|Could not load/i)).toBeInTheDocument()
  expect(view.seen()).toBe(false)
})
