// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { StockBadge, stockLevel } from '../../src/features/shop/components/stock-badge'
import { formatNaira, toKobo, toNaira } from '../../contract/money'
import { formatDateTime, todayIso } from '../../contract/dates'
import { localPhone, normaliseNigerianPhone, whatsappLink } from '../../contract/phone'

describe('stock badge (over 20 green, 1 to 20 yellow, 0 red)', () => {
  it.each([
    [0, 'out'],
    [1, 'low'],
    [20, 'low'],
    [21, 'high'],
  ] as const)('stock %i is %s', (stock, level) => {
    expect(stockLevel(stock)).toBe(level)
  })

  it('colours and words the badge by level', () => {
    const { rerender } = render(<StockBadge stock={0} />)
    expect(screen.getByText('Out of stock')).toHaveClass('bg-red-100')
    rerender(<StockBadge stock={20} />)
    expect(screen.getByText('20 in stock')).toHaveClass('bg-yellow-100')
    rerender(<StockBadge stock={21} />)
    expect(screen.getByText('21 in stock')).toHaveClass('bg-green-100')
  })
})

describe('naira', () => {
  it('formats with the naira sign, thousands separators and kobo', () => {
    expect(formatNaira(1234567.5)).toBe('₦1,234,567.50')
    expect(formatNaira(0)).toBe('₦0.00')
  })
  it('converts between naira and integer kobo without float drift', () => {
    expect(toKobo(19.99)).toBe(1999)
    expect(toKobo(0.1 + 0.2)).toBe(30)
    expect(toNaira(1999)).toBe(19.99)
  })
})

describe('dates', () => {
  it('shows notifications in en-US long format with 12-hour time', () => {
    const shown = formatDateTime('2026-11-21T15:05:00Z')
    expect(shown).toMatch(/^November 2[12], 2026 at \d{1,2}:05 (AM|PM)$/)
  })
  it('gives the business day in Lagos (UTC+1) for a late-evening UTC time', () => {
    expect(todayIso(new Date('2026-11-21T23:30:00Z'), 'Africa/Lagos')).toBe('2026-11-22')
  })
})

describe('Nigerian phone numbers', () => {
  it.each(['0803 123 4567', '08031234567', '+234 803 123 4567', '2348031234567', '+234 0803 123 4567'])(
    'accepts %s as +2348031234567',
    (typed) => expect(normaliseNigerianPhone(typed)).toBe('+2348031234567'),
  )
  it.each(['0803123456', '12345678901', '+1 415 555 0100', '0603 123 4567', 'phone'])('rejects %s', (typed) =>
    expect(normaliseNigerianPhone(typed)).toBeNull(),
  )
  it('shows the local form with the leading 0 and links WhatsApp without the +', () => {
    expect(localPhone('+2348031234567')).toBe('08031234567')
    expect(whatsappLink('0803 123 4567')).toBe('https://wa.me/2348031234567')
  })
})
