import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { Database } from '../db/index.js'
import type { SandboxTransactions } from '../db/schema.js'
import { nowIso } from '../db/dialect.js'
import type { Gateway, GatewayRefund, GatewayTransaction, PaymentRequest, RefundRequest } from './gateway.js'

export type SandboxStatus = 'pending' | 'successful' | 'failed' | 'cancelled'

/** One charge the sandbox's hosted page was asked for, and what the payer chose. */
export interface SandboxTransaction {
  id: number
  txRef: string
  amountKobo: number
  currency: string
  customerEmail: string
  customerName: string
  redirectUrl: string
  status: SandboxStatus
  /** What was given back (0 when nothing). */
  refundedKobo: number
}

/**
 * Where the sandbox keeps its ledger: the database on a real server (survives restarts, and every
 * instance sees the same page), memory otherwise.
 */
export interface SandboxStore {
  create(request: PaymentRequest): Promise<SandboxTransaction>
  find(txRef: string): Promise<SandboxTransaction | undefined>
  /** Records the payer's choice once; a later call leaves the first outcome in place. */
  complete(txRef: string, status: Exclude<SandboxStatus, 'pending'>): Promise<SandboxTransaction | undefined>
  /** Records a full refund of a successful charge once; a repeat leaves the first in place. */
  refund(txRef: string): Promise<SandboxTransaction | undefined>
}

type SandboxRow = Selectable<SandboxTransactions>

const fromRow = (row: SandboxRow): SandboxTransaction => ({
  id: row.id,
  txRef: row.tx_ref,
  amountKobo: row.amount_kobo,
  currency: row.currency,
  customerEmail: row.customer_email,
  customerName: row.customer_name,
  redirectUrl: row.redirect_url,
  status: row.status as SandboxStatus,
  refundedKobo: row.refunded_kobo,
})

export function databaseSandboxStore(db: Database): SandboxStore {
  const find = async (txRef: string) => {
    const row = await db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('tx_ref', '=', txRef)
      .executeTakeFirst()
    return row && fromRow(row)
  }
  return {
    async create(request) {
      await db
        .insertInto('sandbox_transactions')
        .values({
          tx_ref: request.txRef,
          amount_kobo: request.amountKobo,
          currency: request.currency,
          customer_email: request.customer.email,
          customer_name: request.customer.name,
          redirect_url: request.redirectUrl,
        })
        .execute()
      return (await find(request.txRef))!
    },
    find,
    // Both guarded by the row's state, so a double submit (on any instance) keeps the first outcome.
    async complete(txRef, status) {
      await db
        .updateTable('sandbox_transactions')
        .set({ status, completed_at: nowIso() })
        .where('tx_ref', '=', txRef)
        .where('status', '=', 'pending')
        .execute()
      return find(txRef)
    },
    async refund(txRef) {
      await db
        .updateTable('sandbox_transactions')
        .set((eb) => ({ refunded_kobo: eb.ref('amount_kobo'), refunded_at: nowIso() }))
        .where('tx_ref', '=', txRef)
        .where('status', '=', 'successful')
        .where('refunded_kobo', '=', 0)
        .execute()
      return find(txRef)
    },
  }
}

export function memorySandboxStore(): SandboxStore {
  const byRef = new Map<string, SandboxTransaction>()
  let nextId = 1
  return {
    async create(request) {
      if (byRef.has(request.txRef)) throw new Error(`Duplicate tx_ref ${request.txRef}`)
      const tx: SandboxTransaction = {
        id: nextId++,
        txRef: request.txRef,
        amountKobo: request.amountKobo,
        currency: request.currency,
        customerEmail: request.customer.email,
        customerName: request.customer.name,
        redirectUrl: request.redirectUrl,
        status: 'pending',
        refundedKobo: 0,
      }
      byRef.set(tx.txRef, tx)
      return { ...tx }
    },
    find: async (txRef) => {
      const tx = byRef.get(txRef)
      return tx && { ...tx }
    },
    async complete(txRef, status) {
      const tx = byRef.get(txRef)
      if (tx && tx.status === 'pending') tx.status = status
      return tx && { ...tx }
    },
    async refund(txRef) {
      const tx = byRef.get(txRef)
      if (tx && tx.status === 'successful' && tx.refundedKobo === 0) tx.refundedKobo = tx.amountKobo
      return tx && { ...tx }
    },
  }
}

export const SANDBOX_OUTCOMES = { success: 'successful', decline: 'failed', cancel: 'cancelled' } as const
export type SandboxOutcome = keyof typeof SANDBOX_OUTCOMES

/**
 * The default gateway: an in-process stand-in for Flutterwave Standard. initiate() returns the URL of
 * its hosted page (api/routes/payments.ts serves it); the page's form records the payer's choice and
 * sends the browser to the redirect URL with status, tx_ref and transaction_id, as Flutterwave does.
 */
export class SandboxGateway implements Gateway {
  readonly name = 'sandbox'
  /** Signs the hosted page's form so only a page we served can complete a transaction (per process). */
  private readonly formSecret = randomBytes(32)

  constructor(
    /** Absolute URL of the API base, e.g. http://localhost:8080/api/ */
    private readonly apiUrl: string,
    readonly store: SandboxStore,
  ) {}

  async initiate(request: PaymentRequest): Promise<string> {
    await this.store.create(request)
    const page = `pay/sandbox/${encodeURIComponent(request.txRef)}`
    // Served beside our own return route, i.e. on the origin the customer is using (a phone on the
    // LAN cannot open APP_URL's localhost); APP_URL's API otherwise.
    if (/\/pay\/return$/.test(new URL(request.redirectUrl).pathname)) {
      return new URL(`sandbox/${encodeURIComponent(request.txRef)}`, request.redirectUrl).toString()
    }
    return `${this.apiUrl}${page}`
  }

  async verify(txRef: string): Promise<GatewayTransaction | null> {
    const tx = await this.store.find(txRef)
    if (!tx) return null
    return {
      status: tx.status,
      txRef: tx.txRef,
      transactionId: String(tx.id),
      amountKobo: tx.amountKobo,
      currency: tx.currency,
    }
  }

  /** Like Flutterwave's refund endpoint: only a successful charge, named by its id, can be given back. */
  async refund(request: RefundRequest): Promise<GatewayRefund> {
    const tx = await this.store.find(request.txRef)
    if (!tx || String(tx.id) !== request.transactionId) throw new Error('Sandbox: no such transaction')
    if (tx.status !== 'successful') throw new Error(`Sandbox: a ${tx.status} payment cannot be refunded`)
    const done = (await this.store.refund(tx.txRef))!
    return { refundId: `SBX-REFUND-${done.id}`, amountKobo: done.refundedKobo, status: 'completed' }
  }

  formSignature(txRef: string): string {
    return createHmac('sha256', this.formSecret).update(`sandbox-form:${txRef}`).digest('base64url')
  }

  isValidSignature(txRef: string, signature: string): boolean {
    const expected = Buffer.from(this.formSignature(txRef))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given)
  }

  /** Where the payer's browser goes after choosing: the app's redirect URL with Flutterwave's query. */
  redirectFor(tx: SandboxTransaction): string {
    const url = new URL(tx.redirectUrl)
    url.searchParams.set('status', tx.status)
    url.searchParams.set('tx_ref', tx.txRef)
    url.searchParams.set('transaction_id', String(tx.id))
    return url.toString()
  }
}
