/** The back office's home (get/stat, get/balance/). */
import type { Booking } from './bookings.js'
import type { UserRoleLabel } from './users.js'

export interface DashboardStats {
  total_bookings: { total_bookings: number }
  balance: number
  latest_bookings: Booking[]
  users: { full_name: string; role: UserRoleLabel; email: string }[]
  completed: { completed_services: number }
  /** Money technicians recorded on their completion reports; never part of `balance`. */
  taken_on_site: TakenOnSite
}

/** A payment a technician took at the customer's (cash, transfer to the company's account, POS). */
export interface OnSitePayment {
  booking_id: number
  customer: string
  service: string
  /** Naira. */
  amount: number
  method: 'cash' | 'transfer' | 'pos'
  reference: string
  technician: string
  /** When it was taken (the device's time, ISO 8601). */
  occurred_at: string
}
export interface TakenOnSite {
  /** The Lagos calendar month the total covers, YYYY-MM. */
  month: string
  /** Naira taken on site this month, and how many payments. */
  month_total: number
  month_count: number
  /** The newest first. */
  latest: OnSitePayment[]
}
export interface BalanceAnswer {
  balance: number
}
