/** Pure helpers of the job sheet: which section a job is in, and the texts sent to the customer. */
import { addDays, formatTime } from '../../../contract/dates.js'
import { type Job } from '../../../contract/staff.js'
import { isFinalJobStatus, type JobStatus } from '../../../contract/job-status.js'

export type Section = 'overdue' | 'today' | 'tomorrow' | 'later'

/** Overdue: an earlier day, still open. Done jobs of earlier days drop off the sheet. */
export function sectionOf(job: Job, status: JobStatus, today: string): Section | null {
  const open =
    !isFinalJobStatus(status) && job.booking_status !== 'Cancelled' && job.booking_status !== 'Completed'
  if (job.date < today) return open ? 'overdue' : null
  if (job.date === today) return 'today'
  if (job.date === addDays(today, 1)) return 'tomorrow'
  return 'later'
}

export const byTime = (a: Job, b: Job) => (a.date + a.time).localeCompare(b.date + b.time) || a.id - b.id

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? ''

/** The "on my way" text, prefilled in SMS and WhatsApp. */
export function onMyWayText(job: Job, technician: string) {
  return (
    `Hello ${firstName(job.full_name)}, this is ${technician || 'your technician'} from GreenShield. ` +
    `I am on my way for your ${job.service} appointment at ${formatTime(job.time)}. See you soon.`
  )
}

/** sms: link with a prefilled body (iOS and Android both read ?body= after the number). */
export const smsLink = (phone: string, text: string) =>
  `sms:${phone.replace(/\s+/g, '')}?body=${encodeURIComponent(text)}`

export const whatsappWithText = (url: string, text: string) => `${url}?text=${encodeURIComponent(text)}`

export const telLink = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`

/**
 * Photo size on the phone (docs/rules/technicians.md): longest side about 1280 px, and never a canvas over 16 megapixels
 * (Safari draws those blank).
 */
export function fitWithin(width: number, height: number, longest = 1280, maxPixels = 16_000_000) {
  let scale = Math.min(1, longest / Math.max(width, height))
  if (width * scale * height * scale > maxPixels) scale = Math.sqrt(maxPixels / (width * height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}
