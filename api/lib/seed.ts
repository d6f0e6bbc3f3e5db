import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { Database, Queryable } from '../db/index.js'
import type { AppConfig } from '../config.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import { todayIso, BUSINESS_TIME_ZONE } from '../../contract/dates.js'
import { createUser, type NewUser } from './users.js'
import { deliveryAddressLine } from '../../contract/delivery.js'
import { mediaType, type MediaFile } from './images.js'
import {
  seedBookings,
  seedFailedPayment,
  seedJobs,
  seedMessages,
  seedProducts,
  seedServiceKinds,
  seedPurchases,
} from './seed-data.js'

/** The seeded accounts and images (AppConfig.seed, from the environment), and where to report. */
export type SeedOptions = AppConfig['seed'] & { log?: (line: string) => void }

const randomPassword = () => randomBytes(12).toString('base64url')

/**
 * A seeded account; null when its email is taken (another instance seeded first). A password the
 * settings leave out is made up, and printed once as `<label>: <email> / <password><note>`.
 */
async function seedAccount(
  db: Database,
  log: (line: string) => void,
  who: { label: string; password: string | undefined; note?: string },
  user: Omit<NewUser, 'password'>,
) {
  const password = who.password ?? randomPassword()
  const id = await createUser(db, { ...user, password })
  if (id !== null && !who.password) log(`${who.label}: ${user.email} / ${password}${who.note ?? ''}`)
  return id
}

