import { describe, expect, it } from 'vitest'
import { adminOnlyCheck } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'
import { formatNaira } from '../../contract/money'

onEachLoggedInApp()

const expectAdminOnly = adminOnlyCheck(() => ({ app: t.app, customer }))

const ACCOUNT = {
  bank_name: 'GTBank',
  account_name: 'GreenShield Ltd',
  account_number: '0123456789',
  swift_code: '',
  auto_withdraw: false,
  threshold: 0,
}

describe('admins/withdrawals', () => {
  it('refuses a withdrawal while no payout account is saved (400, saying where to add it)', async () => {
    const res = await admin.post('admins/withdrawals/', { amount: 20_000 })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(
      'Add the payout account (bank, account name and number) in Settings → Payment before requesting a withdrawal.',
    )
    expect(await t.db.selectFrom('withdrawals').select('id').execute()).toEqual([])
  })
  it('takes amounts as people type them: "25,000", "₦ 25,000.50", "25 000"; refuses "25,00"', async () => {
    await admin.post('admins/payment-settings/', ACCOUNT)
    for (const [amount, naira] of [
      ['25,000', 25_000],
      ['₦ 25,000.50', 25_000.5],
      ['N5 000', 5_000],
    ] as const) {
      const res = await admin.post('admins/withdrawals/', { amount })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe(`Withdrawal of ${formatNaira(naira)} requested.`)
    }
    const bad = await admin.post('admins/withdrawals/', { amount: '25,00' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Amount must be a number of naira, e.g. 25,000')
  })
  it('records a withdrawal up to the balance and lists them newest first', async () => {
    await admin.post('admins/payment-settings/', ACCOUNT)
    const first = await admin.post('admins/withdrawals/', { amount: 20_000 })
    expect(first.status).toBe(201)
    expect(first.body.message).toBe(`Withdrawal of ${formatNaira(20_000)} requested.`)
    expect(typeof first.body.id).toBe('number')
    const second = await admin.post('admins/withdrawals', { amount: '54500' })
    expect(second.status).toBe(201)
    expect((await admin.get('get/balance')).body.balance).toBe(0)

    const list = await admin.get('admins/withdrawals/')
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(2)
    expect(list.body[0]).toMatchObject({
      id: second.body.id,
      amount: 54_500,
      status: 'Pending',
      admin: 'Site Admin',
    })
    expect(list.body[1]).toMatchObject({ id: first.body.id, amount: 20_000 })
    expect(Date.parse(list.body[0].created)).not.toBeNaN()
  })
  it('refuses more than the balance, naming it, and amounts of zero or less', async () => {
    await admin.post('admins/payment-settings/', ACCOUNT)
    const tooMuch = await admin.post('admins/withdrawals', { amount: 74_500.01 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.message).toBe(
      `The amount is more than the available balance of ${formatNaira(74_500)}.`,
    )
    expect(tooMuch.body.message).toContain('₦74,500.00')
    for (const amount of [0, -5, 'abc']) {
      const res = await admin.post('admins/withdrawals', { amount })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/Amount/)
    }
    expect(await t.db.selectFrom('withdrawals').select('id').execute()).toEqual([])
    // A rejected withdrawal gives its money back.
    await admin.post('admins/withdrawals', { amount: 74_500 })
    expect((await admin.post('admins/withdrawals', { amount: 1 })).status).toBe(400)
    await t.db.updateTable('withdrawals').set({ status: 'Rejected' }).execute()
    expect((await admin.post('admins/withdrawals', { amount: 1 })).status).toBe(201)
  })
  it('spends the balance once when several requests for all of it arrive together', async () => {
    await admin.post('admins/payment-settings/', ACCOUNT)
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin.post('admins/withdrawals/', { amount: 74_500 })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400])
    expect((await admin.get('get/balance')).body.balance).toBe(0)
    expect(await t.db.selectFrom('withdrawals').select('amount_kobo').execute()).toEqual([
      { amount_kobo: 7_450_000 },
    ])
  })
  it('is admin-only', async () => {
    await expectAdminOnly('get', 'admins/withdrawals')
    await expectAdminOnly('post', 'admins/withdrawals', { amount: 10 })
  })
})

