/** The back office's home (get/stat, get/balance/). */
import { z } from 'zod'
import { booking } from './bookings.js'
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
})
