import { describe, expect, it } from 'vitest'
import { adminOnlyCheck, CUSTOMER, findUserId } from './helpers'
import { book, doJob, lagosDay, uuid } from './staff-helpers'
import { onEachTechnicianApp, t, admin, customer, tech, techId } from './app-per-test'
import { csvField, csvFigure, csvRow } from '../../api/lib/csv'
import { recordInvoicePayment } from '../../api/lib/invoices'
import { addDays, addMonths, businessDayStart, businessMonth } from '../../contract/dates'
import { parseCsv } from '../csv'

onEachTechnicianApp()
const expectAdminOnly = adminOnlyCheck(() => ({ app: t.app, customer }))

const MINUTE = 60_000
const thisMonth = () => businessMonth(new Date(t.config.now()))
/** The first instant of a Lagos month (YYYY-MM), in ms. */
const monthStart = (month: string) => businessDayStart(`${month}-01`).getTime()
const iso = (ms: number) => new Date(ms).toISOString()

/** A checkout the gateway settled at `at` (or closed, with another status), paid by the demo customer. */
async function addPayment(naira: number, at: number, status = 'successful') {
  const { id } = await t.db
    .insertInto('payments')
    .values({
      tx_ref: `GS-${uuid().slice(0, 8)}`,
      user_id: await findUserId(t.db, CUSTOMER.email),
      amount_kobo: Math.round(naira * 100),
      status,
      gateway: 'sandbox',
      transaction_id: String(Math.floor(Math.random() * 1e9)),
      lines: JSON.stringify([{ productId: 1, name: 'Rat trap', image: '', quantity: 2, unitPriceKobo: 1 }]),
      created_at: iso(at - MINUTE),
      settled_at: iso(at),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** A charge the gateway took for a payment that then closed, given back (or still owed) at `at`. */
async function addRefund(paymentId: number, naira: number, at: number, status = 'refunded') {
  await t.db
    .insertInto('refunds')
    .values({
      payment_id: paymentId,
      amount_kobo: Math.round(naira * 100),
      transaction_id: 'TX-1',
      reason: 'Sold out before the payment completed.',
      status,
      created_at: iso(at - MINUTE),
      updated_at: iso(at),
      refunded_at: status === 'refunded' ? iso(at) : null,
    })
    .execute()
}

/** A draft invoice to the demo customer for `naira` of deep cleaning. */
async function deepCleaningInvoice(naira: number) {
  const res = await admin.post('admins/invoices/', {
    customerId: await findUserId(t.db, CUSTOMER.email),
    lines: [{ kind: 'labour', description: 'Deep cleaning', quantity: 1, unitPrice: naira }],
  })
  expect(res.status).toBe(201)
  return res.body.invoice as { id: number; number: string; total: number }
}

/** The admin enters by hand a bank transfer received today for the invoice. */
const transferByHand = (invoiceId: number, amount: number, reference: string) =>
  admin.post(`admins/invoices/${invoiceId}/payments/`, {
    amount,
    method: 'bank_transfer',
    reference,
    receivedOn: lagosDay(0),
  })

/** A completed job whose technician recorded a payment taken at the customer's, at `at`. */
async function takenOnSite(payment: Record<string, unknown>, at: number) {
  const id = await book(customer, { date: lagosDay(2), time: '10:00' })
  await doJob({ admin, tech, techId }, id, { completion: { payment }, occurredAt: iso(at) })
  return id
}

/** Moves the seeded checkouts half a year back, so this month and the last hold only what a test adds. */
const clearRecentMonths = () =>
  t.db
    .updateTable('payments')
    .set({ settled_at: iso(monthStart(addMonths(thisMonth(), -6)) + 86_400_000) })
    .execute()

const summary = async () => {
  const res = await admin.get('admins/money/')
  expect(res.status).toBe(200)
  return res.body
}

describe('GET admins/money/', () => {
  it('puts money in the Lagos month it came in, not the UTC one', async () => {
    const before = await summary()
    expect(before.months).toHaveLength(12)
    expect(before.months[11].month).toBe(thisMonth())
    expect(before.months[0].month).toBe(addMonths(thisMonth(), -11))

    // 23:59 in Lagos on the last day of last month; 00:30 in Lagos on the 1st, 23:30 the day before in UTC.
    const lastEvening = monthStart(thisMonth()) - MINUTE
    const firstNight = monthStart(thisMonth()) + 30 * MINUTE
    expect(iso(firstNight).slice(0, 7)).toBe(addMonths(thisMonth(), -1))
    await addPayment(1000, lastEvening)
    await addPayment(2000.5, firstNight)

    const after = await summary()
    const delta = (i: number) => after.months[i].products.income - before.months[i].products.income
    expect(delta(10)).toBe(1000)
    expect(delta(11)).toBe(2000.5)
    expect(after.months[11].services).toEqual(before.months[11].services)
    expect(after.balance.balance).toBe(before.balance.balance + 3000.5)
  })

  it('subtracts refunds from the month they were given back in, and from the balance', async () => {
    await clearRecentMonths()
    const before = await summary()
    // Charged last month, closed (sold out) and given back this month.
    const charged = await addPayment(1500, monthStart(thisMonth()) - 3 * 86_400_000, 'failed')
    await addRefund(charged, 1500, monthStart(thisMonth()) + 60 * MINUTE)
    // Charged this month, still owed back: not the business's money either.
    const owed = await addPayment(800, monthStart(thisMonth()) + 90 * MINUTE, 'failed')
    await addRefund(owed, 800, monthStart(thisMonth()) + 2 * 60 * MINUTE, 'failed')

    const after = await summary()
    expect(after.months[10].products).toEqual({ income: 1500, refunds: 0, net: 1500, on_site: 0 })
    expect(after.months[11].products.income - before.months[11].products.income).toBe(800)
    expect(after.months[11].products.refunds - before.months[11].products.refunds).toBe(2300)
    expect(after.months[11].products.net - before.months[11].products.net).toBe(-1500)
    // Charges that never became orders leave the balance as it was.
    expect(after.balance.balance).toBe(before.balance.balance)
    expect(after.balance.refunds - before.balance.refunds).toBe(2300)
    expect((await admin.get('get/balance/')).body.balance).toBe(after.balance.balance)
  })

  it('keeps money taken on site apart from the gateway and the balance', async () => {
    const before = await summary()
    await takenOnSite(
      { amount: 25000, method: 'pos', reference: 'POS-12' },
      Math.max(t.config.now() - 5 * MINUTE, monthStart(thisMonth())),
    )

    const after = await summary()
    expect(after.months[11].services.income - before.months[11].services.income).toBe(25000)
    expect(after.months[11].services.on_site - before.months[11].services.on_site).toBe(25000)
    expect(after.months[11].products).toEqual(before.months[11].products)
    expect(after.balance.balance).toBe(before.balance.balance)
    expect(after.balance.on_site - before.balance.on_site).toBe(25000)
    expect(after.by_method).toContainEqual({ method: 'pos', source: 'on_site', count: 1, amount: 25000 })
    expect((await admin.get('get/balance/')).body.balance).toBe(before.balance.balance)
  })

  it('compares this month with last, and lists this month by method', async () => {
    await clearRecentMonths()
    const empty = await summary()
    expect(empty.this_month).toEqual({ month: thisMonth(), income: 0, count: 0 })
    expect(empty.last_month).toEqual({ month: addMonths(thisMonth(), -1), income: 0, count: 0 })
    expect(empty.change_percent).toBeNull()
    expect(empty.by_method).toEqual([])

    const lastMonth = monthStart(addMonths(thisMonth(), -1))
    await addPayment(10000, lastMonth + 86_400_000)
    await addPayment(5000, lastMonth + 2 * 86_400_000)
    await addPayment(18000, monthStart(thisMonth()) + 60 * MINUTE)
    // Not ahead of the clock, as a real phone's time of completion would be.
    const early = Math.min(monthStart(thisMonth()) + 2 * 60 * MINUTE, t.config.now())
    await takenOnSite({ amount: 1500, method: 'cash' }, early)

    const res = await summary()
    expect(res.last_month).toEqual({ month: addMonths(thisMonth(), -1), income: 15000, count: 2 })
    expect(res.this_month).toEqual({ month: thisMonth(), income: 19500, count: 2 })
    expect(res.change_percent).toBe(30)
    expect(res.by_method).toEqual([
      { method: 'card', source: 'gateway', count: 1, amount: 18000 },
      { method: 'cash', source: 'on_site', count: 1, amount: 1500 },
    ])
  })

  it('gives the balance with what makes it, the same figure as get/balance', async () => {
    await admin.post('admins/payment-settings/', {
      bank_name: 'GTBank',
      account_name: 'GreenShield Ltd',
      account_number: '0123456789',
    })
    expect((await admin.post('admins/withdrawals/', { amount: 500.25 })).status).toBe(201)
    const { balance } = await summary()
    // Seed: two paid checkouts (₦45,500 and ₦29,000) and a failed one.
    expect(balance).toMatchObject({ gateway_income: 74_500, refunds: 0, withdrawn: 500.25 })
    expect(balance.balance).toBe(74_500 - 500.25)
    expect((await admin.get('get/balance/')).body.balance).toBe(balance.balance)
  })

  it('is admin-only', () => expectAdminOnly('get', 'admins/money/'))
})

describe('GET admins/money/export.csv', () => {
  it('lists every event of the Lagos days asked, one row each, escaped for a spreadsheet', async () => {
    await clearRecentMonths()
    // A customer whose name a spreadsheet would otherwise run as a formula, with a comma and quotes in it.
    await t.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://evil.example")', last_name: 'Okafor, Jr' })
      .where('email', '=', CUSTOMER.email)
      .execute()
    const from = addDays(lagosDay(0), -10)
    const to = addDays(lagosDay(0), -3)
    const start = businessDayStart(from).getTime()
    const end = businessDayStart(addDays(to, 1)).getTime()
    await addPayment(999, start - MINUTE) // the evening before: outside
    const first = await addPayment(1000.5, start) // midnight in Lagos, 23:00 UTC the day before
    const refunded = await addPayment(300, start + 86_400_000, 'failed')
    await addRefund(refunded, 300, start + 2 * 86_400_000)
    await addPayment(2000, end - MINUTE) // 23:59 on the last day
    await addPayment(777, end) // the next day: outside
    await takenOnSite({ amount: 4500, method: 'cash', reference: 'RCPT 7' }, start + 3 * 86_400_000)
    await admin.post('admins/payment-settings/', {
      bank_name: 'GTBank',
      account_name: 'GreenShield Ltd',
      account_number: '0123456789',
    })
    const withdrawal = await admin.post('admins/withdrawals/', { amount: 100 })
    await t.db
      .updateTable('withdrawals')
      .set({ created_at: iso(start + 4 * 86_400_000) })
      .where('id', '=', withdrawal.body.id)
      .execute()

    const res = await admin.get(`admins/money/export.csv?from=${from}&to=${to}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="greenshield-money-${from}-to-${to}.csv"`,
    )
    expect(res.text).toContain('"\'=HYPERLINK(""http://evil.example"") Okafor, Jr"')

    const [header, ...rows] = parseCsv(res.text)
    expect(header).toEqual([
      'Date (Lagos)',
      'Kind',
      'Stream',
      'Method',
      'Source',
      'Amount (NGN)',
      'Reference',
      'Customer or account',
      'Order, booking or note',
    ])
    const customerCell = '\'=HYPERLINK("http://evil.example") Okafor, Jr'
    const ref = async (id: number) =>
      (await t.db.selectFrom('payments').select('tx_ref').where('id', '=', id).executeTakeFirstOrThrow())
        .tx_ref
    expect(rows).toHaveLength(6)
    expect(rows[0]).toEqual([
      `${from} 00:00`,
      'income',
      'products',
      'card',
      'gateway',
      '1000.50',
      await ref(first),
      customerCell,
      'Order: 2 × Rat trap',
    ])
    expect(rows[1].slice(0, 7)).toEqual([
      `${addDays(from, 1)} 00:00`,
      'income',
      'products',
      'card',
      'gateway',
      '300.00',
      await ref(refunded),
    ])
    expect(rows[2].slice(0, 7)).toEqual([
      `${addDays(from, 2)} 00:00`,
      'refund',
      'products',
      'card',
      'gateway',
      '-300.00',
      await ref(refunded),
    ])
    expect(rows[2][8]).toBe('Refund: Sold out before the payment completed.')
    expect(rows[3]).toMatchObject({
      0: `${addDays(from, 3)} 00:00`,
      1: 'income',
      2: 'services',
      3: 'cash',
      4: 'on_site',
      5: '4500.00',
      6: 'RCPT 7',
      7: customerCell,
    })
    expect(rows[3][8]).toMatch(/^Booking #\d+ · fumigation$/)
    expect(rows[4]).toMatchObject({
      1: 'withdrawal',
      2: '',
      3: 'bank_transfer',
      5: '-100.00',
      7: 'GreenShield Ltd',
    })
    expect(rows[4][8]).toBe(`Withdrawal #${withdrawal.body.id} to GTBank 0123456789 (Pending)`)
    expect(rows[5]).toMatchObject({ 0: `${to} 23:59`, 1: 'income', 5: '2000.00' })
  })

  it('refuses a range it cannot read, saying what to fix', async () => {
    const refused = async (query: string, message: string | RegExp, field: string) => {
      const res = await admin.get(`admins/money/export.csv${query}`)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
      expect(res.body.field).toBe(field)
    }
    await refused('', 'From is required', 'from')
    await refused('?from=2026-01-01', 'To is required', 'to')
    await refused('?from=01/02/2026&to=2026-02-01', 'From must be a date (YYYY-MM-DD)', 'from')
    await refused('?from=2026-02-01&to=2026-02-30', 'To must be a real date', 'to')
    await refused('?from=2026-03-02&to=2026-03-01', 'To must be on or after From', 'to')
    await refused('?from=2025-01-01&to=2026-01-02', /at most 366 days/, 'to')
    // 366 days, both ends counted (a leap year's whole), is allowed.
    expect((await admin.get('admins/money/export.csv?from=2028-01-01&to=2028-12-31')).status).toBe(200)
    const one = await admin.get('admins/money/export.csv?from=2026-03-01&to=2026-03-01')
    expect(one.status).toBe(200)
    expect(parseCsv(one.text)).toHaveLength(1)
  })

  it('is admin-only', () => expectAdminOnly('get', 'admins/money/export.csv?from=2026-01-01&to=2026-01-31'))
})

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and keeps formulas from running', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a, b')).toBe('"a, b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('line one\nline two')).toBe('"line one\nline two"')
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"')
    expect(csvField('=1+2')).toBe("'=1+2")
    expect(csvField('+234 803')).toBe("'+234 803")
    expect(csvField('-2+3+cmd|calc')).toBe("'-2+3+cmd|calc")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\t=1')).toBe("'\t=1")
    expect(csvField('=HYPERLINK("x"),y')).toBe('"\'=HYPERLINK(""x""),y"')
    // Text that looks like a negative number is still text; a figure stays a number the sheet can add up.
    expect(csvField('-3')).toBe("'-3")
    expect(csvField(csvFigure(-1500))).toBe('-1500.00')
    expect(csvField(csvFigure(1234.5))).toBe('1234.50')
    expect(csvRow(['a', 1, 'b,c', csvFigure(-0.5)])).toBe('a,1,"b,c",-0.50')
  })
})

