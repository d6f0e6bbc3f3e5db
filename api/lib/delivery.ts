import { type DeliveryDetails, type DeliveryFee } from '../../contract/delivery.js'
import { NIGERIAN_STATES, type NigerianState } from '../../contract/nigerian-states.js'
import { toKobo, toNaira } from '../../contract/money.js'
import type { Database, Queryable } from '../db/index.js'
import { nowIso } from '../db/dialect.js'
import { splitName } from './users.js'

/** The fee for a state in kobo; null when it is to be agreed (no row, or a row without a fee). */
export async function deliveryFeeKobo(db: Queryable, state: string): Promise<number | null> {
  const row = await db
    .selectFrom('delivery_fees')
    .select('fee_kobo')
    .where('state', '=', state)
    .executeTakeFirst()
  return row?.fee_kobo ?? null
}

/** Every state, in the list's order, with its fee (null = to be agreed). */
export async function listDeliveryFees(db: Queryable): Promise<DeliveryFee[]> {
  const rows = await db.selectFrom('delivery_fees').select(['state', 'fee_kobo']).execute()
  const set = new Map(rows.map((r) => [r.state, r.fee_kobo]))
  return NIGERIAN_STATES.map((state) => {
    const kobo = set.get(state)
    return { state, fee: kobo === undefined || kobo === null ? null : toNaira(kobo) }
  })
}

export async function setDeliveryFees(db: Database, fees: { state: NigerianState; fee: number | null }[]) {
  await db.transaction().execute(async (trx) => {
    for (const f of fees) {
      const fee_kobo = f.fee === null ? null : toKobo(f.fee)
      await trx
        .insertInto('delivery_fees')
        .values({ state: f.state, fee_kobo })
        .onConflict((oc) => oc.column('state').doUpdateSet({ fee_kobo, updated_at: nowIso() }))
        .execute()
    }
  })
}

/**
 * "Save these details to my profile": the name, phone and address become the account's, each part in
 * its own column, so the next checkout shows each in its own box again.
 */
export async function saveDeliveryToProfile(db: Queryable, userId: number, d: DeliveryDetails) {
  const { first_name, last_name } = splitName(d.name)
  await db
    .updateTable('users')
    .set({
      first_name,
      last_name,
      phone_number: d.phone_number,
      location: d.address,
      landmark: d.landmark,
      city: d.city,
      state: d.state,
    })
    .where('id', '=', userId)
    .execute()
}
