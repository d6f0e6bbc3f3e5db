import { describe, expect, it } from 'vitest'
import { migrate } from '../../api/db'
import { databaseBefore } from './migration-helpers'

/**
 * Migration 015 splits the profile's address. Checkout saved it as one line, and the next checkout's
 * Address box started from that line, so it grew (", Ikeja, Lagos" again at each save). The parts come
 * back from the payment it was saved with; an address typed in the settings stays whole.
 */
describe.each(['sqlite', 'postgres'] as const)('migration 015 on %s', (engine) => {
  it('splits a line checkout saved (grown or not) into its parts; keeps a typed address whole', async () => {
    const opened = await databaseBefore(engine, 15)
    const { db } = opened
    const user = async (email: string, location: string) =>
      (
        await db
          .insertInto('users')
          .values({ email, password_hash: 'x', role: 'customer', location })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    let n = 0
    // A checkout that delivered to `address`, in Ikeja, Lagos unless said otherwise.
    const paid = (userId: number, address: string, { landmark = '', city = 'Ikeja', state = 'Lagos' } = {}) =>
      db
        .insertInto('payments')
        .values({
          tx_ref: `GS-${++n}`,
          user_id: userId,
          amount_kobo: 100,
          gateway: 'sandbox',
          lines: '[]',
          delivery: JSON.stringify({
            name: 'N',
            phone_number: '+2348030000000',
            address,
            landmark,
            city,
            state,
          }),
        })
        .execute()

    const once = await user('once@test.ng', '12 Awolowo Road (Opposite the First Bank), Ikeja, Lagos')
    await paid(once, '12 Awolowo Road', { landmark: 'Opposite the First Bank' })
    const grown = await user('grown@test.ng', '5 Allen Avenue, Ikeja, Lagos, Ikeja, Lagos, Ikeja, Lagos')
    await paid(grown, '5 Allen Avenue')
    await paid(grown, '5 Allen Avenue, Ikeja, Lagos, Ikeja, Lagos')
    const typed = await user('typed@test.ng', 'Flat 3, 9 Adelabu Street, Surulere')
    await paid(typed, 'Somewhere else', { city: 'Yaba' })

    expect(await migrate(opened)).toContain('015_profile_address.sql')
    const rows = await db
      .selectFrom('users')
      .select(['id', 'location', 'landmark', 'city', 'state'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      {
        id: once,
        location: '12 Awolowo Road',
        landmark: 'Opposite the First Bank',
        city: 'Ikeja',
        state: 'Lagos',
      },
      { id: grown, location: '5 Allen Avenue', landmark: '', city: 'Ikeja', state: 'Lagos' },
      { id: typed, location: 'Flat 3, 9 Adelabu Street, Surulere', landmark: '', city: '', state: '' },
    ])
  }, 60_000)
})
