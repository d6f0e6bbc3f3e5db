// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { AdminInvoiceAnswer, InvoicePaymentAnswer } from '../../contract/invoices'
import { booking, mockApi, openAdminScreen, renderAdmin, type Call } from './admin-helpers'
import { AMAKAS_NEW_DRAFT, serviceLine, totalsPreviewRows } from './billing-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const invoice = (change: Partial<AdminInvoiceAnswer> = {}): AdminInvoiceAnswer => ({
  id: 5,
  number: 'INV-2026-0005',
  ...AMAKAS_NEW_DRAFT,
  dueDate: '2026-11-30',
  paid: 0,
  due: 0,
  quoteId: null,
  depositDue: 0,
  voidedAt: null,
  voidReason: '',
  lines: [serviceLine('Fumigation service')],
  payments: [],
  ...change,
})

describe('the invoice editor', () => {
  test('shows live totals with the offer on the work only and VAT, and a refused save keeps what was typed', async () => {
    const calls = mockApi({
      'GET admins/invoices/5/': invoice(),
      'POST admins/invoices/5/': {
        status: 409,
        body: { message: '₦10,000.00 was already paid: the total cannot go below it.', field: 'lines' },
      },
    })
    renderAdmin('/admin/invoices/5')
    const ui = userEvent.setup()
    await screen.findByRole('form', { name: 'Edit the draft' })
    await ui.clear(screen.getByLabelText('Unit price (₦)'))
    await ui.type(screen.getByLabelText('Unit price (₦)'), '40,000')
    await ui.click(screen.getByRole('button', { name: 'Add a line' }))
    const [, secondDescription] = screen.getAllByLabelText('Description')
    await ui.type(secondDescription, 'Gel bait')
    await ui.clear(screen.getAllByLabelText('Quantity')[1])
    await ui.type(screen.getAllByLabelText('Quantity')[1], '2')
    await ui.type(screen.getAllByLabelText('Unit price (₦)')[1], '5000')
    expect(screen.getAllByLabelText('Kind')[1]).toHaveValue('material')
    // 50,000; 20% of the ₦40,000 of work; VAT 7.5% on 42,000.
    expect(totalsPreviewRows()).toEqual([
      'Subtotal ₦50,000.00',
      'First-service offer (20%) −₦8,000.00',
      'VAT (7.5%) ₦3,150.00',
      'Total ₦45,150.00',
    ])
    await ui.type(screen.getByLabelText('Discount (₦)'), '1000')
    expect(totalsPreviewRows()).toContain('Discount −₦1,000.00')

    await ui.click(screen.getByRole('button', { name: 'Save the draft' }))
    expect(
      await screen.findByText('₦10,000.00 was already paid: the total cannot go below it.'),
    ).toBeInTheDocument()
    const sent = calls.find((c) => c.method === 'POST')!
    expect(sent.body).toMatchObject({
      discount: 1000,
      lines: [
        { kind: 'service', description: 'Fumigation service', quantity: 1, unitPrice: 40000 },
        { kind: 'material', description: 'Gel bait', quantity: 2, unitPrice: 5000 },
      ],
    })
    expect(screen.getAllByLabelText('Unit price (₦)')[0]).toHaveValue('40,000')
    expect(screen.getAllByLabelText('Description')[1]).toHaveValue('Gel bait')
  })

  test('a line with no description or a bad quantity is marked and not sent', async () => {
    const calls = mockApi({ 'GET admins/invoices/5/': invoice() })
    renderAdmin('/admin/invoices/5')
    const ui = userEvent.setup()
    await screen.findByRole('form', { name: 'Edit the draft' })
    await ui.clear(screen.getByLabelText('Description'))
    await ui.clear(screen.getByLabelText('Quantity'))
    await ui.type(screen.getByLabelText('Quantity'), '1.555')
    await ui.click(screen.getByRole('button', { name: 'Save the draft' }))
    expect(await screen.findByText('Describe the line')).toBeInTheDocument()
    expect(screen.getByLabelText('Quantity')).toHaveAccessibleDescription(
      'Quantity takes two decimals at most',
    )
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveFocus())
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
  })
})

