import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '../db/index.js'
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

/** Where the sandbox keeps its ledger: SQLite on a real server (survives restarts), memory otherwise. */
export interface SandboxStore {
  create(request: PaymentRequest): SandboxTransaction
  find(txRef: string): SandboxTransaction | undefined
  /** Records the payer's choice once; a later call leaves the first outcome in place. */
  complete(txRef: string, status: Exclude<SandboxStatus, 'pending'>): SandboxTransaction | undefined
  /** Records a full refund of a successful charge once; a repeat leaves the first in place. */
  refund(txRef: string): SandboxTransaction | undefined
}

interface SandboxRow {
  id: number
  tx_ref: string
  amount_kobo: number
  currency: string
  customer_email: string
  customer_name: string
  redirect_url: string
  status: SandboxStatus
  refunded_kobo: number
}

const fromRow = (row: SandboxRow): SandboxTransaction => ({
  id: row.id,
  txRef: row.tx_ref,
  amountKobo: row.amount_kobo,
  currency: row.currency,
  customerEmail: row.customer_email,
  customerName: row.customer_name,
  redirectUrl: row.redirect_url,
  status: row.status,
  refundedKobo: row.refunded_kobo,
})

export function sqliteSandboxStore(db: DB): SandboxStore {
  const find = (txRef: string) => {
    const row = db.prepare('SELECT * FROM sandbox_transactions WHERE tx_ref = ?').get(txRef) as
      SandboxRow | undefined
    return row && fromRow(row)
  }
  return {
    create(request) {
      db.prepare(
        `INSERT INTO sandbox_transactions (tx_ref, amount_kobo, currency, customer_email, customer_name, redirect_url)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        request.txRef,
        request.amountKobo,
        request.currency,
        request.customer.email,
        request.customer.name,
        request.redirectUrl,
      )
      return find(request.txRef)!
    },
    find,
    complete(txRef, status) {
      db.prepare(
        `UPDATE sandbox_transactions SET status = ?, completed_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE tx_ref = ? AND status = 'pending'`,
      ).run(status, txRef)
      return find(txRef)
    },
    refund(txRef) {
      db.prepare(
        `UPDATE sandbox_transactions SET refunded_kobo = amount_kobo,
           refunded_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE tx_ref = ? AND status = 'successful' AND refunded_kobo = 0`,
      ).run(txRef)
      return find(txRef)
    },
  }
}

export function memorySandboxStore(): SandboxStore {
  const byRef = new Map<string, SandboxTransaction>()
  let nextId = 1
  return {
    create(request) {
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
    find: (txRef) => {
      const tx = byRef.get(txRef)
      return tx && { ...tx }
    },
    complete(txRef, status) {
      const tx = byRef.get(txRef)
      if (tx && tx.status === 'pending') tx.status = status
      return tx && { ...tx }
    },
    refund(txRef) {
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
    this.store.create(request)
    const page = `pay/sandbox/${encodeURIComponent(request.txRef)}`
    // Served beside our own return route, i.e. on the origin the customer is using (a phone on the
    // LAN cannot open APP_URL's localhost); APP_URL's API otherwise.
    if (/\/pay\/return$/.test(new URL(request.redirectUrl).pathname)) {
      return new URL(`sandbox/${encodeURIComponent(request.txRef)}`, request.redirectUrl).toString()
    }
    return `${this.apiUrl}${page}`
  }

  async verify(txRef: string): Promise<GatewayTransaction | null> {
    const tx = this.store.find(txRef)
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
    const tx = this.store.find(request.txRef)
    if (!tx || String(tx.id) !== request.transactionId) throw new Error('Sandbox: no such transaction')
    if (tx.status !== 'successful') throw new Error(`Sandbox: a ${tx.status} payment cannot be refunded`)
    const done = this.store.refund(tx.txRef)!
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
