/** The back office's home (get/stat, get/balance/) and the owner's money (admins/money/). */
import { z } from 'zod'
import { booking } from './bookings.js'
import { defineEndpoints } from './endpoint.js'
import { naira, isoTime } from './fields.js'
import { LEDGER_SOURCES, moneyExportQuery } from './ledger.js'
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
  amount: naira,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  technician: z.string(),
  /** When it was taken (the device's time, ISO 8601). */
  occurred_at: isoTime,
})
export type OnSitePayment = z.infer<typeof onSitePayment>

export const takenOnSite = z.object({
  /** The Lagos calendar month the total covers, YYYY-MM. */
  month: z.string(),
  /** Naira taken on site this month, and how many payments. */
  month_total: naira,
  month_count: z.number().int(),
  /** The newest first. */
  latest: z.array(onSitePayment),
})
export type TakenOnSite = z.infer<typeof takenOnSite>

export const dashboardStats = z.object({
  total_bookings: z.object({ total_bookings: z.number().int() }),
  balance: naira,
  latest_bookings: z.array(latestBooking),
  users: z.array(z.object({ full_name: z.string(), role: userRoleLabel, email: z.string() })),
  completed: z.object({ completed_services: z.number().int() }),
  /** Money technicians recorded on their completion reports; never part of `balance`. */
  taken_on_site: takenOnSite,
})
export type DashboardStats = z.infer<typeof dashboardStats>

export const balanceAnswer = z.object({ balance: naira })
export type BalanceAnswer = z.infer<typeof balanceAnswer>

// ---------- the owner's money (contract/ledger.ts: what a ledger event is) ----------

/** One stream's money in one month, naira. */
export const streamMonth = z.object({
  /** Everything received. */
  income: naira,
  /** Given back (refunds), already taken out of `net`. */
  refunds: naira,
  /** income − refunds. */
  net: naira,
  /** The part of `income` taken on site: it never passed through the gateway. */
  on_site: naira,
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
  amount: naira,
})
export type MethodTotal = z.infer<typeof methodTotal>

/** A month's income (net of refunds, naira; both streams, every source) and how many payments made it. */
export const monthFigures = z.object({ month: z.string(), income: naira, count: z.number().int() })
export type MonthFigures = z.infer<typeof monthFigures>

/** How long invoices have waited for their money, counted from when they were sent (Lagos days). */
export const INVOICE_AGES = ['0–30 days', '31–60 days', 'Over 60 days'] as const
export const outstandingAge = z.object({
  age: z.enum(INVOICE_AGES),
  /** Sent or part-paid invoices of that age, and what is still due on them (naira). */
  count: z.number().int(),
  due: naira,
})
export type OutstandingAge = z.infer<typeof outstandingAge>

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
    gateway_income: naira,
    refunds: naira,
    withdrawn: naira,
    balance: naira,
    on_site: naira,
  }),
  /** What customers still owe on invoices, by age: always the three ages, youngest first. */
  outstanding: z.array(outstandingAge),
})
export type MoneySummary = z.infer<typeof moneySummary>

export const dashboardEndpoints = defineEndpoints('dashboard', {
  'GET get/balance/': {
    summary:
      'The balance in naira: what the payment gateway settled, less refunds and withdrawals not rejected or cancelled.',
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
  'GET admins/money/invoices.csv': {
    summary:
      'Every invoice issued in a range of Lagos days (void ones included, marked so), one row each with its ' +
      'totals, what was paid and what is still due: a CSV file for the accountant.',
    access: 'admin',
    query: moneyExportQuery,
    produces: 'text/csv',
  },
})
