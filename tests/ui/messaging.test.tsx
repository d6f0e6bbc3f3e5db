// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { NotificationsModal } from '../../src/features/notifications/components/notifications-modal'
import { TopBar } from '../../src/app/layouts/top-bar'
import Login from '../../src/features/account/pages/login'
import ForgotPassword from '../../src/features/account/pages/forgot-password'
import ResetPassword from '../../src/features/account/pages/reset-password'
import UserSettings from '../../src/features/account/pages/user-settings'
import { db } from '../../src/offline/db'
import { ADA_PROFILE, json, mockFetch, renderWithProviders, setSession } from './public-helpers'
import { mockApi, renderAdmin } from './admin-helpers'
import type { SentMessage } from '../../contract/messages'

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await db.notifications.clear()
})

const SENT =
  'If an account matches, we have sent it a reset link (email) or code (SMS). It expires in 30 minutes.'

/** The login page as the reset pages leave it: its message comes in the router state. */
function LoginStandIn() {
  const state = useLocation().state as { message?: string } | null
  return <p>Login page: {state?.message}</p>
}
const resetRoutes = (
  <Routes>
    <Route path="/forgot-password" element={<ForgotPassword />} />
    <Route path="/reset-password" element={<ResetPassword />} />
    <Route path="/login" element={<LoginStandIn />} />
  </Routes>
)

describe('forgot password', () => {
  test('the login page links to it', () => {
    setSession(null)
    mockFetch({})
    renderWithProviders(<Login />, '/login')
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
  })

  test('by email: posts the address and shows the same answer whatever it is', async () => {
    setSession(null)
    const calls = mockFetch({ 'POST password-reset/': json(200, { message: SENT }) })
    const ui = userEvent.setup()
    renderWithProviders(resetRoutes, '/forgot-password')
    await ui.type(screen.getByLabelText('Email'), 'ada@example.ng')
    await ui.click(screen.getByRole('button', { name: 'Email me a link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(SENT)
    expect(calls).toEqual([
      expect.objectContaining({ method: 'POST', path: 'password-reset/', body: { email: 'ada@example.ng' } }),
    ])
  })

  test('by SMS: the code and the new password set it, then the login page says so', async () => {
    setSession(null)
    const calls = mockFetch({
      'POST password-reset/': json(200, { message: SENT }),
      'POST password-reset/confirm/': json(200, {
        message: 'Your password has been changed. Log in with your new password.',
      }),
    })
    const ui = userEvent.setup()
    renderWithProviders(resetRoutes, '/forgot-password')
    await ui.click(screen.getByRole('button', { name: 'By SMS' }))
    await ui.type(screen.getByLabelText('Phone number'), '0803 123 4567')
    await ui.click(screen.getByRole('button', { name: 'Text me a code' }))
    await ui.type(await screen.findByLabelText('Code from the SMS'), '12a3456')
    await ui.type(screen.getByLabelText('New password'), 'new-password-1')
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password-2')
    await ui.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.')
    await ui.clear(screen.getByLabelText('Confirm new password'))
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password-1')
    await ui.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText(/Login page: Your password has been changed/)).toBeInTheDocument()
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['password-reset/', { phone: '0803 123 4567' }],
      ['password-reset/confirm/', { phone: '0803 123 4567', code: '123456', new_password: 'new-password-1' }],
    ])
  })
})

