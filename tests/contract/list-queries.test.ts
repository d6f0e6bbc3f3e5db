import { describe, expect, it } from 'vitest'
import { certificateListQuery } from '../../contract/certificates'
import { invoiceListQuery } from '../../contract/invoices'
import { quoteListQuery } from '../../contract/quotes'
import { refusal } from './refusal'

describe("a back-office list's status filter", () => {
  it.each([
    [certificateListQuery, 'Status must be Valid, Expired or Revoked'],
    [invoiceListQuery, 'Status must be Draft, Sent, Part-paid, Paid or Void'],
    [quoteListQuery, 'Status must be Draft, Sent, Accepted, Declined, Withdrawn or Expired'],
  ])('names every status when it refuses one (%#)', (query, message) => {
    expect(refusal(query, { status: 'Lost' })).toBe(message)
    expect(refusal(query, {})).toBeUndefined()
  })
})