describe('service invoices in the ledger', () => {
  it('counts each naira once: on-site money carried onto an invoice, a transfer by hand, a gateway payment', async () => {
    await clearRecentMonths()
    const now = t.config.now()
    const before = await summary()

    // The technician took ₦10,000 in cash; the invoice written from the job carries that payment.
    const bookingId = await takenOnSite({ amount: 10_000, method: 'cash', reference: '' }, now - 60 * MINUTE)
    expect((await admin.post('admins/invoices/', { bookingId })).status).toBe(201)

    // Another invoice: ₦5,000 by bank transfer entered by hand, ₦3,000 through the gateway by USSD.
    const created = await admin.post('admins/invoices/', {
      customerId: await findUserId(t.db, CUSTOMER.email),
      lines: [{ kind: 'labour', description: 'Deep cleaning, 2 cleaners', quantity: 1, unitPrice: 30_000 }],
    })
    const invoice = created.body.invoice as { id: number; number: string }
    expect((await admin.post(`admins/invoices/${invoice.id}/send/`)).status).toBe(200)
    expect((await transferByHand(invoice.id, 5_000, 'TRF-77')).status).toBe(201)
    const paymentId = await addPayment(3_000, now - 30 * MINUTE)
    await t.db.updateTable('payments').set({ invoice_id: invoice.id }).where('id', '=', paymentId).execute()
    await t.db.transaction().execute((trx) =>
      recordInvoicePayment(
        trx,
        invoice.id,
        {
          amountKobo: 3_000_00,
          method: 'ussd',
          source: 'gateway',
          reference: 'GS-X',
          receivedAt: iso(now - 30 * MINUTE),
          recordedBy: null,
          paymentId,
        },
        now,
      ),
    )

    const after = await summary()
    const services = (key: 'income' | 'on_site') =>
      after.months[11].services[key] - before.months[11].services[key]
    expect(services('income')).toBe(18_000)
    expect(services('on_site')).toBe(10_000)
    expect(after.months[11].products).toEqual(before.months[11].products)
    // Only the gateway's ₦3,000 reaches the balance.
    expect(after.balance.balance - before.balance.balance).toBe(3_000)
    expect(after.by_method).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: 'gateway', method: 'ussd', amount: 3_000 }),
        expect.objectContaining({ source: 'manual', method: 'bank_transfer', amount: 5_000 }),
      ]),
    )
    const csv = await admin.get(`admins/money/export.csv?from=${lagosDay(-1)}&to=${lagosDay(0)}`)
    expect(csv.text).toContain(`Invoice ${invoice.number}`)
    expect(csv.text.match(/Booking #\d+/g) ?? []).toHaveLength(0)
  })
})