describe('the back office’s invoices', () => {
  test('a booking’s details lead to a new invoice for it', async () => {
    mockApi({
      'GET appointment/': [booking(3, 'Ngozi Eze', 'Completed'), booking(4, 'Musa Ali', 'Cancelled')],
      'GET admins/invoices/': [],
    })
    const ui = await openAdminScreen('/admin/bookings')
    const [completed, cancelled] = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    await ui.click(within(cancelled).getByRole('button', { name: 'view' }))
    expect(
      within(screen.getByRole('dialog', { name: 'Musa Ali' })).queryByRole('link', {
        name: 'Create invoice',
      }),
    ).toBeNull()
    await ui.click(
      within(screen.getByRole('dialog', { name: 'Musa Ali' })).getByRole('button', { name: 'Close dialog' }),
    )
    await ui.click(within(completed).getByRole('button', { name: 'view' }))
    await ui.click(
      within(screen.getByRole('dialog', { name: 'Ngozi Eze' })).getByRole('link', { name: 'Create invoice' }),
    )
    expect(await screen.findByRole('form', { name: 'New invoice' })).toBeInTheDocument()
    expect(screen.getByLabelText('Booking number')).toHaveValue('3')
  })

  test('lists invoices with the amount due; a booking’s invoice is written and opened', async () => {
    const written = invoice({ id: 9, number: 'INV-2026-0009' })
    const calls = mockApi({
      'GET admins/invoices/': [{ ...invoice(), status: 'Part-paid', total: 40000, paid: 15000, due: 25000 }],
      'POST admins/invoices/': { message: 'Invoice INV-2026-0009 written as a draft.', invoice: written },
      'GET admins/invoices/9/': written,
    })
    renderAdmin('/admin/invoices?booking=7')
    const ui = userEvent.setup()
    const table = await screen.findByRole('table')
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'INV-2026-0005',
      'Amaka Obi',
      'November 23, 2026',
      'November 30, 2026',
      '₦40,000.00',
      '₦25,000.00',
      'Part-paid',
    ])
    expect(screen.getByLabelText('Booking number')).toHaveValue('7')
    await ui.click(screen.getByRole('button', { name: 'Write the draft' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-0009' }),
    ).toBeInTheDocument()
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.body).toEqual({ bookingId: 7 })
  })

  test('sends a draft, then records a payment once with its client key', async () => {
    let current = invoice({
      total: 40000,
      lines: [{ ...invoice().lines[0], unitPrice: 50000, total: 50000 }],
    })
    const paymentCalls: Call[] = []
    mockApi({
      'GET admins/invoices/5/': () => current,
      'POST admins/invoices/5/send/': () => {
        current = { ...current, status: 'Sent', due: 40000, link: '/i/invoice.5.1.abc' }
        return {
          status: 200,
          body: { message: 'Invoice INV-2026-0005 sent to Amaka Obi.', invoice: current },
        }
      },
      'POST admins/invoices/5/payments/': (call: Call) => {
        paymentCalls.push(call)
        current = { ...current, status: 'Part-paid', paid: 15000, due: 25000 }
        return {
          status: 201,
          body: { message: '₦15,000.00 recorded on invoice INV-2026-0005.', invoice: current },
        }
      },
    })
    renderAdmin('/admin/invoices/5')
    const ui = userEvent.setup()
    await ui.click(await screen.findByRole('button', { name: 'Send to the customer' }))
    expect(await screen.findByText('Invoice INV-2026-0005 sent to Amaka Obi.')).toBeInTheDocument()
    const form = await screen.findByRole('form', { name: 'Record a payment' })
    expect(within(form).getByLabelText('Amount (₦)')).toHaveValue('40000')
    await ui.clear(within(form).getByLabelText('Amount (₦)'))
    await ui.type(within(form).getByLabelText('Amount (₦)'), '15,000')
    await ui.click(within(form).getByRole('button', { name: 'Record the payment' }))
    expect(
      await within(form).findByText('Give the transfer’s reference, as the bank statement shows it'),
    ).toBeInTheDocument()
    expect(paymentCalls).toEqual([])
    await ui.type(within(form).getByLabelText('Reference'), 'TRF-1')
    await ui.click(within(form).getByRole('button', { name: 'Record the payment' }))
    expect(await screen.findByText('₦15,000.00 recorded on invoice INV-2026-0005.')).toBeInTheDocument()
    expect(paymentCalls[0].body).toMatchObject({
      amount: 15000,
      method: 'bank_transfer',
      reference: 'TRF-1',
      clientKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(screen.getByRole('link', { name: /\/i\/invoice\.5\.1\.abc$/ })).toBeInTheDocument()
  })
})

describe('giving a payment back', () => {
  test('a gateway payment is refunded with a reason; money taken by hand has no refund button', async () => {
    const payment = (id: number, change: Partial<InvoicePaymentAnswer>): InvoicePaymentAnswer => ({
      id,
      amount: 10000,
      method: 'card',
      source: 'gateway',
      reference: `GS-${id}`,
      receivedAt: '2026-11-23T10:00:00.000Z',
      jobId: null,
      refund: null,
      ...change,
    })
    let current = invoice({
      status: 'Paid',
      total: 15000,
      paid: 15000,
      link: '/i/invoice.5.1.abc',
      payments: [
        payment(1, {}),
        payment(2, { amount: 5000, method: 'cash', source: 'on_site', reference: '' }),
      ],
    })
    const refunds: Call[] = []
    mockApi({
      'GET admins/invoices/5/': () => current,
      'POST admins/invoices/5/payments/1/refund/': (call: Call) => {
        refunds.push(call)
        current = {
          ...current,
          status: 'Part-paid',
          paid: 5000,
          due: 10000,
          payments: [
            payment(1, {
              refund: {
                status: 'refunded',
                reason: 'Job cancelled',
                requestedAt: '2026-11-23T11:00:00.000Z',
              },
            }),
            current.payments[1],
          ],
        }
        return { status: 200, body: { message: 'The payment goes back to the customer.', invoice: current } }
      },
    })
    renderAdmin('/admin/invoices/5')
    const ui = userEvent.setup()
    const list = (await screen.findByRole('heading', { name: 'Payments' })).parentElement!
    expect(within(list).getAllByRole('button', { name: /^Refund/ })).toHaveLength(1)
    await ui.click(within(list).getByRole('button', { name: 'Refund ₦10,000.00' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₦10,000.00' })
    await ui.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect(await within(dialog).findByText('Say why the payment is given back')).toBeInTheDocument()
    expect(refunds).toEqual([])
    await ui.type(within(dialog).getByLabelText('Reason'), 'Job cancelled')
    await ui.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect(await within(list).findByText(/refunded/)).toBeInTheDocument()
    expect(refunds[0].body).toEqual({ reason: 'Job cancelled' })
    expect(within(list).queryByRole('button', { name: /^Refund/ })).toBeNull()
  })
})

describe('the billing rules', () => {
  test('the admin changes the VAT and the offer; a bad value is marked on its field and not sent', async () => {
    const calls = mockApi({
      'GET admins/invoices/': [],
      'GET admins/billing-settings/': {
        vatRatePercent: 0,
        firstServiceOffer: true,
        firstServicePercent: 20,
        quoteValidDays: 14,
        invoiceDueDays: 7,
      },
      'POST admins/billing-settings/': (call: Call) => ({
        status: 200,
        body: { message: 'Billing settings saved.', settings: call.body },
      }),
    })
    renderAdmin('/admin/invoices')
    const ui = userEvent.setup()
    await ui.click(await screen.findByRole('button', { name: 'Billing rules' }))
    const form = await screen.findByRole('form', { name: 'Billing rules' })
    await ui.clear(within(form).getByLabelText('Offer (% off the work)'))
    await ui.type(within(form).getByLabelText('Offer (% off the work)'), '0')
    await ui.click(within(form).getByRole('button', { name: 'Save billing rules' }))
    expect(within(form).getByLabelText('Offer (% off the work)')).toHaveAccessibleDescription(
      expect.stringContaining('The offer must be at least 1%'),
    )
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    await ui.clear(within(form).getByLabelText('Offer (% off the work)'))
    await ui.type(within(form).getByLabelText('Offer (% off the work)'), '15')
    await ui.clear(within(form).getByLabelText('VAT rate (%)'))
    await ui.type(within(form).getByLabelText('VAT rate (%)'), '7.5')
    await ui.click(within(form).getByRole('button', { name: 'Save billing rules' }))
    expect(await within(form).findByText('Billing settings saved.')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      vatRatePercent: 7.5,
      firstServiceOffer: true,
      firstServicePercent: 15,
      quoteValidDays: 14,
      invoiceDueDays: 7,
    })
  })
})
