import { describe, expect, it } from 'vitest'
import {
  ORDER_STATUSES,
  deliveryText,
  deliveryWindow,
  orderFilterQuery,
  orderMoves,
  orderStep,
  orderTimeline,
} from '../../contract/orders'
import { refusal } from './refusal'

describe('order steps', () => {
  it('go Processing → Shipped → Completed', () => {
    expect(ORDER_STATUSES.map(orderStep)).toEqual([0, 1, 2])
  })

  it('let the admin move an order forward only, Completed skipping Shipped if need be', () => {
    expect(orderMoves('Processing')).toEqual(['Shipped', 'Completed'])
    expect(orderMoves('Shipped')).toEqual(['Completed'])
    expect(orderMoves('Completed')).toEqual([])
  })

  it('make a timeline of each step with its moment, null for the steps still ahead', () => {
    const order = {
      created: '2026-03-09T10:00:00.000Z',
      shipped: '2026-03-10T08:00:00.000Z',
      completed: null,
    }
    expect(orderTimeline(order)).toEqual([
      { status: 'Processing', at: '2026-03-09T10:00:00.000Z' },
      { status: 'Shipped', at: '2026-03-10T08:00:00.000Z' },
      { status: 'Completed', at: null },
    ])
  })
})

describe('the delivery window', () => {
  it('is 2 to 5 days after the Lagos day the order was placed', () => {
    // 23:30 UTC on March 9 is already March 10 in Lagos.
    expect(deliveryWindow('2026-03-09T23:30:00.000Z')).toEqual({ from: '2026-03-12', to: '2026-03-15' })
    expect(deliveryWindow('2026-03-09T22:59:00.000Z')).toEqual({ from: '2026-03-11', to: '2026-03-14' })
    // Across a month end.
    expect(deliveryWindow('2026-02-27T12:00:00.000Z')).toEqual({ from: '2026-03-01', to: '2026-03-04' })
  })

  it('reads as a sentence, or as the delivery day once delivered', () => {
    const created = '2026-03-09T10:00:00.000Z'
    expect(deliveryText({ status: 'Processing', created, completed: null })).toBe(
      'Delivery between March 11, 2026 and March 14, 2026',
    )
    expect(deliveryText({ status: 'Completed', created, completed: '2026-03-12T23:15:00.000Z' })).toBe(
      'Delivered on March 13, 2026',
    )
  })
})

describe('the admin order filters', () => {
  it('accept any case of the status and inclusive from/to days', () => {
    expect(orderFilterQuery.parse({ status: ' Shipped ', from: '2026-03-01', to: '2026-03-01' })).toEqual({
      status: 'shipped',
      from: '2026-03-01',
      to: '2026-03-01',
    })
  })

  it('refuse an unknown status, an impossible day and a range that ends before it starts', () => {
    expect(refusal(orderFilterQuery, { status: 'lost' })).toBe(
      'Status must be all, completed, processing or shipped',
    )
    expect(refusal(orderFilterQuery, { from: '2026-02-30' })).toBe("'from' must be a real date")
    expect(refusal(orderFilterQuery, { from: '2026-03-02', to: '2026-03-01' })).toBe(
      "'from' must be on or before 'to'",
    )
  })
})
