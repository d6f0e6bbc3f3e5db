import { describe, expect, it } from 'vitest'
import { Client } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'

describe('the billing rules the admin sets', () => {
  onEachLoggedInApp()

  it('start with no VAT and 20% off the first service; only an admin changes them; the public sees the offer', async () => {
    expect((await new Client(t.app).get('billing-settings/')).body).toEqual({
      vatRatePercent: 0,
      firstServiceOffer: true,
      firstServicePercent: 20,
    })
    const settings = {
      vatRatePercent: 7.5,
      firstServiceOffer: false,
      firstServicePercent: 15,
      quoteValidDays: 30,
      invoiceDueDays: 0,
    }
    expect((await customer.post('admins/billing-settings/', settings)).status).toBe(403)
    expect((await customer.get('admins/billing-settings/')).status).toBe(403)

    const bad = await admin.post('admins/billing-settings/', { ...settings, vatRatePercent: 7.555 })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      message: 'VAT rate takes two decimals at most',
      field: 'vatRatePercent',
    })
    const noOffer = await admin.post('admins/billing-settings/', { ...settings, firstServicePercent: 0 })
    expect(noOffer.body.message).toBe('The offer must be at least 1%')

    const saved = await admin.post('admins/billing-settings/', settings)
    expect(saved.body).toEqual({ message: 'Billing settings saved.', settings })
    expect((await admin.get('admins/billing-settings/')).body).toEqual(settings)
    expect((await new Client(t.app).get('billing-settings/')).body).toEqual({
      vatRatePercent: 7.5,
      firstServiceOffer: false,
      firstServicePercent: 15,
    })
  })
})
