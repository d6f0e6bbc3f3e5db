// @vitest-environment jsdom
// The list keeps a copy on the device (Dexie), as the user menu's does.
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { mockApi, renderAdmin } from './admin-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const note = (id: number, heading: string, read = false) => ({
  id,
  heading,
  body: `${heading}: details`,
  created: `2026-03-1${id}T09:00:00.000Z`,
  read,
})

describe('the back office’s notifications', () => {
  test('a bell with the unread count opens the list; one or all are marked read; focus comes back', async () => {
    let list = [
      note(3, 'Job Needs Attention'),
      note(2, 'Emergency Call-out'),
      note(1, 'Booking Cancelled by Customer', true),
    ]
    const calls = mockApi({
      'GET appointment/': [],
      'GET users/notifications/': () => list,
      'POST users/notifications/3/read/': () => {
        list = list.map((n) => (n.id === 3 ? { ...n, read: true } : n))
        return { status: 200, body: { message: 'Notification marked as read' } }
      },
      'POST users/notifications/read-all/': () => {
        list = list.map((n) => ({ ...n, read: true }))
        return { status: 200, body: { message: 'All notifications marked as read', count: 1 } }
      },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/bookings')
    const bell = await screen.findByRole('button', { name: 'Notifications 2 unread' }, { timeout: 4000 })
    await ui.click(bell)
    const dialog = screen.getByRole('dialog', { name: 'Notifications' })
    expect(
      within(dialog)
        .getAllByTestId('notification-heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Job Needs Attention (unread)',
      'Emergency Call-out (unread)',
      'Booking Cancelled by Customer',
    ])
    // Opening the list does not mark the admin's alerts read: they stay until the admin says so.
    expect(calls.some((c) => c.path.includes('read'))).toBe(false)
    await ui.click(within(dialog).getAllByRole('button', { name: 'Mark as read' })[0])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications 1 unread' })).toBeInTheDocument(),
    )
    expect(calls.some((c) => c.method === 'POST' && c.path === 'users/notifications/3/read/')).toBe(true)
    await ui.click(within(dialog).getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument())
    await ui.click(within(dialog).getByRole('button', { name: 'Close dialog' }))
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus()
  })
})
