/**
 * The working hours the admin saved in Booking Rules, for the footer and the Contact page. Plain client,
 * no query library (the public shell must not load it): the prerendered HTML and the first render show
 * the default hours, the last answer kept on this device replaces them right after hydration, and one
 * call per page load, when the browser is idle, brings the current ones. Any failure keeps what is shown.
 */
import { useEffect, useState } from 'react'
import {
  DEFAULT_BOOKING_SETTINGS,
  workingHoursText,
  type BookingSettings,
} from '../../contract/working-hours.js'
import { callApi } from './api-client'
import { whenIdle } from './when-idle'

type Hours = Pick<BookingSettings, 'work_start' | 'work_end' | 'work_days'>

export const WORKING_HOURS_KEY = 'greenshield.working-hours'
export const DEFAULT_HOURS_TEXT = workingHoursText(DEFAULT_BOOKING_SETTINGS)

const isHours = (v: unknown): v is Hours => {
  const h = v as Partial<Hours> | null
  return (
    typeof h === 'object' &&
    h !== null &&
    typeof h.work_start === 'string' &&
    /^\d\d:\d\d$/.test(h.work_start) &&
    typeof h.work_end === 'string' &&
    /^\d\d:\d\d$/.test(h.work_end) &&
    Array.isArray(h.work_days) &&
    h.work_days.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)
  )
}

function remembered(): string | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(WORKING_HOURS_KEY) ?? 'null')
    return isHours(saved) ? workingHoursText(saved) : null
  } catch {
    return null
  }
}

const listeners = new Set<(text: string) => void>()

/** Keeps the hours on this device and shows them wherever they are on screen (also after an admin saves). */
export function rememberWorkingHours(settings: unknown): void {
  if (!isHours(settings)) return
  const { work_start, work_end, work_days } = settings
  try {
    localStorage.setItem(WORKING_HOURS_KEY, JSON.stringify({ work_start, work_end, work_days }))
  } catch {
    // Storage full or blocked: the hours still show for this page load.
  }
  const text = workingHoursText(settings)
  listeners.forEach((show) => show(text))
}

let asked: Promise<void> | null = null
/** One call per page load, shared by every place that shows the hours. */
function askServer(): Promise<void> {
  asked ??= callApi('GET booking-settings/', undefined, { cache: 'no-cache' })
    .then(rememberWorkingHours)
    .catch(() => {
      // Offline or the server is down: the kept or default hours stay.
    })
  return asked
}

/** For tests: forget that this page load already asked. */
export const resetWorkingHoursCall = () => {
  asked = null
}

/** "Mon–Fri 9:00 AM to 7:00 PM": the default on the first render (as prerendered), then the saved hours. */
export function useWorkingHoursText(): string {
  const [text, setText] = useState(DEFAULT_HOURS_TEXT)
  useEffect(() => {
    const kept = remembered()
    if (kept) setText(kept)
    listeners.add(setText)
    const cancel = whenIdle(() => void askServer())
    return () => {
      listeners.delete(setText)
      cancel()
    }
  }, [])
  return text
}
