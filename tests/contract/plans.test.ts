import { describe, expect, it } from 'vitest'
import { addMonthsToDay, intervalText, nextPlanVisit } from '../../contract/plans'
import { DEFAULT_BOOKING_SETTINGS } from '../../contract/bookings'

const quarterly = {
  intervalUnit: 'months',
  intervalCount: 3,
  preferredWeekday: null,
  preferredTime: '10:00',
} as const

describe('a plan’s next visit', () => {
  it('counts calendar months, the 31st landing on the month’s last day', () => {
    expect(addMonthsToDay('2026-11-25', 3)).toBe('2027-02-25')
    expect(addMonthsToDay('2026-11-30', 3)).toBe('2027-02-28')
    expect(addMonthsToDay('2027-10-31', 4)).toBe('2028-02-29')
    expect(addMonthsToDay('2026-12-15', 1)).toBe('2027-01-15')
  })

  it('is the interval on, moved to the preferred weekday, at the preferred time', () => {
    // Wed 25 Nov 2026 + 3 months = Thu 25 Feb 2027; preferred Wednesday: Wed 3 Mar 2027.
    expect(
      nextPlanVisit(
        '2026-11-25',
        { ...quarterly, preferredWeekday: 3 },
        DEFAULT_BOOKING_SETTINGS,
        '2026-11-25',
      ),
    ).toEqual({ date: '2027-03-03', time: '10:00' })
    // Every 2 weeks from Mon 7 Dec 2026, any day.
    expect(
      nextPlanVisit(
        '2026-12-07',
        { intervalUnit: 'weeks', intervalCount: 2, preferredWeekday: null, preferredTime: '14:30' },
        DEFAULT_BOOKING_SETTINGS,
        '2026-12-07',
      ),
    ).toEqual({ date: '2026-12-21', time: '14:30' })
  })

  it('skips the days the business does not work, and moves a time outside the hours to the opening time', () => {
    // Sat 29 Aug 2026 + 3 months = Sun 29 Nov 2026: Monday 30 Nov, and 20:00 is after closing (19:00).
    expect(
      nextPlanVisit(
        '2026-08-29',
        { ...quarterly, preferredTime: '20:00' },
        DEFAULT_BOOKING_SETTINGS,
        '2026-08-29',
      ),
    ).toEqual({ date: '2026-11-30', time: '09:00' })
  })

  it('is never today or earlier: a visit completed late books from tomorrow', () => {
    // The last visit was long ago; today is Wed 25 Nov 2026, so Thursday.
    expect(nextPlanVisit('2026-01-10', quarterly, DEFAULT_BOOKING_SETTINGS, '2026-11-25')).toEqual({
      date: '2026-11-26',
      time: '10:00',
    })
  })

  it('reads its interval in words', () => {
    expect(intervalText({ intervalUnit: 'months', intervalCount: 3 })).toBe('every 3 months')
    expect(intervalText({ intervalUnit: 'months', intervalCount: 1 })).toBe('every month')
    expect(intervalText({ intervalUnit: 'weeks', intervalCount: 1 })).toBe('every week')
    expect(intervalText({ intervalUnit: 'weeks', intervalCount: 2 })).toBe('every 2 weeks')
  })
})
