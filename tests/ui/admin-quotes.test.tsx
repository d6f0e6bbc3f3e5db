// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { AdminQuoteAnswer } from '../../contract/quotes'
import { booking, mockApi, openAdminScreen, renderAdmin } from './admin-helpers'
import {
  acceptedByAmaka,
  AMAKAS_NEW_DRAFT,
  serviceLine,
  totalsPreviewRows,
  UNANSWERED_QUOTE,
} from './billing-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const quote = (change: Partial<AdminQuoteAnswer> = {}): AdminQuoteAnswer => ({
  id: 5,
  number: 'Q-2026-0005',
  ...AMAKAS_NEW_DRAFT,
  validUntil: '2026-12-07',
  depositPercent: 0,
  deposit: 0,
  ...UNANSWERED_QUOTE,
  lines: [serviceLine('Service')],
  invoice: null,
  ...change,
})

describe('the quote editor', () => {
  test('previews VAT without the offer, saves lines, deposit and validity, and keeps a refused deposit as typed', async () => {
    const calls = mockApi({
      'GET admins/quotes/5/': quote(),
      'POST admins/quotes/5/': { status: 200, body: { message: 'Quote Q-2026-0005 saved.', quote: quote() } },
    })
    renderAdmin('/admin/quotes/5')
    const ui = userEvent.setup()
    await screen.findByRole('form', { name: 'Edit the draft' })
    expect(screen.getByText(/still has 20% off their first service: it comes off the invoice/)).toBeTruthy()
    await ui.clear(screen.getByLabelText('Description'))
    await ui.type(screen.getByLabelText('Description'), 'Termite treatment')
    await ui.clear(screen.getByLabelText('Unit price (₦)'))
    await ui.type(screen.getByLabelText('Unit price (₦)'), '40,000')
    expect(totalsPreviewRows()).toEqual(['Subtotal ₦40,000.00', 'VAT (7.5%) ₦3,000.00', 'Total ₦43,000.00'])

    const deposit = screen.getByLabelText(/^Deposit on acceptance \(%\)/)
    await ui.clear(deposit)
    await ui.type(deposit, '150')
    await ui.click(screen.getByRole('button', { name: 'Save the draft' }))
    expect(deposit).toHaveAccessibleDescription(/Deposit is at most 100%/)
    expect(deposit).toHaveValue('150')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    await ui.clear(deposit)
    await ui.type(deposit, '30')
    await ui.click(screen.getByRole('button', { name: 'Save the draft' }))
    expect(await screen.findByText('Quote Q-2026-0005 saved.')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      depositPercent: 30,
      validUntil: '2026-12-07',
      lines: [{ kind: 'service', description: 'Termite treatment', quantity: 1, unitPrice: 40000 }],
    })
  })

  test('an accepted quote shows who accepted it and the invoice it became', async () => {
    mockApi({
      'GET admins/quotes/5/': quote(
        acceptedByAmaka({ status: 'Draft', total: 36000, deposit: false, link: null }),
      ),
    })
    renderAdmin('/admin/quotes/5')
    expect(await screen.findByText(/Accepted by Amaka Obi on/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'INV-2026-0040' }).getAttribute('href')).toBe(
      '/admin/invoices/40',
    )
    expect(screen.queryByRole('form', { name: 'Edit the draft' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull()
  })
})

test('a booking’s details lead to a new quote for it, written and opened', async () => {
  const written = quote({ id: 9, number: 'Q-2026-0009' })
  const calls = mockApi({
    'GET appointment/': [booking(3, 'Ngozi Eze', 'Confirmed')],
    'GET admins/quotes/': [],
    'POST admins/quotes/': { message: 'Quote Q-2026-0009 written as a draft.', quote: written },
    'GET admins/quotes/9/': written,
  })
  const ui = await openAdminScreen('/admin/bookings')
  const [row] = within(screen.getByRole('table')).getAllByRole('row').slice(1)
  await ui.click(within(row).getByRole('button', { name: 'view' }))
  await ui.click(
    within(screen.getByRole('dialog', { name: 'Ngozi Eze' })).getByRole('link', { name: 'Write a quote' }),
  )
  expect(await screen.findByRole('form', { name: 'New quote' })).toBeInTheDocument()
  expect(screen.getByLabelText('Booking number')).toHaveValue('3')
  await ui.click(screen.getByRole('button', { name: 'Write the draft' }))
  expect(await screen.findByRole('heading', { level: 1, name: 'Quote Q-2026-0009' })).toBeInTheDocument()
  expect(calls.find((c) => c.method === 'POST' && c.path === 'admins/quotes/')!.body).toMatchObject({
    bookingId: 3,
  })
})

test('withdrawing a sent quote asks first, then says so', async () => {
  const sent = quote({ status: 'Sent', link: '/q/quote.5.1.sig' })
  const calls = mockApi({
    'GET admins/quotes/5/': sent,
    'POST admins/quotes/5/withdraw/': {
      status: 200,
      body: {
        message: 'Quote Q-2026-0005 withdrawn: it can no longer be accepted.',
        quote: { ...sent, status: 'Withdrawn', link: null },
      },
    },
  })
  renderAdmin('/admin/quotes/5')
  const ui = userEvent.setup()
  await ui.click(await screen.findByRole('button', { name: 'Withdraw' }))
  const dialog = screen.getByRole('dialog', { name: 'Withdraw the quote' })
  await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  await ui.click(screen.getByRole('button', { name: 'Withdraw' }))
  await ui.click(
    within(screen.getByRole('dialog', { name: 'Withdraw the quote' })).getByRole('button', {
      name: 'Withdraw',
    }),
  )
  expect(
    await screen.findByText('Quote Q-2026-0005 withdrawn: it can no longer be accepted.'),
  ).toBeInTheDocument()
  expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['admins/quotes/5/withdraw/'])
})