/** Fills an empty database with the demo catalogue, the first admin, a demo customer and sample content. */
export async function seedIfEmpty(db: Database, config: AppConfig, options: SeedOptions): Promise<boolean> {
  const { users } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('users'))
    .executeTakeFirstOrThrow()
  if (Number(users) > 0) return false
  const log = options.log ?? (() => {})

  const adminId = await seedAccount(
    db,
    log,
    {
      label: 'First admin',
      password: options.adminPassword,
      note: ' (printed once; change it in Settings)',
    },
    { fullName: 'Site Admin', email: options.adminEmail, role: 'admin', phone: '+2348000000001' },
  )
  // The first admin's row is the claim: of instances starting together on one empty database, only the
  // one whose insert won seeds (the others' ON CONFLICT DO NOTHING gave them no id).
  if (adminId === null) return false

  const customerId = await seedAccount(
    db,
    log,
    { label: 'Demo customer', password: options.demoPassword },
    {
      fullName: 'Ada Customer',
      email: options.demoEmail,
      role: 'customer',
      phone: '+2348031234567',
      location: '14 Bode Thomas Street',
      city: 'Surulere',
      state: 'Lagos',
    },
  )

  const staffId = options.staffEmail
    ? await seedAccount(
        db,
        log,
        { label: 'Demo technician', password: options.staffPassword },
        { fullName: 'Femi Technician', email: options.staffEmail, role: 'staff', phone: '+2348090001111' },
      )
    : null

  // Read before the transaction: file work has no place inside one.
  const images = readSeedImages(options)
  // Booking dates follow the business calendar (config.now, which tests pin); the sample history's
  // timestamps sit among the rows the database stamps itself, so they follow the wall clock.
  const today = config.now()
  const wallNow = Date.now()
  await db.transaction().execute(async (trx) => {
    // Into the media table, not a folder: every instance serves them, on either engine.
    // An older install's MEDIA_DIR, imported at start, may hold them already.
    if (images.length)
      await trx
        .insertInto('media')
        .values(
          images.map((i) => ({ name: i.name, content_type: i.contentType, bytes: Buffer.from(i.bytes) })),
        )
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
    const productIds = new Map<string, number>()
    for (const p of seedProducts) {
      const { id } = await trx
        .insertInto('products')
        .values({
          name: p.name,
          category: p.category,
          description: p.description,
          image: images.some((i) => i.name === `media/${p.image}`) ? `media/${p.image}` : '',
          price_kobo: toKobo(p.price),
          original_price_kobo: toKobo(p.originalPrice),
          stock: p.stock,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      productIds.set(p.name, id)
    }
    await trx
      .insertInto('service_kinds')
      .values(
        seedServiceKinds.map((k, i) => ({
          service: k.service,
          name: k.name,
          description: k.description,
          price_rule: k.price_rule,
          price_kobo: toKobo(k.price),
          unit: k.unit ?? '',
          position: i,
        })),
      )
      .execute()
    const insertBooking = async (b: {
      user_id: number | null
      full_name: string
      phone_number: string
      location: string
      service: string
      dayOffset: number
      time: string
      info: string
      status: string
    }) => {
      const { dayOffset, ...row } = b
      const date = todayIso(new Date(today + dayOffset * DAY_MS), BUSINESS_TIME_ZONE)
      const { id } = await trx
        .insertInto('bookings')
        .values({ ...row, date })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    }
    for (const [i, b] of seedBookings.entries()) {
      await insertBooking({
        user_id: i === 0 ? customerId : null,
        full_name: b.full_name,
        phone_number: b.phone_number,
        location: b.location,
        service: b.service,
        dayOffset: b.dayOffset,
        time: b.time,
        info: b.info,
        status: b.status,
      })
    }
    if (staffId) {
      for (const j of seedJobs) {
        const bookingId = await insertBooking({
          user_id: j.forCustomer ? customerId : null,
          full_name: j.full_name,
          phone_number: j.phone_number,
          location: j.location,
          service: j.service,
          dayOffset: j.dayOffset,
          time: j.time,
          info: j.info,
          status: 'Confirmed',
        })
        const assignment = await trx
          .insertInto('job_assignments')
          .values({ booking_id: bookingId, staff_id: staffId })
          .returning('id')
          .executeTakeFirstOrThrow()
        await trx
          .insertInto('jobs')
          .values({ booking_id: bookingId, staff_id: staffId, assignment_id: assignment.id })
          .execute()
      }
    }
    for (const [i, m] of seedMessages.entries()) {
      await trx
        .insertInto('messages')
        .values({
          name: m.name,
          email: m.email,
          message: m.message,
          created_at: new Date(wallNow - (i + 1) * 7_200_000).toISOString(),
        })
        .execute()
    }
    if (customerId) await seedPurchaseHistory(trx, customerId, productIds, wallNow)
  })
  log(
    `Seeded ${seedProducts.length} products, ${seedBookings.length} bookings` +
      (staffId ? ` (and ${seedJobs.length} jobs for the technician)` : '') +
      `, ${seedMessages.length} messages ` +
      `and ${seedPurchases.reduce((n, p) => n + p.lines.length, 0)} orders from ${seedPurchases.length} payments ` +
      'for the demo customer.',
  )
  return true
}

/** The demo products' pictures that are bundled (imagesDir), as rows of the media table. */
function readSeedImages(options: SeedOptions): MediaFile[] {
  return seedProducts.flatMap(({ image }) => {
    const source = path.join(options.imagesDir, image)
    if (!fs.existsSync(source)) return []
    return [
      {
        name: `media/${image}`,
        contentType: mediaType(image) ?? 'image/svg+xml',
        bytes: fs.readFileSync(source),
      },
    ]
  })
}

const DAY_MS = 86_400_000

/**
 * The demo customer's payments, the orders they placed (at each stage of delivery) and the notifications
 * they produced, written the way a real checkout writes them (payments.lines as settle.ts reads it).
 */
async function seedPurchaseHistory(
  db: Queryable,
  customerId: number,
  productIds: Map<string, number>,
  now: number,
) {
  const customer = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'phone_number', 'location', 'landmark', 'city', 'state'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow()
  const customerName = [customer.first_name, customer.last_name].filter(Boolean).join(' ')
  const product = async (name: string) => {
    const row = await db
      .selectFrom('products')
      .select(['id', 'name', 'image', 'price_kobo as priceKobo'])
      .where('id', '=', productIds.get(name) ?? 0)
      .executeTakeFirst()
    if (!row) throw new Error(`Seed purchase names an unknown product: ${name}`)
    return row
  }
  const insertPayment = async (p: {
    tx_ref: string
    amount_kobo: number
    status: string
    transaction_id: string
    lines: string
    message: string
    created_at: string
    settled_at: string
  }) => {
    const { id } = await db
      .insertInto('payments')
      .values({ ...p, user_id: customerId, gateway: 'sandbox' })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  }
  const insertNotification = (heading: string, body: string, read: number, created_at: string) =>
    db.insertInto('notifications').values({ user_id: customerId, heading, body, read, created_at }).execute()
  const at = (ms: number) => new Date(ms).toISOString()

  for (const [n, purchase] of seedPurchases.entries()) {
    const paidAt = now - purchase.daysAgo * DAY_MS
    const lines = []
    for (const l of purchase.lines) {
      const p = await product(l.product)
      lines.push({
        productId: p.id,
        name: p.name,
        image: p.image,
        quantity: l.quantity,
        unitPriceKobo: p.priceKobo,
      })
    }
    const amountKobo = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0)
    const paymentId = await insertPayment({
      tx_ref: purchase.txRef,
      amount_kobo: amountKobo,
      status: 'successful',
      transaction_id: String(900_001 + n),
      lines: JSON.stringify(lines),
      message: 'Payment successful. Your order has been placed.',
      created_at: at(paidAt - 120_000),
      settled_at: at(paidAt),
    })
    for (const [i, line] of purchase.lines.entries()) {
      const shippedAt = 'shippedAfterDays' in line ? at(paidAt + line.shippedAfterDays * DAY_MS) : null
      const deliveredAt = 'deliveredAfterDays' in line ? at(paidAt + line.deliveredAfterDays * DAY_MS) : null
      const l = lines[i]!
      await db
        .insertInto('orders')
        .values({
          user_id: customerId,
          payment_id: paymentId,
          product_id: l.productId,
          product_name: l.name,
          product_image: l.image,
          quantity: l.quantity,
          price_kobo: l.unitPriceKobo,
          customer_name: customerName,
          phone_number: customer.phone_number,
          location: deliveryAddressLine({ ...customer, address: customer.location }),
          status: line.status,
          created_at: at(paidAt),
          shipped_at: shippedAt,
          completed_at: deliveredAt,
        })
        .execute()
      if (line.status === 'Shipped' && shippedAt) {
        await insertNotification(
          'Order Shipped',
          `Your order of ${l.quantity} × ${l.name} is on its way.`,
          0,
          shippedAt,
        )
      }
    }
    if (n === seedPurchases.length - 1) {
      await insertNotification(
        'Payment Successful',
        `We received your payment of ${formatNaira(toNaira(amountKobo))}. ` +
          `Your order has been placed (Reference ${purchase.txRef}).`,
        1,
        at(paidAt),
      )
    }
  }

  const failed = await product(seedFailedPayment.product)
  const failedAt = now - seedFailedPayment.daysAgo * DAY_MS - 3 * 3_600_000
  const failedKobo = failed.priceKobo * seedFailedPayment.quantity
  const failedMessage = 'Your payment was not successful. Your cart has been kept, so you can try again.'
  await insertPayment({
    tx_ref: seedFailedPayment.txRef,
    amount_kobo: failedKobo,
    status: 'failed',
    transaction_id: '900100',
    lines: JSON.stringify([
      {
        productId: failed.id,
        name: failed.name,
        image: failed.image,
        quantity: seedFailedPayment.quantity,
        unitPriceKobo: failed.priceKobo,
      },
    ]),
    message: failedMessage,
    created_at: at(failedAt - 60_000),
    settled_at: at(failedAt),
  })
  await insertNotification(
    'Failed Payment',
    `Your payment of ${formatNaira(toNaira(failedKobo))} was not successful. ` +
      'Your cart has been kept, so you can try again.',
    0,
    at(failedAt),
  )
}
