import { sql } from 'kysely'
import type { Service } from '../../contract/bookings.js'
import { toKobo, toNaira } from '../../contract/money.js'
import {
  estimateOf,
  estimateText,
  pluralUnit,
  type Estimate,
  type PriceRule,
  type ServiceKind,
} from '../../contract/services.js'
import type { Queryable } from '../db/index.js'
import type { ServiceKinds } from '../db/schema.js'
import type { Selectable } from 'kysely'
import { fail } from './http-error.js'
import { nowIso } from '../db/dialect.js'

type KindRow = Selectable<ServiceKinds>
type KindValues = Omit<ServiceKind, 'id'>

export const toKind = (r: KindRow): ServiceKind => ({
  id: Number(r.id),
  service: r.service as Service,
  name: r.name,
  description: r.description,
  price_rule: r.price_rule as PriceRule,
  price: toNaira(Number(r.price_kobo)),
  unit: r.unit,
  active: Number(r.active) === 1,
  position: Number(r.position),
})

const ordered = (db: Queryable) =>
  db
    .selectFrom('service_kinds')
    .selectAll()
    // Fumigation before cleaning, as /services and the booking form list them.
    .orderBy(sql`CASE service WHEN 'fumigation' THEN 0 ELSE 1 END`)
    .orderBy('position')
    .orderBy('id')

/** The kinds a customer may choose, in their order. */
export async function activeKinds(db: Queryable): Promise<ServiceKind[]> {
  return (await ordered(db).where('active', '=', 1).execute()).map(toKind)
}

/** Every kind, with how many bookings chose it (the admin's list). */
export async function allKinds(db: Queryable): Promise<(ServiceKind & { bookings: number })[]> {
  const rows = await ordered(db).execute()
  const counts = await db
    .selectFrom('bookings')
    .select(['service_kind_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('service_kind_id', 'is not', null)
    .groupBy('service_kind_id')
    .execute()
  const used = new Map(counts.map((c) => [Number(c.service_kind_id), Number(c.n)]))
  return rows.map((r) => ({ ...toKind(r), bookings: used.get(Number(r.id)) ?? 0 }))
}

export async function findKind(db: Queryable, id: number): Promise<ServiceKind | undefined> {
  const row = await db.selectFrom('service_kinds').selectAll().where('id', '=', id).executeTakeFirst()
  return row && toKind(row)
}

const columns = (k: KindValues) => ({
  service: k.service,
  name: k.name,
  description: k.description,
  price_rule: k.price_rule,
  price_kobo: toKobo(k.price),
  unit: k.unit,
  active: k.active ? 1 : 0,
  position: k.position,
})

/** Two kinds of one service with the same name (any case) would read as one on the booking form. */
async function refuseTakenName(db: Queryable, k: Pick<KindValues, 'service' | 'name'>, exceptId?: number) {
  const taken = await db
    .selectFrom('service_kinds')
    .select('id')
    .where('service', '=', k.service)
    .where(sql<string>`lower(name)`, '=', k.name.toLowerCase())
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
    .executeTakeFirst()
  if (taken) fail(409, `There is already a ${k.service} kind named "${k.name}".`, { field: 'name' })
}

export async function createKind(db: Queryable, k: KindValues): Promise<ServiceKind> {
  await refuseTakenName(db, k)
  const { id } = await db
    .insertInto('service_kinds')
    .values(columns(k))
    .returning('id')
    .executeTakeFirstOrThrow()
  return (await findKind(db, Number(id)))!
}

/**
 * Saves the admin's edit. A kind bookings chose stays under its service (those bookings would otherwise
 * name a kind of the other one); its price may change: their estimates were kept when they booked.
 */
export async function updateKind(db: Queryable, id: number, k: KindValues): Promise<ServiceKind> {
  const current = (await findKind(db, id)) ?? fail(404, 'Service kind not found')
  await refuseTakenName(db, k, id)
  if (current.service !== k.service) {
    const used = await db
      .selectFrom('bookings')
      .select('id')
      .where('service_kind_id', '=', id)
      .executeTakeFirst()
    if (used) {
      fail(
        409,
        `Bookings chose this kind under ${current.service}: add a new kind for ${k.service} instead.`,
        {
          field: 'service',
        },
      )
    }
  }
  await db
    .updateTable('service_kinds')
    .set({ ...columns(k), updated_at: nowIso() })
    .where('id', '=', id)
    .execute()
  return (await findKind(db, id))!
}

/**
 * The kind and units a booking names, checked, and its estimate at today's price; null when the customer
 * chose no kind. Refusals name the field the form shows them on.
 */
export async function bookingEstimate(
  db: Queryable,
  body: { service: Service; service_kind_id?: number | null; units?: number | null },
): Promise<(Estimate & { kindId: number; text: string }) | null> {
  if (body.service_kind_id == null) {
    if (body.units != null) fail(400, 'Choose a kind of service priced per unit first', { field: 'units' })
    return null
  }
  const kind = await findKind(db, body.service_kind_id)
  if (!kind || !kind.active) {
    fail(400, 'That kind of service is no longer offered: choose another', { field: 'service_kind_id' })
  }
  if (kind.service !== body.service) {
    fail(400, `${kind.name} is not a kind of ${body.service}: choose one from the list`, {
      field: 'service_kind_id',
    })
  }
  if (kind.price_rule === 'per_unit' && body.units == null) {
    fail(400, `Enter how many ${pluralUnit(kind.unit)}, from 1 to 999`, { field: 'units' })
  }
  if (kind.price_rule !== 'per_unit' && body.units != null) {
    fail(400, `${kind.name} is not priced per unit: leave the number out`, { field: 'units' })
  }
  const estimate = estimateOf(kind, body.units ?? null)
  return { ...estimate, kindId: kind.id, text: estimateText(estimate, kind.unit) }
}
