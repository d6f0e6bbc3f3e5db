import { describe, expect, it } from 'vitest'
import { addDays, businessDateTime, businessDay, businessDayStart, formatDay } from '../../contract/dates'

describe('Lagos business days (UTC+1 all year)', () => {
  it('put an instant on the Lagos day it falls on', () => {
    expect(businessDay('2026-03-09T23:30:00.000Z')).toBe('2026-03-10')
    expect(businessDay('2026-03-09T22:59:00.000Z')).toBe('2026-03-09')
    expect(businessDay(new Date('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01')
    expect(businessDay('not a date')).toBe('')
  })

  it('start at 23:00 UTC the evening before', () => {
    expect(businessDayStart('2026-03-10').toISOString()).toBe('2026-03-09T23:00:00.000Z')
  })

  it('count whole days across month and year ends', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('show a Lagos wall-clock time for the CSV and a day in words', () => {
    expect(businessDateTime('2026-03-14T08:05:00.000Z')).toBe('2026-03-14 09:05')
    expect(formatDay('2026-03-14')).toBe('March 14, 2026')
  })
})
