import { describe, expect, it } from 'vitest'
import { parseNaira } from '../../contract/money'
import { deliveryFeesBody } from '../../contract/delivery'
import { productFormBody } from '../../contract/catalogue'
import { paymentSettingsBody, withdrawalBody } from '../../contract/withdrawals'
import { completeBody } from '../../contract/staff'
import { refusal } from './refusal'

describe('parseNaira: a naira amount as people type it', () => {
  it('reads thousands separators, the naira sign, NGN/N and spaces', () => {
    expect(parseNaira('25,000')).toBe(25_000)
    expect(parseNaira('₦25,000.50')).toBe(25_000.5)
    expect(parseNaira(' ₦ 1,250,000 ')).toBe(1_250_000)
    expect(parseNaira('NGN 5,000')).toBe(5_000)
    expect(parseNaira('N5000')).toBe(5_000)
    expect(parseNaira('25 000')).toBe(25_000)
    expect(parseNaira('1500')).toBe(1_500)
    expect(parseNaira('-5')).toBe(-5)
    expect(parseNaira(2500)).toBe(2500)
  })
  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '25,00', '2,50,000', '1,000,00', '25.000.5', '₦', '12a']) {
      expect(parseNaira(text), text).toBeNull()
    }
    expect(parseNaira(Number.NaN)).toBeNull()
  })
})

describe('every naira field reads "25,000"', () => {
  it('withdrawal amount, threshold, delivery fee, product price and the payment taken on site', () => {
    expect(withdrawalBody.parse({ amount: '25,000' }).amount).toBe(25_000)
    const settings = { bank_name: 'GTBank', account_name: 'GS', account_number: '0123456789' }
    expect(paymentSettingsBody.parse({ ...settings, threshold: '₦50,000' }).threshold).toBe(50_000)
    expect(paymentSettingsBody.parse({ ...settings, threshold: '' }).threshold).toBe(0)
    expect(deliveryFeesBody.parse({ fees: [{ state: 'Lagos', fee: '2,500' }] }).fees[0].fee).toBe(2_500)
    expect(deliveryFeesBody.parse({ fees: [{ state: 'Lagos', fee: null }] }).fees[0].fee).toBeNull()
    const product = productFormBody.parse({
      name: 'Gel',
      price: '25,000',
      originalPrice: '₦30,000',
      stock: '4',
    })
    expect([product.price, product.originalPrice]).toEqual([25_000, 30_000])
    const done = completeBody.parse({
      summary: 'Done',
      signer_name: 'Ada',
      signature_refused_reason: 'Away',
      payment: { amount: '25,000', method: 'cash' },
      occurred_at: new Date(0).toISOString(),
    })
    expect(done.payment?.amount).toBe(25_000)
  })
  it("still refuses junk and out-of-range amounts with the field's message", () => {
    expect(refusal(withdrawalBody, { amount: '25,00' })).toBe('Amount must be a number of naira, e.g. 25,000')
    expect(refusal(withdrawalBody, { amount: '0' })).toBe('Amount must be more than ₦0')
    expect(refusal(deliveryFeesBody, { fees: [{ state: 'Lagos', fee: '-1' }] })).toBe(
      'Fee cannot be negative',
    )
    expect(refusal(productFormBody, { name: 'Gel', price: '', stock: '1' })).toBe('Price is required')
  })
})
