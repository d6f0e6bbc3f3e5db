// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { NotificationsModal } from '../../src/features/notifications/components/notifications-modal'
import { NEWSLETTER_THANKS, NewsletterForm } from '../../src/app/layouts/footer'
import { TopBar } from '../../src/app/layouts/top-bar'
import UserSettings from '../../src/features/account/pages/user-settings'
import { HOME_DELAY_MS } from '../../src/features/marketing/pages/home'
import { db } from '../../src/offline/db'
import { ADA_PROFILE, ADA_SESSION, json, mockFetch, renderWithProviders, setSession } from './public-helpers'

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await db.notifications.clear()
})

describe('newsletter box (POST newsletter/)', () => {
  async function subscribe(email = 'ada@example.ng') {
    const ui = userEvent.setup()
    await ui.type(screen.getByLabelText('Subscribe to our newsletter'), email)
    await ui.click(screen.getByRole('button', { name: 'Subscribe' }))
  }

  test("201: 'Thank you for subscribing!' and the box clears", async () => {
    const calls = mockFetch({ 'POST newsletter/': json(201, { message: 'Welcome aboard' }) })
    renderWithProviders(<NewsletterForm />)
    await subscribe()
    expect(await screen.findByText(NEWSLETTER_THANKS)).toBeInTheDocument()
    expect(NEWSLETTER_THANKS).toBe('Thank you for subscribing!')
    expect(screen.getByLabelText('Subscribe to our newsletter')).toHaveValue('')
    expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'ada@example.ng' } })
    expect(calls[0].headers['X-CSRFToken']).toBe('test-token')
  })

  test("200: the server's 'You are already subscribed.'", async () => {
    mockFetch({ 'POST newsletter/': json(200, { message: 'You are already subscribed.' }) })
    renderWithProviders(<NewsletterForm />)
    await subscribe()
    expect(await screen.findByText('You are already subscribed.')).toBeInTheDocument()
  })

  test("an error shows the server's message; no answer shows a connection hint", async () => {
    mockFetch({ 'POST newsletter/': json(400, { message: 'Enter a valid email address' }) })
    renderWithProviders(<NewsletterForm />)
    await subscribe('bad@x')
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address')
    expect(screen.getByLabelText('Subscribe to our newsletter')).toHaveValue('bad@x')

    mockFetch({
      'POST newsletter/': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(/Check your connection/)
  })
})

describe('notifications modal (GET users/notifications/)', () => {
  const list = [
    { id: 1, heading: 'Order Shipped', body: 'On its way.', created: '2026-11-18T12:05:00Z', read: true },
    { id: 3, heading: 'Failed Payment', body: 'Not paid.', created: '2026-11-20T12:05:00Z', read: false },
    {
      id: 2,
      heading: 'Unable to Process Transaction',
      body: 'Declined.',
      created: '2026-11-19T12:05:00Z',
      read: false,
    },
  ]

  beforeEach(() => setSession('user', 42))

  test('newest first, payment problems in red, en-US long dates with 12-hour time, unread marked', async () => {
    mockFetch({ 'GET users/notifications/': json(200, list) })
    renderWithProviders(<NotificationsModal open onClose={() => {}} />)
    await screen.findByText('Failed Payment')
    const items = within(screen.getByRole('dialog')).getAllByRole('listitem')
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Failed Payment (unread)',
      'Unable to Process Transaction (unread)',
      'Order Shipped',
    ])
    const heading = (i: number) => within(items[i]).getByRole('heading')
    expect(heading(0)).toHaveClass('text-red-600', 'font-bold')
    expect(heading(1)).toHaveClass('text-red-600')
    expect(heading(2)).not.toHaveClass('text-red-600')
    expect(heading(2)).not.toHaveClass('font-bold')
    expect(within(items[0]).getByText(/2026/).textContent).toMatch(
      /^November 20, 2026 at (1[0-2]|[1-9]):05 (AM|PM)$/,
    )
    expect(within(items[0]).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument()
    expect(within(items[2]).queryByRole('button', { name: 'Mark as read' })).toBeNull()
    // Saved for offline reading, under this user's id.
    await waitFor(async () => expect(await db.notifications.where('userId').equals(42).count()).toBe(3))
  })

  test('Mark as read posts users/notifications/{id}/read/ and the item is no longer unread', async () => {
    let served = list
    const calls = mockFetch({
      'GET users/notifications/': () => json(200, served),
      'POST users/notifications/3/read/': () => {
        served = list.map((n) => (n.id === 3 ? { ...n, read: true } : n))
        return json(200, { message: 'Notification marked as read' })
      },
    })
    renderWithProviders(<NotificationsModal open onClose={() => {}} />)
    await screen.findByText('Failed Payment')
    const first = within(screen.getByRole('dialog')).getAllByRole('listitem')[0]
    fireEvent.click(within(first).getByRole('button', { name: 'Mark as read' }))
    await waitFor(() => expect(within(first).queryByRole('button', { name: 'Mark as read' })).toBeNull())
    expect(calls.some((c) => c.method === 'POST' && c.path === 'users/notifications/3/read/')).toBe(true)
  })
})

