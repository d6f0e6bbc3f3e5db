/**
 * en-US long date with 12-hour time in Lagos time, e.g. "November 21, 2026 at 3:05 PM" (as
 * notifications always read): the one way the app shows a moment, whatever the device's own time zone.
 */
let longDateTime: Intl.DateTimeFormat | undefined
let longDate: Intl.DateTimeFormat | undefined

// Made on first use, not as the module loads: a page's first Intl.DateTimeFormat loads the browser's
// date data (about 12 ms on this machine, four times that on a slow phone), and most pages show no date.
export const formatDateTime = (iso: string | Date): string =>
  (longDateTime ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Africa/Lagos',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  })).format(new Date(iso))
export const formatDate = (iso: string | Date): string =>
  (longDate ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })).format(
    new Date(iso),
  )

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

// Lagos keeps UTC+1 all year (no daylight saving), so a business day is a fixed UTC window.
const LAGOS_OFFSET_MS = 3_600_000
const DAY_MS = 86_400_000

/**
 * The business day (Lagos) an instant falls on, YYYY-MM-DD; '' when the timestamp does not parse.
 * The admin's order list, the server's `from`/`to` filter and the CSV all cut days here, so they agree.
 */
export function businessDay(instant: string | Date): string {
  const t = new Date(instant).getTime()
  return Number.isNaN(t) ? '' : new Date(t + LAGOS_OFFSET_MS).toISOString().slice(0, 10)
}

/** The first instant (UTC) of a business day given as YYYY-MM-DD. */
export const businessDayStart = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - LAGOS_OFFSET_MS)

/** The business day `days` after (or before, when negative) `day`, both YYYY-MM-DD. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** "2026-03-14 09:05" in Lagos time: a spreadsheet reads it as a date (the orders CSV). */
export const businessDateTime = (instant: string | Date): string =>
  new Date(new Date(instant).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')

/** A YYYY-MM-DD day in words ("March 14, 2026"), the same in every time zone. */
export const formatDay = (day: string): string => formatDate(`${day}T00:00:00`)

/** "14:30" (HH:MM) as people read it: "2:30 PM", the one time format of the app (as notifications use). */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number)
  if (!Number.isFinite(h) || !Number.isFinite(m)) return hhmm
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

/** The Lagos calendar month an instant falls in, YYYY-MM. */
export const businessMonth = (instant: string | Date): string => businessDay(instant).slice(0, 7)

/** The month `months` after (or before, when negative) a YYYY-MM month. */
export function addMonths(month: string, months: number): string {
  const [year, index] = month.split('-').map(Number)
  const total = year * 12 + (index - 1) + months
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`
}

/** How many calendar days a from..to range of YYYY-MM-DD days covers, both days counted. */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1