describe('reset password (the emailed link)', () => {
  /** Opens the emailed link carrying `token` and sets new-password-1, typed twice. */
  async function setNewPassword(token: string) {
    const ui = userEvent.setup()
    renderWithProviders(resetRoutes, `/reset-password?token=${token}`)
    await ui.type(screen.getByLabelText('New password'), 'new-password-1')
    await ui.type(screen.getByLabelText('Confirm new password'), 'new-password-1')
    await ui.click(screen.getByRole('button', { name: 'Set new password' }))
  }

  test('sends the token with the new password and goes to login', async () => {
    setSession(null)
    const calls = mockFetch({
      'POST password-reset/confirm/': json(200, {
        message: 'Your password has been changed. Log in with your new password.',
      }),
    })
    await setNewPassword('abc_123')
    expect(await screen.findByText(/Login page: Your password has been changed/)).toBeInTheDocument()
    expect(calls[0].body).toEqual({ token: 'abc_123', new_password: 'new-password-1' })
  })

  test("an expired or used link shows the server's message and a way to ask again", async () => {
    setSession(null)
    mockFetch({
      'POST password-reset/confirm/': json(400, {
        message: 'This reset link or code has expired or was already used. Ask for a new one.',
      }),
    })
    await setNewPassword('old')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('expired or was already used')
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  test('without a token it says the link is incomplete', () => {
    setSession(null)
    mockFetch({})
    renderWithProviders(resetRoutes, '/reset-password')
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete')
    expect(screen.queryByLabelText('New password')).toBeNull()
  })
})

describe('customer notifications', () => {
  const list = [
    {
      id: 3,
      heading: 'Appointment Confirmed',
      body: 'See you soon.',
      created: '2026-11-20T12:05:00Z',
      read: false,
    },
    { id: 1, heading: 'Order Shipped', body: 'On its way.', created: '2026-11-18T12:05:00Z', read: true },
  ]

  test('opening the list marks them all read; the new ones stay highlighted while it is open', async () => {
    setSession('user', 42)
    let served = list
    const calls = mockFetch({
      'GET users/notifications/': () => json(200, served),
      'POST users/notifications/read-all/': () => {
        served = list.map((n) => ({ ...n, read: true }))
        return json(200, { message: 'All notifications marked as read', count: 1 })
      },
    })
    renderWithProviders(<NotificationsModal open onClose={() => {}} />)
    await screen.findByText('Appointment Confirmed')
    await waitFor(() => expect(calls.some((c) => c.path === 'users/notifications/read-all/')).toBe(true))
    const first = within(screen.getByRole('dialog')).getAllByRole('listitem')[0]
    await waitFor(() =>
      expect(within(first).getByRole('heading')).toHaveTextContent('Appointment ConfirmedNew'),
    )
    expect(within(first).queryByRole('button', { name: 'Mark as read' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull()
    // Saved read for offline reading too.
    await waitFor(async () => expect((await db.notifications.get(3))?.read).toBe(true))
  })

  test('"Mark all read" is there when marking on opening failed, and retries it', async () => {
    setSession('user', 42)
    let fail = true
    const calls = mockFetch({
      'GET users/notifications/': () => json(200, list),
      'POST users/notifications/read-all/': () =>
        fail ? json(503, { message: 'Server busy' }) : json(200, { message: 'ok', count: 1 }),
    })
    const ui = userEvent.setup()
    renderWithProviders(<NotificationsModal open onClose={() => {}} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Server busy')
    fail = false
    await ui.click(screen.getByRole('button', { name: 'Mark all read' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'users/notifications/read-all/')).toHaveLength(2),
    )
  })

  test('only the link the server set is a link: a report URL typed into a booking stays text', async () => {
    setSession('admin', 42)
    const phishing = 'https://evil.example/staff/jobs/1/report'
    mockFetch({
      'GET users/notifications/': json(200, [
        {
          id: 8,
          heading: 'Emergency Call-out',
          body: `Emergency fumigation call-out at ${phishing} (Ada, +2348031234567).`,
          created: '2026-11-20T12:05:00Z',
          read: true,
          link: null,
          link_label: null,
        },
        {
          id: 7,
          heading: 'Service Completed',
          body: 'Our technician completed your fumigation service on Fri 20 Nov.',
          created: '2026-11-20T11:05:00Z',
          read: true,
          link: 'staff/jobs/5/report',
          link_label: 'Open the service report',
        },
      ]),
    })
    renderWithProviders(<NotificationsModal open onClose={() => {}} />)
    const [emergency, completed] = await within(await screen.findByRole('dialog')).findAllByRole('listitem')
    expect(emergency).toHaveTextContent(phishing)
    expect(within(emergency).queryByRole('link')).toBeNull()
    const report = within(completed).getByRole('link', { name: 'Open the service report' })
    expect(report).toHaveAttribute('href', '/api/staff/jobs/5/report')
  })

  test("the unread count is on the phone's menu button, not only inside the menu", async () => {
    setSession('user', 42)
    mockFetch({ 'GET users/notifications/': json(200, [...list, { ...list[0], id: 4 }]) })
    renderWithProviders(<TopBar />)
    const menuButton = screen.getByRole('button', { name: 'Open menu' })
    await waitFor(() => expect(within(menuButton).getByTestId('menu-unread-badge')).toHaveTextContent('2'))
    expect(menuButton).toHaveAccessibleName('Open menu 2 unread notifications')
  })

  const CHOICES = {
    reminders: { email: true, sms: false, whatsapp: false, push: true },
    job_updates: { email: true, sms: false, whatsapp: false, push: true },
    invoices: { email: true, sms: false, whatsapp: false, push: true },
    marketing: { email: false, sms: false, whatsapp: false, push: false },
  }

  /**
   * The settings' Notifications tab of account 42: its profile, its saved choices CHOICES with whether its
   * phone number is missing and WhatsApp is set up, and `saved` as the answer to Save choices.
   */
  async function openChoices(answers: {
    profile: typeof ADA_PROFILE
    preferences: { phone_missing: boolean; whatsapp_ready: boolean }
    saved: Response
  }) {
    const calls = mockFetch({
      'GET admins/settings/42/': json(200, answers.profile),
      'GET account/message-preferences/': json(200, { choices: CHOICES, ...answers.preferences }),
      'POST account/message-preferences/': answers.saved,
    })
    const ui = userEvent.setup()
    renderWithProviders(<UserSettings />, '/user/settings')
    await ui.click(screen.getByRole('tab', { name: 'Notifications' }))
    return { calls, ui }
  }

  test('the customer chooses, per kind of message, email, SMS or WhatsApp, and reads the result', async () => {
    setSession('user', 42)
    const { calls, ui } = await openChoices({
      profile: ADA_PROFILE,
      preferences: { phone_missing: false, whatsapp_ready: true },
      saved: json(201, { message: 'Your choices are saved.' }),
    })
    const form = await screen.findByRole('form', { name: 'How should we reach you?' })
    // One group per kind, each checkbox named by its channel and then its kind.
    const reminders = within(form).getByRole('group', { name: 'Reminders' })
    expect(
      within(reminders)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-describedby')),
    ).toEqual([null, null, null, null])
    await ui.click(within(reminders).getByRole('checkbox', { name: 'WhatsApp for reminders' }))
    await ui.click(within(reminders).getByRole('checkbox', { name: 'Email for reminders' }))
    // The keyboard ticks one too.
    within(form).getByRole('checkbox', { name: 'SMS for invoices and payments' }).focus()
    await ui.keyboard(' ')
    expect(screen.queryByText(/WhatsApp is not set up/)).not.toBeInTheDocument()
    await ui.click(screen.getByRole('button', { name: 'Save choices' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your choices are saved.')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      choices: {
        ...CHOICES,
        reminders: { email: false, sms: false, whatsapp: true, push: true },
        invoices: { email: true, sms: true, whatsapp: false, push: true },
      },
    })
  })

  test('a failed save says why and keeps the ticks; a missing phone number is pointed out', async () => {
    setSession('staff', 42)
    const { ui } = await openChoices({
      profile: { ...ADA_PROFILE, phone_number: '' },
      preferences: { phone_missing: true, whatsapp_ready: false },
      saved: json(400, { message: 'Each choice must be true or false' }),
    })
    const sms = await screen.findByRole('checkbox', { name: 'SMS for job updates' })
    expect(sms).toHaveAccessibleDescription(/SMS and WhatsApp need a phone number/)
    expect(screen.getByRole('checkbox', { name: 'Email for job updates' })).not.toHaveAccessibleDescription(
      /phone number/,
    )
    expect(screen.getByText(/comes by SMS meanwhile/)).toBeInTheDocument()
    await ui.click(sms)
    await ui.click(screen.getByRole('button', { name: 'Save choices' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Each choice must be true or false')
    expect(screen.getByRole('checkbox', { name: 'SMS for job updates' })).toBeChecked()
  })
})

/** A row of the admin's Sent messages: by default Ada's booking email, sent by SMTP at the first attempt. */
const sentEmail = (id: number, extra: Partial<SentMessage> = {}): SentMessage => ({
  id,
  channel: 'email',
  recipient: 'ada@example.ng',
  template: 'booking_received',
  subject: 'We received your booking',
  body: 'Hello,\n\nWe received your fumigation booking.',
  status: 'sent',
  transport: 'smtp',
  attempts: 1,
  last_error: '',
  created_at: '2026-03-01T09:30:00.000Z',
  sent_at: '2026-03-01T09:30:01.000Z',
  next_attempt_at: '2026-03-01T09:30:00.000Z',
  fallback_of: null,
  fallback_id: null,
  ...extra,
})

describe('admin alerts and messages', () => {
  const MESSAGES = [
    {
      id: 1,
      name: 'Kemi Ade',
      email: 'kemi@example.ng',
      date: '2026-03-01T09:30:00.000Z',
      message: 'Termites?',
      read: false,
      archived: false,
    },
    {
      id: 2,
      name: 'John Okafor',
      email: 'john@works.ng',
      date: '2026-03-02T14:00:00.000Z',
      message: 'Quote.',
      read: true,
      archived: false,
    },
  ]

  test('the sidebar counts new bookings, orders and messages; opening a list clears its count', async () => {
    let alerts = { bookings: 3, orders: 1, messages: 2 }
    const calls = mockApi({
      'GET admins/alerts/': () => alerts,
      'POST admins/alerts/messages/seen/': () => {
        alerts = { ...alerts, messages: 0 }
        return { status: 200, body: { message: 'Seen' } }
      },
      'GET admins/messages/': MESSAGES,
      'GET get/stat': { status: 500, body: { message: 'x' } },
    })
    renderAdmin('/admin/messages')
    const nav = await screen.findByRole('navigation', { name: 'Admin' })
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /Bookings/ })).toHaveTextContent('Bookings3 new'),
    )
    expect(within(nav).getByRole('link', { name: /Orders/ })).toHaveTextContent('Orders1 new')
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /Messages/ })).toHaveTextContent(/^Messages$/),
    )
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      'admins/alerts/messages/seen/',
    ])
  })

  test('viewing a message marks it read; archive posts; the filters ask the server', async () => {
    const calls = mockApi({
      'GET admins/alerts/': { bookings: 0, orders: 0, messages: 0 },
      'POST admins/alerts/messages/seen/': { status: 200, body: { message: 'Seen' } },
      'GET admins/messages/': MESSAGES,
      'POST admins/messages/1/read/': { status: 200, body: { message: 'Marked as read', read: true } },
      'POST admins/messages/2/archive/': { status: 200, body: { message: 'Archived', archived: true } },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/messages')
    const list = await screen.findByRole('list', { name: 'Messages' })
    const [kemi, john] = within(list).getAllByRole('listitem')
    expect(kemi).toHaveTextContent('Unread')
    expect(john).not.toHaveTextContent('Unread')
    await ui.click(within(kemi).getByRole('button', { name: 'View' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('Termites?')
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))
    await ui.click(within(john).getByRole('button', { name: 'Archive: message from John Okafor' }))
    await ui.click(screen.getByRole('button', { name: 'Archived' }))
    await waitFor(() => expect(calls.some((c) => c.path === 'admins/messages/?view=archived')).toBe(true))
    const posts = calls.filter((c) => c.method === 'POST' && c.path.startsWith('admins/messages/'))
    expect(posts.map((c) => [c.path, c.body])).toEqual([
      ['admins/messages/1/read/', { read: true }],
      ['admins/messages/2/archive/', { archived: true }],
    ])
    expect(calls.find((c) => c.path.startsWith('admins/messages/'))?.path).toBe('admins/messages/?view=inbox')
  })

  test('Sent messages lists each email and SMS with how it left', async () => {
    mockApi({
      'GET admins/alerts/': { bookings: 0, orders: 0, messages: 0 },
      'GET admins/sent-messages/': [
        sentEmail(3, {
          channel: 'sms',
          recipient: '+2348031234567',
          subject: '',
          transport: 'log',
          template: 'booking_confirmed',
        }),
        sentEmail(2, { status: 'failed', attempts: 6, last_error: 'connect ECONNREFUSED', sent_at: null }),
        sentEmail(1),
      ],
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/sent-messages')
    const list = await screen.findByRole('list', { name: 'Sent messages' })
    const items = within(list).getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('booking confirmed')
    expect(items[0]).toHaveTextContent('Logged only (SMS_PROVIDER not set)')
    expect(items[1]).toHaveTextContent('Failed after 6 attempts')
    expect(items[1]).toHaveTextContent('connect ECONNREFUSED')
    expect(items[2]).toHaveTextContent('Sent by SMTP')
    await ui.click(within(items[2]).getByRole('button', { name: 'View' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('We received your fumigation booking.')
  })

  test('Sent messages shows WhatsApp, its failure and the SMS sent in its place, and filters by channel', async () => {
    const row = (id: number, extra: Partial<SentMessage>) =>
      sentEmail(id, {
        channel: 'whatsapp',
        recipient: '+2348031234567',
        template: 'booking_reminder',
        subject: 'Reminder: your fumigation visit is tomorrow',
        body: 'GreenShield: your fumigation visit is tomorrow',
        transport: 'termii',
        ...extra,
      })
    const calls = mockApi({
      'GET admins/alerts/': { bookings: 0, orders: 0, messages: 0 },
      'GET admins/sent-messages/': ({ path }: { path: string }) =>
        path.includes('channel=whatsapp')
          ? [row(8, { status: 'failed', attempts: 1, sent_at: null, fallback_id: 9 })]
          : [
              row(9, { channel: 'sms', fallback_of: 8 }),
              row(8, {
                status: 'failed',
                sent_at: null,
                last_error: 'Termii refused the WhatsApp message (400): not on WhatsApp',
                fallback_id: 9,
              }),
            ],
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/sent-messages')
    const list = await screen.findByRole('list', { name: 'Sent messages' })
    const [sms, whatsapp] = within(list).getAllByRole('listitem')
    expect(sms).toHaveTextContent('SMS to +2348031234567 · by termii · 1 attempt')
    expect(sms).toHaveTextContent('In place of WhatsApp message #8, which failed')
    expect(whatsapp).toHaveTextContent('WhatsApp to +2348031234567 · by termii · 1 attempt')
    expect(whatsapp).toHaveTextContent('Failed after 1 attempt')
    expect(whatsapp).toHaveTextContent('Termii refused the WhatsApp message (400): not on WhatsApp')
    expect(whatsapp).toHaveTextContent('SMS sent in its place: message #9')
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'WhatsApp')
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Sent messages' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    )
    expect(calls.some((c) => c.path === 'admins/sent-messages/?channel=whatsapp')).toBe(true)
  })
})
