import { describe, expect, it } from 'vitest'
import { JOB_EVENT_TYPES, JOB_STATUSES, nextJobStatus, type JobStatus } from '../../contract/job-status'
import { fitWithin, onMyWayText, sectionOf, smsLink } from '../../src/features/staff/schedule'
import type { Job } from '../../contract/staff'

describe('the job state machine (the moves allowed, and no others)', () => {
  it('allows exactly the listed moves', () => {
    const allowed: string[] = []
    for (const from of JOB_STATUSES)
      for (const event of [...JOB_EVENT_TYPES, 'completed'] as const) {
        const to = nextJobStatus(from as JobStatus, event)
        if (to) allowed.push(`${from} -${event}-> ${to}`)
      }
    expect(allowed.sort()).toEqual(
      [
        'assigned -on_my_way-> on_my_way',
        'assigned -arrived-> arrived',
        'on_my_way -arrived-> arrived',
        'arrived -started-> started',
        'started -paused-> paused',
        'paused -resumed-> started',
        'arrived -completed-> completed',
        'started -completed-> completed',
        'paused -completed-> completed',
        ...['assigned', 'on_my_way', 'arrived', 'started', 'paused'].map((s) => `${s} -unable-> unable`),
      ].sort(),
    )
  })
})

describe('the job sheet helpers', () => {
  const job = (date: string, booking_status = 'Confirmed') =>
    ({ date, booking_status, full_name: 'Ada Obi', service: 'fumigation', time: '09:00' }) as Job

  it('files jobs under Overdue (open, earlier), Today, Tomorrow and Later', () => {
    expect(sectionOf(job('2026-05-09'), 'started', '2026-05-10')).toBe('overdue')
    expect(sectionOf(job('2026-05-09'), 'completed', '2026-05-10')).toBeNull()
    expect(sectionOf(job('2026-05-09', 'Cancelled'), 'assigned', '2026-05-10')).toBeNull()
    expect(sectionOf(job('2026-05-10'), 'completed', '2026-05-10')).toBe('today')
    expect(sectionOf(job('2026-05-11'), 'assigned', '2026-05-10')).toBe('tomorrow')
    expect(sectionOf(job('2026-05-14'), 'assigned', '2026-05-10')).toBe('later')
  })

  it('prefills the on-my-way text in the sms: link', () => {
    const text = onMyWayText(job('2026-05-10'), 'Femi Okon')
    expect(text).toBe(
      'Hello Ada, this is Femi Okon from GreenShield. I am on my way for your fumigation appointment at 9:00 AM. See you soon.',
    )
    expect(smsLink('0803 123 4567', text)).toMatch(/^sms:08031234567\?body=Hello%20Ada%2C/)
  })

  it('resizes photos to about 1280 px on the long side and never past 16 megapixels', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1280, height: 960 })
    expect(fitWithin(3000, 4000)).toEqual({ width: 960, height: 1280 })
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
    const huge = fitWithin(20000, 20000, 20000)
    expect(huge.width * huge.height).toBeLessThanOrEqual(16_000_000)
  })
})