describe('admins/payment-settings', () => {
  const settings = {
    bank_name: 'Guaranty Trust Bank',
    account_name: 'GreenShield Services Ltd',
    account_number: '0123456789',
    swift_code: 'gtbinglaxxx',
    auto_withdraw: true,
    threshold: 250_000,
  }
  it('answers empty values before anything is saved, then what was saved', async () => {
    const empty = await admin.get('admins/payment-settings/')
    expect(empty.status).toBe(200)
    expect(empty.body).toEqual({
      bank_name: '',
      account_name: '',
      account_number: '',
      swift_code: '',
      auto_withdraw: false,
      threshold: 0,
    })
    const saved = await admin.post('admins/payment-settings/', settings)
    expect(saved.status).toBe(201)
    expect(saved.body.message).toBeTruthy()
    expect((await admin.get('admins/payment-settings')).body).toEqual({
      ...settings,
      swift_code: 'GTBINGLAXXX',
    })
    // Saving again replaces; the SWIFT code is optional.
    const { swift_code: _omitted, ...withoutSwift } = settings
    expect(
      (await admin.post('admins/payment-settings', { ...withoutSwift, auto_withdraw: false })).status,
    ).toBe(201)
    expect((await admin.get('admins/payment-settings')).body).toMatchObject({
      swift_code: '',
      auto_withdraw: false,
    })
  })
  it('answers 400 with a message for a bad account number or missing bank name', async () => {
    const short = await admin.post('admins/payment-settings', { ...settings, account_number: '12345' })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('Account number must be 10 digits (NUBAN)')
    const noBank = await admin.post('admins/payment-settings', { ...settings, bank_name: ' ' })
    expect(noBank.status).toBe(400)
    expect(noBank.body.message).toBe('Bank name is required')
    const badSwift = await admin.post('admins/payment-settings', { ...settings, swift_code: 'ABC' })
    expect(badSwift.status).toBe(400)
    expect(badSwift.body.message).toMatch(/SWIFT/)
  })
  it('is admin-only', async () => {
    await expectAdminOnly('get', 'admins/payment-settings')
    await expectAdminOnly('post', 'admins/payment-settings', settings)
  })
})

describe('withdrawal status', () => {
  it('records the account it goes to; Pending -> Paid with a reference, final after', async () => {
    await admin.post('admins/payment-settings/', ACCOUNT)
    const { id } = (await admin.post('admins/withdrawals/', { amount: 10_000 })).body
    // The account changes later: the request keeps the one it was made to.
    await admin.post('admins/payment-settings/', { ...ACCOUNT, account_number: '9999999999' })
    expect((await admin.post(`admins/withdrawals/${id}/`, { status: 'Paid' })).status).toBe(400)
    const paid = await admin.post(`admins/withdrawals/${id}/`, { status: 'Paid', reference: 'GTB-TRF-001' })
    expect(paid.status).toBe(200)
    expect(paid.body).toEqual({ message: 'Withdrawal marked as paid.', status: 'Paid' })
    const [row] = (await admin.get('admins/withdrawals/')).body
    expect(row).toMatchObject({
      id,
      status: 'Paid',
      reference: 'GTB-TRF-001',
      bank_name: 'GTBank',
      account_number: '0123456789',
      automatic: false,
      updated: expect.any(String),
    })
    expect((await admin.post(`admins/withdrawals/${id}/`, { status: 'Cancelled' })).status).toBe(409)
    expect((await admin.post('admins/withdrawals/999/', { status: 'Cancelled' })).status).toBe(404)
    await expectAdminOnly('post', `admins/withdrawals/${id}/`, { status: 'Cancelled' })
  })

  it('Cancelled gives the money back to the balance', async () => {
    await admin.post('admins/payment-settings/', ACCOUNT)
    const before = (await admin.get('get/balance')).body.balance as number
    const { id } = (await admin.post('admins/withdrawals/', { amount: 10_000 })).body
    expect((await admin.get('get/balance')).body.balance).toBe(before - 10_000)
    const cancelled = await admin.post(`admins/withdrawals/${id}/`, { status: 'Cancelled' })
    expect(cancelled.status).toBe(200)
    expect((await admin.get('get/balance')).body.balance).toBe(before)
  })

  it('automatic withdrawals request the whole balance once it passes the threshold, and tell the admin', async () => {
    const balance = (await admin.get('get/balance')).body.balance as number
    // Below the threshold: nothing happens.
    await admin.post('admins/payment-settings/', { ...ACCOUNT, auto_withdraw: true, threshold: balance + 1 })
    expect((await admin.get('admins/withdrawals/')).body).toHaveLength(0)
    // At or past it (the setting saved, or a payment settling): the whole balance is requested.
    const saved = await admin.post('admins/payment-settings/', {
      ...ACCOUNT,
      auto_withdraw: true,
      threshold: balance,
    })
    expect(saved.body.message).toContain('a withdrawal of it was requested')
    const [auto] = (await admin.get('admins/withdrawals/')).body
    expect(auto).toMatchObject({
      amount: balance,
      status: 'Pending',
      automatic: true,
      admin: '',
      account_number: '0123456789',
    })
    expect((await admin.get('get/balance')).body.balance).toBe(0)
    const { body: note } = await t.db
      .selectFrom('notifications')
      .select('body')
      .where('heading', '=', 'Automatic Withdrawal Requested')
      .executeTakeFirstOrThrow()
    expect(note).toContain(formatNaira(balance))
    // Nothing left to withdraw: saving again requests nothing more.
    await admin.post('admins/payment-settings/', { ...ACCOUNT, auto_withdraw: true, threshold: balance })
    expect((await admin.get('admins/withdrawals/')).body).toHaveLength(1)
  })
})
