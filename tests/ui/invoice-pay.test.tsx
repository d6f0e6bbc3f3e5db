// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { InvoiceAnswer } from '../../contract/invoices'
import { PayInvoice } from '../../src/features/invoices/components/pay-invoice'
import { totalsWithoutDiscounts } from './billing-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const invoice = (change: Partial<InvoiceAnswer> = {}): InvoiceAnswer => ({
  id: 5,
  number: 'INV-2026-0005',
  status: 'Sent',
  billedName: 'Amaka Obi',
  customerId: 3,
  bookingId: null,
  issuedOn: '2026-11-23',
  dueDate: '2026-11-30',
  total: 25000,
  paid: 0,
  due: 25000,
  billedTo: { name: 'Amaka Obi', phone: '', email: '', address: '' },
  quoteId: null,
  depositDue: 0,
  sentAt: '2026-11-23T09:00:00.000Z',
  voidedAt: null,
  voidReason: '',
  note: '',
  offerPercent: null,
  lines: [],
  totals: totalsWithoutDiscounts(25000),
  payments: [],
  ...change,
})

/** The pay calls the form makes (body and Idempotency-Key), answered in turn by `answers`. */
function mockPay(answers: { status: number; body: unknown }[]) {
  const calls: { body: unknown; key: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/token') return Response.json({ token: 't' })
      expect(path).toBe('/api/invoice-links/tok/pay/')
      calls.push({
        body: JSON.parse(String(init.body)),
        key: new Headers(init.headers).get('Idempotency-Key'),
      })
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]
      return Response.json(answer.body, { status: answer.status })
    }),
  )
  return calls
}

describe('the Pay online form', () => {
  test('is prefilled with the amount due; the button says what will be paid', async () => {
    mockPay([])
    render(<PayInvoice invoice={invoice()} payer={{ token: 'tok' }} goTo={() => {}} />)
    const amount = screen.getByLabelText('Amount to pay (₦)')
    expect(amount).toHaveProperty('value', '25,000')
    await userEvent.clear(amount)
    await userEvent.type(amount, '12,500.50')
    expect(screen.getByRole('button', { name: 'Pay ₦12,500.50' })).toBeTruthy()
  })

  test('on an invoice from a quote that asked a deposit, offers the deposit first and says so', async () => {
    mockPay([])
    render(
      <PayInvoice
        invoice={invoice({ quoteId: 2, depositDue: 7500 })}
        payer={{ token: 'tok' }}
        goTo={() => {}}
      />,
    )
    const amount = screen.getByLabelText('Amount to pay (₦)')
    expect(amount).toHaveProperty('value', '7,500')
    expect(amount).toHaveAccessibleDescription(
      'The ₦7,500.00 deposit now, or more, up to the ₦25,000.00 due.',
    )
    expect(screen.getByRole('button', { name: 'Pay ₦7,500.00' })).toBeTruthy()
  })

  test('refuses more than is due, or too little, before asking the server; the amount stays as typed', async () => {
    const calls = mockPay([])
    render(<PayInvoice invoice={invoice()} payer={{ token: 'tok' }} goTo={() => {}} />)
    const amount = screen.getByLabelText('Amount to pay (₦)')
    await userEvent.clear(amount)
    await userEvent.type(amount, '25,000.01')
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect(screen.getByText('You can pay at most the ₦25,000.00 due.')).toBeTruthy()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(amount)
    await userEvent.clear(amount)
    await userEvent.type(amount, '500')
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    expect(screen.getByText('A part payment is at least ₦1,000.00.')).toBeTruthy()
    expect(amount).toHaveProperty('value', '500')
    expect(calls).toEqual([])
  })

  test('sends the amount once per key: a retry of the same amount reuses it, another amount gets a new one', async () => {
    const calls = mockPay([
      { status: 502, body: { message: 'We could not start the payment. Please try again shortly.' } },
      { status: 502, body: { message: 'We could not start the payment. Please try again shortly.' } },
      { status: 200, body: { payment_url: 'https://pay.example.test/GS-1' } },
    ])
    const goTo = vi.fn()
    render(<PayInvoice invoice={invoice()} payer={{ token: 'tok' }} goTo={goTo} />)
    const pay = () => userEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    await pay()
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not start the payment. Please try again shortly.',
    )
    await pay()
    const amount = screen.getByLabelText('Amount to pay (₦)')
    await userEvent.clear(amount)
    await userEvent.type(amount, '10000')
    await pay()
    expect(calls.map((c) => c.body)).toEqual([{ amount: 25000 }, { amount: 25000 }, { amount: 10000 }])
    expect(calls[0].key).toBeTruthy()
    expect(calls[1].key).toBe(calls[0].key)
    expect(calls[2].key).not.toBe(calls[0].key)
    expect(goTo).toHaveBeenCalledWith('https://pay.example.test/GS-1')
  })

  test('shows the server’s refusal of the amount under the field', async () => {
    mockPay([{ status: 400, body: { message: 'You can pay at most the ₦5,000.00 due.', field: 'amount' } }])
    render(<PayInvoice invoice={invoice()} payer={{ token: 'tok' }} goTo={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }))
    const amount = screen.getByLabelText('Amount to pay (₦)')
    expect(await screen.findByText('You can pay at most the ₦5,000.00 due.')).toBeTruthy()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
  })

  test('is not shown on an invoice paid in full or void', () => {
    mockPay([])
    const { container, rerender } = render(
      <PayInvoice invoice={invoice({ paid: 25000, due: 0, status: 'Paid' })} payer={{ token: 'tok' }} />,
    )
    expect(container.innerHTML).toBe('')
    rerender(<PayInvoice invoice={invoice({ status: 'Void', due: 0 })} payer={{ token: 'tok' }} />)
    expect(container.innerHTML).toBe('')
  })
})
