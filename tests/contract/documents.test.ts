import { describe, expect, it } from 'vitest'
import { documentLinesBody, documentTotals, pricedLines, totalsAnswer } from '../../contract/documents'

const line = (change: Record<string, unknown> = {}) => ({
  kind: 'service',
  description: 'General pest control, 3-bedroom flat',
  quantity: 1,
  unitPrice: '45,000',
  ...change,
})

describe('a quote or invoice adds up the way a customer checks it by hand', () => {
  it('totals lines, then the first-service offer on the work, then the discount, then VAT', () => {
    const lines = pricedLines(
      documentLinesBody.parse([
        line(),
        line({ kind: 'labour', description: 'Extra hand', quantity: 2, unitPrice: 5000 }),
        line({ kind: 'material', description: 'Gel bait', quantity: 3, unitPrice: '2,500', productId: 7 }),
      ]),
    )
    const totals = documentTotals(lines, { firstServicePercent: 20, discountKobo: 1_000_00, vatRateBp: 750 })
    // 45,000 + 10,000 + 7,500; 20% of the 55,000 of work; ₦1,000 off; 7.5% VAT on the 50,500 left.
    expect(totals).toEqual({
      lineTotalsKobo: [45_000_00, 10_000_00, 7_500_00],
      subtotalKobo: 62_500_00,
      firstServiceDiscountKobo: 11_000_00,
      discountKobo: 1_000_00,
      vatKobo: 3_787_50,
      totalKobo: 54_287_50,
    })
    expect(totalsAnswer(totals, { firstServicePercent: 20, vatRateBp: 750 })).toMatchObject({
      firstServiceDiscount: 11_000,
      firstServicePercent: 20,
      vatRatePercent: 7.5,
      total: 54_287.5,
    })
  })

  it('never lets a discount take the total below zero, and shows no offer percentage when nothing was taken off', () => {
    const lines = pricedLines(
      documentLinesBody.parse([line({ kind: 'material', unitPrice: 3000, productId: 2 })]),
    )
    const totals = documentTotals(lines, { discountKobo: 9_000_00, firstServicePercent: 20 })
    expect(totals.discountKobo).toBe(3_000_00)
    expect(totals.totalKobo).toBe(0)
    expect(totalsAnswer(totals, { firstServicePercent: 20 }).firstServicePercent).toBeNull()
  })

  it('rounds part quantities to the kobo', () => {
    const [priced] = pricedLines(documentLinesBody.parse([line({ quantity: 2.5, unitPrice: '1,333.33' })]))
    expect(documentTotals([priced]).totalKobo).toBe(3_333_33)
  })

  it('refuses lines a person could not mean, each with its own words', () => {
    const issues = (body: unknown) =>
      documentLinesBody.safeParse(body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(issues([])).toEqual([': Add at least one line'])
    expect(issues([line({ description: ' ', quantity: 0, unitPrice: 'abc' })])).toEqual([
      '0.description: Describe the line',
      '0.quantity: Quantity must be more than 0',
      '0.unitPrice: Unit price must be a number of naira, e.g. 8,000',
    ])
    expect(issues([line({ quantity: 1.005 })])).toEqual(['0.quantity: Quantity takes two decimals at most'])
    expect(issues([line({ kind: 'tip' })])?.[0]).toMatch(/^0.kind: Choose what the line is/)
  })
})
