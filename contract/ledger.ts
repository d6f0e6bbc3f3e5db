/**
 * The ledger's words, shared by the server and the dashboard: what an event of money is (kind, stream,
 * source), how methods read, and the accountant's export range. Apart from contract/dashboard.ts so the
 * dashboard's chunk carries these few lines, not every answer schema.
 */
import { z } from 'zod'
import { daysInRange, isCalendarDate } from './dates.js'
import { PAYMENT_METHOD_LABEL } from './job-status.js'

/** What a ledger event does to the business's money. */
export const LEDGER_KINDS = ['income', 'refund', 'withdrawal'] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]
/** What the money was for; a withdrawal belongs to neither (null). */
export const LEDGER_STREAMS = ['products', 'services'] as const
export type LedgerStream = (typeof LEDGER_STREAMS)[number]
/**
 * How it came: through the payment gateway (settled to the business's gateway account), taken by a
 * technician at the customer's, or recorded by hand by an admin.
 */
export const LEDGER_SOURCES = ['gateway', 'on_site', 'manual'] as const
export type LedgerSource = (typeof LEDGER_SOURCES)[number]

/** The methods the payment gateway takes, in words. */
export const GATEWAY_METHOD_LABEL = { card: 'Card', bank_transfer: 'Bank transfer', ussd: 'USSD' } as const
/** Words for the methods money moves by (the gateway's, then those taken on site); others show as written. */
export const MONEY_METHOD_LABEL: Record<string, string> = { ...GATEWAY_METHOD_LABEL, ...PAYMENT_METHOD_LABEL }
export const moneyMethodLabel = (method: string) => MONEY_METHOD_LABEL[method] ?? method
export const MONEY_SOURCE_LABEL: Record<LedgerSource, string> = {
  gateway: 'Payment gateway',
  on_site: 'Taken on site',
  manual: 'Recorded by hand',
}

/** A range of the accountant's export covers at most this many days. */
export const EXPORT_MAX_DAYS = 366

const exportDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} must be a real date`)

/** The accountant's export: inclusive Lagos days. */
export const moneyExportQuery = z
  .object({ from: exportDay('From'), to: exportDay('To') })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' })
    else if (daysInRange(from, to) > EXPORT_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range can cover at most ${EXPORT_MAX_DAYS} days: choose a later From or an earlier To`,
      })
    }
  })
export type MoneyExportRequest = z.input<typeof moneyExportQuery>
