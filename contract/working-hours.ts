/**
 * The working hours as the customer reads them. Kept apart from bookings.ts (and zod) so the public
 * shell's footer and the Contact page can show them without loading the validation library.
 */
import { formatTime } from './dates.js'

/** GET booking-settings/ (public) and POST admins/booking-settings/: cut-off and working hours. */
export interface BookingSettings {
  /** A customer may cancel or move a booking until this many hours before it. */
  cutoff_hours: number
  /** HH:MM, Lagos time. */
  work_start: string
  work_end: string
  /** 0 = Sunday ... 6 = Saturday. */
  work_days: number[]
}

/** What the server answers before an admin has saved any rules (and what prerendered pages show). */
export const DEFAULT_BOOKING_SETTINGS: Readonly<BookingSettings> = Object.freeze({
  cutoff_hours: 12,
  work_start: '09:00',
  work_end: '19:00',
  work_days: [1, 2, 3, 4, 5],
})

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
/** "Mon–Fri 9:00 AM to 7:00 PM" (consecutive days as a range). */
export function workingHoursText(s: Pick<BookingSettings, 'work_start' | 'work_end' | 'work_days'>): string {
  const days = [...s.work_days].sort()
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1] + 1)
  const dayText =
    days.length === 0
      ? 'no days'
      : consecutive && days.length > 2
        ? `${DAY_NAMES[days[0]]}–${DAY_NAMES[days[days.length - 1]]}`
        : days.map((d) => DAY_NAMES[d]).join(', ')
  return `${dayText} ${formatTime(s.work_start)} to ${formatTime(s.work_end)}`
}
