/** The back office's home (get/stat, get/balance/). */
import type { Booking } from './bookings.js'
import type { UserRoleLabel } from './users.js'

export interface DashboardStats {
  total_bookings: { total_bookings: number }
  balance: number
  latest_bookings: Booking[]
  users: { full_name: string; role: UserRoleLabel; email: string }[]
  completed: { completed_services: number }
}
export interface BalanceAnswer {
  balance: number
}
