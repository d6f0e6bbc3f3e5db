import type { Transaction } from 'kysely'
import { formatNaira, toNaira } from '../../contract/money.js'
import { payAmountProblem } from '../../contract/invoices.js'
import { pages } from '../../contract/pages.js'
import type { Database, Tables } from '../db/index.js'
import { forUpdate } from '../db/dialect.js'
import { fail, ApiFailure } from '../lib/http-error.js'
import { recordInvoicePayment } from '../lib/invoices.js'
import { tell } from '../lib/notify.js'
import { runAutoWithdrawal } from '../lib/balance.js'
import type { GatewayTransaction } from './gateway.js'
import { INVOICE_PAID_MESSAGE, settlePending, type PaymentRow } from './rows.js'

export interface OpenInvoicePaymentInput {
  invoiceId: number
  /** What to pay, in kobo; undefined = the whole amount due. */
  amountKobo?: number
  gateway: string
  returnOrigin: string
  /** The app page the payer comes back to (the signed link's page, or the customer's invoice page). */
  returnPath: string
}

export interface OpenedInvoicePayment {
  txRef: string
  amountKobo: number
  number: string
  customerId: number | null
  billed: { name: string; email: string; phone: string }
}

/**
 * Records a pending payment of money on an invoice (no stock is held: nothing is taken off a shelf).
 * The amount is checked against what is due now, with the invoice's row locked; what is due can still
 * fall before the charge settles (another part payment), which settlement answers with a refund.
 */
export async function openInvoicePayment(
  db: Database,
  input: OpenInvoicePaymentInput,
  txRef: string,
): Promise<OpenedInvoicePayment> {
  return db.transaction().execute(async (trx) => {
    const invoice = await forUpdate(
      trx,
      trx.selectFrom('invoices').selectAll().where('id', '=', input.invoiceId),
    ).executeTakeFirst()
    if (!invoice || invoice.status === 'Draft') fail(404, 'No such invoice.')
    if (invoice.status === 'Void') fail(409, `Invoice ${invoice.number} is void: it cannot be paid.`)
    const dueKobo = invoice.total_kobo - invoice.paid_kobo
    if (dueKobo <= 0) fail(409, `Invoice ${invoice.number} is paid in full.`)
    const amountKobo = input.amountKobo ?? dueKobo
    const problem = payAmountProblem(amountKobo, dueKobo)
    if (problem) fail(400, problem, { field: 'amount' })
    await trx
      .insertInto('payments')
      .values({
        tx_ref: txRef,
        user_id: invoice.customer_id,
        amount_kobo: amountKobo,
        currency: 'NGN',
        gateway: input.gateway,
        lines: '[]',
        return_origin: input.returnOrigin,
        invoice_id: invoice.id,
        return_path: input.returnPath,
      })
      .execute()
    return {
      txRef,
      amountKobo,
      number: invoice.number,
      customerId: invoice.customer_id,
      billed: { name: invoice.billed_name, email: invoice.billed_email, phone: invoice.billed_phone },
    }
  })
}

/** Thrown inside the settling transaction (rolling it back) when the invoice no longer takes the money. */
export class InvoiceNotPayable extends Error {
  constructor(
    message: string,
    /** Why the charge goes back, for the refund's record. */
    readonly reason: string,
  ) {
    super(message)
  }
}

/**
 * Inside the caller's transaction, guarded by the payment's status: the first caller moves it from
 * pending to successful and records the money on the invoice (false: another got there first). An
 * invoice voided meanwhile, or paid past what this charge may add, throws InvoiceNotPayable.
 */
export async function recordInvoiceCharge(
  trx: Transaction<Tables>,
  payment: PaymentRow,
  tx: GatewayTransaction,
  at: number,
): Promise<boolean> {
  const invoiceId = payment.invoice_id!
  const claimed = await settlePending(trx, payment.id, {
    status: 'successful',
    message: INVOICE_PAID_MESSAGE,
    transactionId: tx.transactionId,
  })
  if (!claimed) return false
  try {
    await recordInvoicePayment(
      trx,
      invoiceId,
      {
        amountKobo: payment.amount_kobo,
        method: tx.method ?? 'card',
        source: 'gateway',
        reference: payment.tx_ref,
        receivedAt: new Date(at).toISOString(),
        recordedBy: null,
        paymentId: payment.id,
        // One gateway payment, one ledger row, whoever settles it.
        clientKey: `payment-${payment.id}`,
      },
      at,
    )
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err
    const invoice = await trx
      .selectFrom('invoices')
      .select(['number', 'status'])
      .where('id', '=', invoiceId)
      .executeTakeFirstOrThrow()
    if (invoice.status === 'Void') {
      throw new InvoiceNotPayable(
        `Invoice ${invoice.number} was cancelled before your payment completed. You will be refunded.`,
        `Invoice ${invoice.number} was void when the payment completed.`,
      )
    }
    throw new InvoiceNotPayable(
      `Invoice ${invoice.number} was paid by another payment before yours completed, so yours would pay ` +
        'more than is due. You will be refunded.',
      `Invoice ${invoice.number} had less than this payment left to pay.`,
    )
  }
  const invoice = await trx
    .selectFrom('invoices')
    .select(['id', 'number', 'total_kobo', 'paid_kobo'])
    .where('id', '=', invoiceId)
    .executeTakeFirstOrThrow()
  const amount = formatNaira(toNaira(payment.amount_kobo))
  const dueKobo = invoice.total_kobo - invoice.paid_kobo
  const left = dueKobo > 0 ? `${formatNaira(toNaira(dueKobo))} is still due.` : 'It is paid in full.'
  await tell(
    trx,
    payment.user_id,
    {
      heading: 'Payment Successful',
      body: `We received your payment of ${amount} for invoice ${invoice.number} (Reference ${payment.tx_ref}). ${left}`,
      link: { path: pages.invoice(invoice.id), label: 'See the invoice' },
      kind: 'invoices',
    },
    {
      template: 'invoice_receipt',
      data: {
        number: invoice.number,
        amount,
        reference: payment.tx_ref,
        due: dueKobo > 0 ? formatNaira(toNaira(dueKobo)) : '',
        link: pages.invoice(invoice.id),
      },
    },
  )
  // The balance counts every successful payment: this one may take it past the admin's threshold.
  await runAutoWithdrawal(trx)
  return true
}
