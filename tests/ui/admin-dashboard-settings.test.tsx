// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { dashboardStats, mockApi, renderAdmin } from './admin-helpers'
import { EMPTY_PAYMENT_SETTINGS } from '../../contract/withdrawals'
import { useSession } from '../../src/lib/session'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const STATS = dashboardStats(250000, '2026-03')

describe('Dashboard', () => {
  test('money taken on site: this month’s total and the latest payments, apart from the balance', async () => {
    mockApi({
      'GET get/stat': {
        ...STATS,
        taken_on_site: {
          month: '2026-03',
          month_total: 32000,
          month_count: 2,
          latest: [
            {
              booking_id: 41,
              customer: 'Tunde Bello',
              service: 'fumigation',
              amount: 25000,
              method: 'pos',
              reference: 'POS-12',
              technician: 'Femi Okon',
              occurred_at: '2026-03-09T14:05:00.000Z',
            },
            {
              booking_id: 40,
              customer: 'Amaka Obi',
              service: 'cleaning',
              amount: 7000,
              method: 'cash',
              reference: '',
              technician: 'Bola Ade',
              occurred_at: '2026-03-08T10:00:00.000Z',
            },
          ],
        },
      },
    })
    renderAdmin('/admin')
    expect(await screen.findByText('Taken on site, March 2026')).toBeInTheDocument()
    expect(screen.getByText('₦32,000.00')).toBeInTheDocument()
    expect(screen.getByText(/2 payments by technicians\. Not part of the balance\./)).toBeInTheDocument()
    // The balance is the gateway's money only.
    expect(screen.getByText('₦250,000.00')).toBeInTheDocument()
    const items = within(screen.getByRole('list', { name: 'Payments taken on site' })).getAllByRole(
      'listitem',
    )
    expect(items[0]).toHaveTextContent('Tunde Bello · fumigation (job #41)')
    expect(items[0]).toHaveTextContent('POS · Ref POS-12 · taken by Femi Okon')
    expect(items[0]).toHaveTextContent('₦25,000.00')
    expect(items[1]).toHaveTextContent('Cash · taken by Bola Ade')
    expect(screen.getByText(/never passed through the payment gateway/)).toBeInTheDocument()
  })

  test('a Pending withdrawal shows its account and is marked paid with a reference, or cancelled', async () => {
    const pending = {
      id: 5,
      amount: 40000,
      status: 'Pending',
      created: '2026-03-01T10:00:00Z',
      admin: '',
      bank_name: 'GTBank',
      account_name: 'GreenShield Ltd',
      account_number: '0123456789',
      reference: '',
      automatic: true,
      updated: null as string | null,
    }
    let withdrawals = [pending]
    const calls = mockApi({
      'GET get/stat': STATS,
      'GET admins/withdrawals/': () => withdrawals,
      'POST admins/withdrawals/5/': (call: { body: unknown }) => {
        withdrawals = [{ ...pending, status: 'Paid', reference: 'GTB-1', updated: '2026-03-02T10:00:00Z' }]
        return {
          status: 200,
          body: { message: 'Withdrawal marked as paid.', status: 'Paid', sent: call.body },
        }
      },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin')
    await ui.click(await screen.findByRole('button', { name: 'Withdraw' }))
    const item = await screen.findByRole('listitem', { name: '₦40,000.00 withdrawal, Pending' })
    expect(item).toHaveTextContent('Automatic')
    expect(item).toHaveTextContent('To GreenShield Ltd · GTBank 0123456789')
    expect(within(item).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument()
    await ui.click(within(item).getByRole('button', { name: 'Mark as paid' }))
    await ui.type(within(item).getByLabelText('Transfer reference'), 'GTB-1')
    await ui.click(within(item).getByRole('button', { name: 'Save as paid' }))
    const paid = await screen.findByRole('listitem', { name: '₦40,000.00 withdrawal, Paid' })
    expect(paid).toHaveTextContent('Reference GTB-1')
    expect(within(paid).queryByRole('button')).toBeNull()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status: 'Paid', reference: 'GTB-1' })
  })

  test('without a payout account the Withdraw dialog says where to add it, and requests nothing', async () => {
    const calls = mockApi({
      'GET get/stat': STATS,
      'GET admins/withdrawals/': [],
      // What the server answers before the payout account is first saved.
      'GET admins/payment-settings/': { bank_name: '', account_name: '', account_number: '', threshold: 0 },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin')
    await ui.click(await screen.findByRole('button', { name: 'Withdraw' }))
    const dialog = screen.getByRole('dialog', { name: 'Withdraw' })
    expect(await within(dialog).findByText(/Add the payout account/)).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/admin/settings',
    )
    await ui.type(within(dialog).getByLabelText('Amount (₦)'), '1,000')
    expect(within(dialog).getByRole('button', { name: 'Request withdrawal' })).toBeDisabled()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  test('shows the stats, quick links and records a withdrawal', async () => {
    let withdrawals: unknown[] = []
    const calls = mockApi({
      'GET get/stat': STATS,
      'GET admins/payment-settings/': {
        bank_name: 'GTBank',
        account_name: 'GS',
        account_number: '0123456789',
      },
      'GET admins/withdrawals/': () => withdrawals,
      'POST admins/withdrawals/': (call: { body: unknown }) => {
        const amount = (call.body as { amount: number }).amount
        if (amount > 250000)
          return {
            status: 400,
            body: { message: 'The amount is more than the available balance of ₦250,000.00.' },
          }
        withdrawals = [
          { id: 1, amount, status: 'Pending', created: '2026-03-01T10:00:00Z', admin: 'Ada Admin' },
        ]
        return { message: 'Withdrawal of ₦1,000.00 requested.', id: 1 }
      },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin')
    expect(await screen.findByText('₦250,000.00')).toBeInTheDocument()
    expect(screen.getByText('12')).toBeInTheDocument()
    expect(screen.getByText('7')).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: 'Amaka Obi' })).toBeInTheDocument()
    for (const [name, href] of [
      ['Home Page', '/'],
      ['Product Page', '/products'],
      ['Appointment Page', '/book'],
      ['Orders', '/admin/orders'],
    ])
      expect(within(screen.getByRole('main')).getByRole('link', { name })).toHaveAttribute('href', href)

    await ui.click(screen.getByRole('button', { name: 'Withdraw' }))
    const dialog = screen.getByRole('dialog', { name: 'Withdraw' })
    expect(await within(dialog).findByText('No withdrawal requests yet.')).toBeInTheDocument()
    await ui.type(within(dialog).getByLabelText('Amount (₦)'), '300000')
    await ui.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }))
    // More than the balance: said before any call.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The amount is more than the available balance of ₦250,000.00.',
    )
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
    await ui.clear(within(dialog).getByLabelText('Amount (₦)'))
    await ui.type(within(dialog).getByLabelText('Amount (₦)'), '1,000')
    await ui.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }))
    expect(await within(dialog).findByText('Withdrawal of ₦1,000.00 requested.')).toBeInTheDocument()
    expect(await within(dialog).findByText('₦1,000.00')).toBeInTheDocument()

    // Closed and opened again, the dialog starts blank rather than with the last answer.
    await ui.click(within(dialog).getByRole('button', { name: 'Close dialog' }))
    await ui.click(screen.getByRole('button', { name: 'Withdraw' }))
    const reopened = screen.getByRole('dialog', { name: 'Withdraw' })
    expect(within(reopened).getByLabelText('Amount (₦)')).toHaveValue('')
    expect(within(reopened).queryByText('Withdrawal of ₦1,000.00 requested.')).toBeNull()
    expect(within(reopened).getByText('₦1,000.00')).toBeInTheDocument()
  })

  test('the sidebar shows the admin name and Logout goes to /login', async () => {
    mockApi({
      'GET get/stat': STATS,
      'GET logout/': { message: 'Logged out' },
      'GET auth_check': { status: 401, body: { message: 'no', role: null } },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin')
    // The username (the login email) is on show, under the name.
    const sidebar = await screen.findByRole('complementary')
    expect(within(sidebar).getByText('Ada Admin')).toBeInTheDocument()
    expect(within(sidebar).getByText('admin@test.ng')).toBeInTheDocument()
    const nav = screen.getAllByRole('navigation', { name: 'Admin' })[0]
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Dashboard',
      'User Management',
      'Messages',
      'Bookings',
      'Booking Rules',
      'Plans',
      'Ratings',
      'Services',
      'Orders',
      'Invoices',
      'Quotes',
      'Certificates',
      'Products',
      'Settings',
      'API reference',
    ])
    await ui.click(screen.getAllByRole('button', { name: 'Logout' })[0])
    expect(await screen.findByText('Login page')).toBeInTheDocument()
    expect(useSession.getState().status).toBe('anonymous')
  })
})