describe('outstanding invoices by age', () => {
  it('adds up what is still due on sent invoices by how long ago each was sent; drafts, paid and void ones owe nothing', async () => {
    const sentDaysAgo = async (naira: number, days: number) => {
      const { id, total } = await deepCleaningInvoice(naira)
      expect((await admin.post(`admins/invoices/${id}/send/`)).status).toBe(200)
      await t.db
        .updateTable('invoices')
        .set({ sent_at: iso(t.config.now() - days * 86_400_000) })
        .where('id', '=', id)
        .execute()
      return { id, total }
    }
    const recent = await sentDaysAgo(40_000, 3)
    const partPaid = await sentDaysAgo(20_000, 45)
    expect((await transferByHand(partPaid.id, 5_000, 'TRF-1')).status).toBe(201)
    const old = await sentDaysAgo(12_500, 61)
    const paid = await sentDaysAgo(9_000, 10)
    await transferByHand(paid.id, paid.total, 'TRF-2')
    const voided = await sentDaysAgo(7_000, 5)
    expect((await admin.post(`admins/invoices/${voided.id}/void/`, { reason: 'Written twice' })).status).toBe(
      200,
    )
    await deepCleaningInvoice(3_000) // a draft: not sent, so not owed yet

    expect((await summary()).outstanding).toEqual([
      { age: '0–30 days', count: 1, due: recent.total },
      { age: '31–60 days', count: 1, due: partPaid.total - 5_000 },
      { age: 'Over 60 days', count: 1, due: old.total },
    ])
  })
})

