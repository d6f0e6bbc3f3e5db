/** The back office's home (get/stat, get/balance/) and the owner's money (admins/money/). */
import { z } from 'zod'
import { booking } from './bookings.js'
import { daysInRange, isCalendarDate } from './dates.js'
import { defineEndpoints } from './endpoint.js'
import { PAYMENT_METHODS } from './job-status.js'
import { userRoleLabel } from './users.js'

/** A booking as the dashboard's short list shows it: without the office's follow-up fields. */
export const latestBooking = booking.pick({
  id: true,
  full_name: true,
  phone_number: true,
  service: true,
  info: true,
  date: true,
  time: true,
  status: true,
  location: true,
  emergency: true,
})

/** A payment a technician took at the customer's (cash, transfer to the company's account, POS). */
export const onSitePayment = z.object({
  booking_id: z.number().int(),
  customer: z.string(),
  service: z.string(),
  /** Naira. */
  amount: z.number(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  technician: z.string(),
  /** When it was taken (the device's time, ISO 8601). */
  occurred_at: z.string(),
})
export type OnSitePayment = z.infer<typeof onSitePayment>

export const takenOnSite = z.object({
  /** The Lagos calendar month the total covers, YYYY-MM. */
  month: z.string(),
  /** Naira taken on site this month, and how many payments. */
  month_total: z.number(),
  month_count: z.number().int(),
  /** The newest first. */
  latest: z.array(onSitePayment),
})
export type TakenOnSite = z.infer<typeof takenOnSite>

export const dashboardStats = z.object({
  total_bookings: z.object({ total_bookings: z.number().int() }),
  /** Naira. */
  balance: z.number(),
  latest_bookings: z.array(latestBooking),
  users: z.array(z.object({ full_name: z.string(), role: userRoleLabel, email: z.string() })),
  completed: z.object({ completed_services: z.number().int() }),
  /** Money technicians recorded on their completion reports; never part of `balance`. */
  taken_on_site: takenOnSite,
})
export type DashboardStats = z.infer<typeof dashboardStats>

export const balanceAnswer = z.object({ balance: z.number() })
export type BalanceAnswer = z.infer<typeof balanceAnswer>

// ---------- the owner's money: one ledger of every amount that moved ----------

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

/** Words for the methods money moves by; a method not listed shows as written. */
export const MONEY_METHOD_LABEL: Record<string, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  ussd: 'USSD',
  cash: 'Cash',
  transfer: 'Bank transfer',
  pos: 'POS',
}
export const moneyMethodLabel = (method: string) => MONEY_METHOD_LABEL[method] ?? method
export const MONEY_SOURCE_LABEL: Record<LedgerSource, string> = {
  gateway: 'Payment gateway',
  on_site: 'Taken on site',
  manual: 'Recorded by hand',
}

/** One stream's money in one month, naira. */
export const streamMonth = z.object({
  /** Everything received. */
  income: z.number(),
  /** Given back (refunds), already taken out of `net`. */
  refunds: z.number(),
  /** income − refunds. */
  net: z.number(),
  /** The part of `income` taken on site: it never passed through the gateway. */
  on_site: z.number(),
})
export type StreamMonth = z.infer<typeof streamMonth>

export const incomeMonth = z.object({
  /** The Lagos calendar month, YYYY-MM. */
  month: z.string(),
  products: streamMonth,
  services: streamMonth,
})
export type IncomeMonth = z.infer<typeof incomeMonth>

/** Money received one way this month: by method and source (card through the gateway, cash on site…). */
export const methodTotal = z.object({
  method: z.string(),
  source: z.enum(LEDGER_SOURCES),
  count: z.number().int(),
  /** Naira. */
  amount: z.number(),
})
export type MethodTotal = z.infer<typeof methodTotal>

/** A month's income (net of refunds, naira; both streams, every source) and how many payments made it. */
export const monthFigures = z.object({ month: z.string(), income: z.number(), count: z.number().int() })
export type MonthFigures = z.infer<typeof monthFigures>

export const moneySummary = z.object({
  /** The last 12 Lagos months, oldest first, the current one last (so far). */
  months: z.array(incomeMonth),
  /** This Lagos month's payments received, by method and source, the largest amount first. */
  by_method: z.array(methodTotal),
  this_month: monthFigures,
  last_month: monthFigures,
  /** This month's income against last month's whole, in percent (one decimal); null when last month had none. */
  change_percent: z.number().nullable(),
  /**
   * The balance and what makes it, all time, naira: what the gateway settled, less refunds of it, less
   * withdrawals not rejected or cancelled. `on_site` (money taken at the customer's) is shown apart.
   */
  balance: z.object({
    gateway_income: z.number(),
    refunds: z.number(),
    withdrawn: z.number(),
    balance: z.number(),
    on_site: z.number(),
  }),
})
export type MoneySummary = z.infer<typeof moneySummary>

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

export const dashboardEndpoints = defineEndpoints('dashboard', {
  'GET get/balance/': {
    summary: 'The balance in naira: successful payments less withdrawals not rejected or cancelled.',
    access: 'admin',
    answer: balanceAnswer,
  },
  'GET get/stat': {
    summary: "The dashboard's figures: bookings, balance, latest bookings and accounts, money taken on site.",
    access: 'admin',
    answer: dashboardStats,
  },
  'GET admins/money/': {
    summary:
      "The owner's money from one ledger: income by Lagos month (products and services apart, refunds " +
      'subtracted, money taken on site apart), this month by payment method, this month against last, and ' +
      'the balance with what makes it.',
    access: 'admin',
    answer: moneySummary,
  },
  'GET admins/money/export.csv': {
    summary:
      'Every ledger event (income, refund, withdrawal) of a range of Lagos days, one row each, for the ' +
      'accountant: a CSV file (UTF-8 with a byte-order mark).',
    access: 'admin',
    query: moneyExportQuery,
    produces: 'text/csv',
  },
})