describe('Settings', () => {
  test('profile loads, saves and shows the server message in a modal with Close', async () => {
    const calls = mockApi({
      'GET admins/settings/1/': {
        first_name: 'Ada',
        last_name: 'Admin',
        username: 'admin@test.ng',
        phone_number: '08031234567',
        location: '',
      },
      'POST admins/settings/1/': { message: 'Profile updated successfully.' },
      'GET auth_check': {
        message: 'authenticated',
        role: 'admin',
        id: 1,
        name: 'Ada Lovelace',
        email: 'admin@test.ng',
      },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/settings')
    const last = await screen.findByLabelText('Last Name')
    expect(last).toHaveValue('Admin')
    expect(screen.getByLabelText('Username')).toHaveValue('admin@test.ng')
    await ui.clear(last)
    await ui.type(last, 'Lovelace')
    await ui.click(screen.getByRole('button', { name: 'Save Changes' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Profile updated successfully.')
    await ui.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'admin@test.ng',
      phone_number: '08031234567',
    })
  })

  test('offline, the profile tab says it could not load (with Retry) instead of loading forever', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    onlineManager.setOnline(false)
    try {
      renderAdmin('/admin/settings')
      const panel = await screen.findByRole('alert')
      expect(panel).toHaveTextContent('Could not load your profile.')
      expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    } finally {
      onlineManager.setOnline(true)
    }
  })

  test('security sends all three fields; a refusal shows its message', async () => {
    mockApi({
      'POST admins/password/1/': { status: 400, body: { message: 'Current password is incorrect.' } },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/settings')
    await ui.click(screen.getByRole('tab', { name: 'Security' }))
    expect(screen.queryByText(/2FA/)).toBeNull()
    await ui.type(screen.getByLabelText('Current Password'), 'wrong-one')
    await ui.type(screen.getByLabelText('New Password'), 'new-password-1')
    await ui.type(screen.getByLabelText('Confirm New Password'), 'new-password-1')
    await ui.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(await screen.findByRole('dialog')).toHaveTextContent('Current password is incorrect.')
  })

  test('payment and notification settings load and save with their switches', async () => {
    const calls = mockApi({
      'GET admins/payment-settings/': EMPTY_PAYMENT_SETTINGS,
      'POST admins/payment-settings/': { message: 'Payment information saved.' },
      'GET admins/notification-settings/1/': { email: true, sms: false, marketing: false, payment: true },
      'POST admins/notification-settings/1/': { message: 'Notification settings saved.' },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/settings')
    await ui.click(screen.getByRole('tab', { name: 'Payment' }))
    await ui.type(await screen.findByLabelText('Bank Name'), 'GTBank')
    await ui.type(screen.getByLabelText('Account Name'), 'GreenShield Ltd')
    await ui.type(screen.getByLabelText('Account Number'), '0123456789')
    const auto = screen.getByRole('switch', { name: 'Automatic withdrawals' })
    expect(auto).toHaveAttribute('aria-checked', 'false')
    // Says when it runs and what it does (a request the admin pays), not just "automatic".
    expect(auto).toHaveAccessibleDescription(
      /after every payment and when you save.*Pending withdrawal.*mark it Paid/,
    )
    await ui.click(auto)
    expect(auto).toHaveAttribute('aria-checked', 'true')
    await ui.clear(screen.getByLabelText('Withdrawal Threshold (₦)'))
    await ui.type(screen.getByLabelText('Withdrawal Threshold (₦)'), '50000')
    await ui.click(screen.getByRole('button', { name: 'Save Payment Information' }))
    expect(await screen.findByRole('dialog')).toHaveTextContent('Payment information saved.')
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }))

    await ui.click(screen.getByRole('tab', { name: 'Notifications' }))
    await ui.click(await screen.findByRole('switch', { name: 'SMS notifications' }))
    await ui.click(screen.getByRole('button', { name: 'Save Preferences' }))
    expect(await screen.findByRole('dialog')).toHaveTextContent('Notification settings saved.')
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body)
    expect(posts).toEqual([
      {
        bank_name: 'GTBank',
        account_name: 'GreenShield Ltd',
        account_number: '0123456789',
        swift_code: '',
        auto_withdraw: true,
        threshold: 50000,
      },
      { email: true, sms: true, marketing: false, payment: true },
    ])
  })
})
