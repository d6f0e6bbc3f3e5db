import {
  NIGERIAN_STATES,
  deliveryAddressLine,
  type DeliveryDetails,
  type DeliveryFee,
  type NigerianState,
} from '../../contract/delivery.js'
import { toKobo, toNaira } from '../../contract/money.js'
import type { DB } from '../db/index.js'
import { splitName } from './users.js'

/** The fee for a state in kobo; null when it is to be agreed (no row, or a row without a fee). */
export function deliveryFeeKobo(db: DB, state: string): number | null {
  const fee = db.prepare('SELECT fee_kobo FROM delivery_fees WHERE state = ?').pluck().get(state) as
    number | null | undefined
  return fee ?? null
}

/** Every state, in the list's order, with its fee (null = to be agreed). */
export function listDeliveryFees(db: DB): DeliveryFee[] {
  const set = new Map(
    (
      db.prepare('SELECT state, fee_kobo FROM delivery_fees').all() as {
        state: string
        fee_kobo: number | null
      }[]
    ).map((r) => [r.state, r.fee_kobo]),
  )
  return NIGERIAN_STATES.map((state) => {
    const kobo = set.get(state)
    return { state, fee: kobo === undefined || kobo === null ? null : toNaira(kobo) }
  })
}

export function setDeliveryFees(db: DB, fees: { state: NigerianState; fee: number | null }[]) {
  const put = db.prepare(
    `INSERT INTO delivery_fees (state, fee_kobo) VALUES (?, ?)
     ON CONFLICT (state) DO UPDATE SET fee_kobo = excluded.fee_kobo,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
  )
  db.transaction(() => {
    for (const f of fees) put.run(f.state, f.fee === null ? null : toKobo(f.fee))
  })()
}

/** "Save these details to my profile": the name, phone and address become the account's. */
export function saveDeliveryToProfile(db: DB, userId: number, d: DeliveryDetails) {
  const { first_name, last_name } = splitName(d.name)
  db.prepare(
    'UPDATE users SET first_name = ?, last_name = ?, phone_number = ?, location = ? WHERE id = ?',
  ).run(first_name, last_name, d.phone_number, deliveryAddressLine(d), userId)
}