describe('top bar', () => {
  test("a logged-out visitor pressing 'Book an Appointment' sees 'Login Required' with 'Go to Login'", async () => {
    setSession(null)
    mockFetch({})
    renderWithProviders(<TopBar />)
    fireEvent.click(screen.getAllByRole('button', { name: /Book an Appointment/ })[0])
    const dialog = await screen.findByRole('dialog', { name: 'Login Required' })
    expect(within(dialog).getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login')
  })

  test('an admin gets an Admin link instead of Home; a user gets Home', () => {
    mockFetch({ 'GET users/notifications/': json(200, []) })
    setSession('admin')
    renderWithProviders(<TopBar />)
    const main = screen.getByRole('navigation', { name: 'Main' })
    expect(within(main).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
    expect(within(main).queryByRole('link', { name: 'Home' })).toBeNull()
    cleanup()
    setSession('user')
    renderWithProviders(<TopBar />)
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    ).toBeInTheDocument()
  })
})

describe('user settings', () => {
  beforeEach(() => setSession('user', 42))

  test('tabs are a tablist; arrow keys move; the profile saves and the answer shows in a dialog', async () => {
    const calls = mockFetch({
      'GET admins/settings/42/': json(200, ADA_PROFILE),
      'POST admins/settings/42/': json(201, { message: 'Profile updated successfully' }),
      'GET auth_check': json(200, ADA_SESSION),
    })
    renderWithProviders(<UserSettings />, '/user/settings')
    const profileTab = screen.getByRole('tab', { name: 'Profile' })
    expect(profileTab).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByLabelText('Phone number')).toHaveValue('08031234567')

    fireEvent.keyDown(profileTab, { key: 'ArrowRight' })
    const securityTab = screen.getByRole('tab', { name: 'Security' })
    expect(securityTab).toHaveAttribute('aria-selected', 'true')
    expect(securityTab).toHaveFocus()
    expect(screen.getByLabelText('Current password')).toBeVisible()
    fireEvent.keyDown(securityTab, { key: 'ArrowLeft' })
    expect(profileTab).toHaveAttribute('aria-selected', 'true')

    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Profile updated successfully')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Obi',
      username: 'ada@example.ng',
      phone_number: '08031234567',
      location: 'Yaba',
      landmark: '',
      city: '',
      state: '',
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test("a wrong current password shows the server's message in the dialog", async () => {
    mockFetch({
      'GET admins/settings/42/': json(200, ADA_PROFILE),
      'POST admins/password/42/': json(400, { message: 'Current password is incorrect' }),
    })
    renderWithProviders(<UserSettings />, '/user/settings')
    fireEvent.click(screen.getByRole('tab', { name: 'Security' }))
    const ui = userEvent.setup()
    await ui.type(screen.getByLabelText('Current password'), 'wrong-one')
    await ui.type(screen.getByLabelText('New password'), 'new-password-1')
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password-1')
    await ui.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByRole('dialog')).toHaveTextContent('Current password is incorrect')
    expect(screen.getByLabelText('New password')).toHaveValue('new-password-1')
  })
})

test('the home delay is 2000 ms, in one named constant', () => {
  expect(HOME_DELAY_MS).toBe(2000)
})
