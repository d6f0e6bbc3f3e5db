/** en-US long date with 12-hour time, e.g. "November 21, 2026 at 3:05 PM" (SPEC: notifications). */
const longDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})
const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })

export const formatDateTime = (iso: string | Date): string => longDateTime.format(new Date(iso))
export const formatDate = (iso: string | Date): string => longDate.format(new Date(iso))

/** A day as YYYY-MM-DD in the given time zone (default: the caller's own), for date checks and <input min>. */
export function todayIso(now = new Date(), timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** True when YYYY-MM-DD names a real calendar day (Date.parse quietly rolls 2026-02-30 over to March 2). */
export function isCalendarDate(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day
}

/** The business runs on Lagos time; the server judges "in the past" by it. */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos'
