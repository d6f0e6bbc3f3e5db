import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { DB } from './index.js'
import type { AppConfig } from '../config.js'
import { formatNaira, toKobo, toNaira } from '../../contract/money.js'
import { todayIso, BUSINESS_TIME_ZONE } from '../../contract/dates.js'
import { createUserSqlite } from '../lib/users.js'
import { mediaType } from '../lib/images.js'
import {
  seedBookings,
  seedFailedPayment,
  seedJobs,
  seedMessages,
  seedProducts,
  seedPurchases,
} from './seed-data.js'

/** The seeded accounts and images (AppConfig.seed, from the environment), and where to report. */
export type SeedOptions = AppConfig['seed'] & { log?: (line: string) => void }

const randomPassword = () => randomBytes(12).toString('base64url')

/** Fills an empty database with the demo catalogue, the first admin, a demo customer and sample content. */
export async function seedIfEmpty(db: DB, _config: AppConfig, options: SeedOptions): Promise<boolean> {
  const users = db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number
  if (users > 0) return false
  const log = options.log ?? (() => {})

  const adminPassword = options.adminPassword ?? randomPassword()
  await createUserSqlite(db, {
    fullName: 'Site Admin',
    email: options.adminEmail,
    password: adminPassword,
    role: 'admin',
    phone: '+2348000000001',
  })
  if (!options.adminPassword)
    log(`First admin: ${options.adminEmail} / ${adminPassword} (printed once; change it in Settings)`)

  const demoPassword = options.demoPassword ?? randomPassword()
  const customerId = await createUserSqlite(db, {
    fullName: 'Ada Customer',
    email: options.demoEmail,
    password: demoPassword,
    role: 'customer',
    phone: '+2348031234567',
    location: '14 Bode Thomas Street, Surulere, Lagos',
  })
  if (!options.demoPassword) log(`Demo customer: ${options.demoEmail} / ${demoPassword}`)

  let staffId: number | null = null
  if (options.staffEmail) {
    const staffPassword = options.staffPassword ?? randomPassword()
    staffId = await createUserSqlite(db, {
      fullName: 'Femi Technician',
      email: options.staffEmail,
      password: staffPassword,
      role: 'staff',
      phone: '+2348090001111',
    })
    if (!options.staffPassword) log(`Demo technician: ${options.staffEmail} / ${staffPassword}`)
  }

  // Into the media table, not a folder: every instance serves them, on either engine.
  const insertImage = db.prepare(
    'INSERT INTO media (name, content_type, bytes) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING',
  )
  const insertProduct = db.prepare(
    `INSERT INTO products (name, category, description, image, price_kobo, original_price_kobo, stock)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertBooking = db.prepare(
    `INSERT INTO bookings (user_id, full_name, phone_number, location, service, date, time, info, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertMessage = db.prepare(
    'INSERT INTO messages (name, email, message, created_at) VALUES (?, ?, ?, ?)',
  )
  const today = Date.now()
  const productIds = new Map<string, number>()
  db.transaction(() => {
    for (const p of seedProducts) {
      const source = path.join(options.imagesDir, p.image)
      let image = ''
      if (fs.existsSync(source)) {
        image = `media/${p.image}`
        insertImage.run(image, mediaType(p.image) ?? 'image/svg+xml', fs.readFileSync(source))
      }
      const { lastInsertRowid } = insertProduct.run(
        p.name,
        p.category,
        p.description,
        image,
        toKobo(p.price),
        toKobo(p.originalPrice),
        p.stock,
      )
      productIds.set(p.name, Number(lastInsertRowid))
    }
    for (const [i, b] of seedBookings.entries()) {
      const date = todayIso(new Date(today + b.dayOffset * 86_400_000), BUSINESS_TIME_ZONE)
      insertBooking.run(
        i === 0 ? customerId : null,
        b.full_name,
        b.phone_number,
        b.location,
        b.service,
        date,
        b.time,
        b.info,
        b.status,
      )
    }
    if (staffId) {
      const insertAssignment = db.prepare('INSERT INTO job_assignments (booking_id, staff_id) VALUES (?, ?)')
      const insertJob = db.prepare('INSERT INTO jobs (booking_id, staff_id, assignment_id) VALUES (?, ?, ?)')
      for (const j of seedJobs) {
        const date = todayIso(new Date(today + j.dayOffset * 86_400_000), BUSINESS_TIME_ZONE)
        const bookingId = Number(
          insertBooking.run(
            j.forCustomer ? customerId : null,
            j.full_name,
            j.phone_number,
            j.location,
            j.service,
            date,
            j.time,
            j.info,
            'Confirmed',
          ).lastInsertRowid,
        )
        const assignment = Number(insertAssignment.run(bookingId, staffId).lastInsertRowid)
        insertJob.run(bookingId, staffId, assignment)
      }
    }
    for (const [i, m] of seedMessages.entries()) {
      insertMessage.run(m.name, m.email, m.message, new Date(today - (i + 1) * 7_200_000).toISOString())
    }
    if (customerId) seedPurchaseHistory(db, customerId, productIds, today)
  })()
  log(
    `Seeded ${seedProducts.length} products, ${seedBookings.length} bookings` +
      (staffId ? ` (and ${seedJobs.length} jobs for the technician)` : '') +
      `, ${seedMessages.length} messages ` +
      `and ${seedPurchases.reduce((n, p) => n + p.lines.length, 0)} orders from ${seedPurchases.length} payments ` +
      'for the demo customer.',
  )
  return true
}

const DAY_MS = 86_400_000

/**
 * The demo customer's payments, the orders they placed (at each stage of delivery) and the notifications
 * they produced, written the way a real checkout writes them (payments.lines as settle.ts reads it).
 */
function seedPurchaseHistory(db: DB, customerId: number, productIds: Map<string, number>, now: number) {
  const customer = db
    .prepare('SELECT first_name, last_name, phone_number, location FROM users WHERE id = ?')
    .get(customerId) as { first_name: string; last_name: string; phone_number: string; location: string }
  const customerName = [customer.first_name, customer.last_name].filter(Boolean).join(' ')
  const findProduct = db.prepare('SELECT id, name, image, price_kobo AS priceKobo FROM products WHERE id = ?')
  const product = (name: string) => {
    const row = findProduct.get(productIds.get(name) ?? 0) as
      { id: number; name: string; image: string; priceKobo: number } | undefined
    if (!row) throw new Error(`Seed purchase names an unknown product: ${name}`)
    return row
  }
  const insertPayment = db.prepare(
    `INSERT INTO payments (tx_ref, user_id, amount_kobo, status, gateway, transaction_id, lines, message,
                           created_at, settled_at)
     VALUES (?, ?, ?, ?, 'sandbox', ?, ?, ?, ?, ?)`,
  )
  const insertOrder = db.prepare(
    `INSERT INTO orders (user_id, payment_id, product_id, product_name, product_image, quantity, price_kobo,
                         customer_name, phone_number, location, status, created_at, shipped_at, completed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertNotification = db.prepare(
    'INSERT INTO notifications (user_id, heading, body, read, created_at) VALUES (?, ?, ?, ?, ?)',
  )
  const at = (ms: number) => new Date(ms).toISOString()

  for (const [n, purchase] of seedPurchases.entries()) {
    const paidAt = now - purchase.daysAgo * DAY_MS
    const lines = purchase.lines.map((l) => {
      const p = product(l.product)
      return {
        productId: p.id,
        name: p.name,
        image: p.image,
        quantity: l.quantity,
        unitPriceKobo: p.priceKobo,
      }
    })
    const amountKobo = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0)
    const paymentId = Number(
      insertPayment.run(
        purchase.txRef,
        customerId,
        amountKobo,
        'successful',
        String(900_001 + n),
        JSON.stringify(lines),
        'Payment successful. Your order has been placed.',
        at(paidAt - 120_000),
        at(paidAt),
      ).lastInsertRowid,
    )
    for (const [i, line] of purchase.lines.entries()) {
      const shippedAt = 'shippedAfterDays' in line ? at(paidAt + line.shippedAfterDays * DAY_MS) : null
      const deliveredAt = 'deliveredAfterDays' in line ? at(paidAt + line.deliveredAfterDays * DAY_MS) : null
      const l = lines[i]!
      insertOrder.run(
        customerId,
        paymentId,
        l.productId,
        l.name,
        l.image,
        l.quantity,
        l.unitPriceKobo,
        customerName,
        customer.phone_number,
        customer.location,
        line.status,
        at(paidAt),
        shippedAt,
        deliveredAt,
      )
      if (line.status === 'Shipped' && shippedAt) {
        insertNotification.run(
          customerId,
          'Order Shipped',
          `Your order of ${l.quantity} × ${l.name} is on its way.`,
          0,
          shippedAt,
        )
      }
    }
    if (n === seedPurchases.length - 1) {
      insertNotification.run(
        customerId,
        'Payment Successful',
        `We received your payment of ${formatNaira(toNaira(amountKobo))}. ` +
          `Your order has been placed (Reference ${purchase.txRef}).`,
        1,
        at(paidAt),
      )
    }
  }

  const failed = product(seedFailedPayment.product)
  const failedAt = now - seedFailedPayment.daysAgo * DAY_MS - 3 * 3_600_000
  const failedKobo = failed.priceKobo * seedFailedPayment.quantity
  const failedMessage = 'Your payment was not successful. Your cart has been kept, so you can try again.'
  insertPayment.run(
    seedFailedPayment.txRef,
    customerId,
    failedKobo,
    'failed',
    '900100',
    JSON.stringify([
      {
        productId: failed.id,
        name: failed.name,
        image: failed.image,
        quantity: seedFailedPayment.quantity,
        unitPriceKobo: failed.priceKobo,
      },
    ]),
    failedMessage,
    at(failedAt - 60_000),
    at(failedAt),
  )
  insertNotification.run(
    customerId,
    'Failed Payment',
    `Your payment of ${formatNaira(toNaira(failedKobo))} was not successful. ` +
      'Your cart has been kept, so you can try again.',
    0,
    at(failedAt),
  )
}