describe('GET admins/money/invoices.csv', () => {
  it('lists the invoices issued in the Lagos days asked, with their totals, paid and due; void ones owe nothing', async () => {
    const issuedDaysAgo = (id: number, days: number) =>
      t.db
        .updateTable('invoices')
        .set({ issued_at: iso(t.config.now() - days * 86_400_000) })
        .where('id', '=', id)
        .execute()
    // The first carries the first-service offer (20% of ₦50,000), then ₦10,000 paid by transfer.
    const first = await deepCleaningInvoice(50_000)
    await admin.post(`admins/invoices/${first.id}/send/`)
    await transferByHand(first.id, 10_000, 'TRF-1')
    const voided = await deepCleaningInvoice(7_000)
    await admin.post(`admins/invoices/${voided.id}/void/`, { reason: 'Written twice' })
    const old = await deepCleaningInvoice(3_000)
    await issuedDaysAgo(old.id, 40)

    const res = await admin.get(`admins/money/invoices.csv?from=${lagosDay(-7)}&to=${lagosDay(0)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="greenshield-invoices-${lagosDay(-7)}-to-${lagosDay(0)}.csv"`,
    )
    const [header, ...rows] = parseCsv(res.text)
    expect(header).toEqual([
      'Invoice',
      'Issued (Lagos)',
      'Status',
      'Billed to',
      'Email or phone',
      'Subtotal (NGN)',
      'First-service offer (NGN)',
      'Discount (NGN)',
      'VAT (NGN)',
      'Total (NGN)',
      'Paid (NGN)',
      'Due (NGN)',
      'Due date',
    ])
    expect(rows.map((r) => [r[0], r[1], r[2], ...r.slice(5, 12)])).toEqual([
      [
        first.number,
        lagosDay(0),
        'Part-paid',
        '50000.00',
        '10000.00',
        '0.00',
        '0.00',
        '40000.00',
        '10000.00',
        '30000.00',
      ],
      [voided.number, lagosDay(0), 'Void', '7000.00', '0.00', '0.00', '0.00', '7000.00', '0.00', '0.00'],
    ])
    const bad = await admin.get(`admins/money/invoices.csv?from=${lagosDay(0)}&to=${lagosDay(-1)}`)
    expect(bad.status).toBe(400)
    expect(
      (await customer.get(`admins/money/invoices.csv?from=${lagosDay(-1)}&to=${lagosDay(0)}`)).status,
    ).toBe(403)
  })
})
