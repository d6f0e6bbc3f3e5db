import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import type { DB } from './index.js'
import type { AppConfig } from '../config.js'
import { toKobo } from '../../contract/money.js'
import { todayIso, BUSINESS_TIME_ZONE } from '../../contract/dates.js'
import { createUser } from '../lib/users.js'
import { seedBookings, seedMessages, seedProducts } from './seed-data.js'

export interface SeedOptions {
  adminEmail: string
  adminPassword?: string
  demoEmail: string
  demoPassword?: string
  /** Folder holding the catalogue images (public/products). */
  imagesDir: string
  log?: (line: string) => void
}

export function seedOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): SeedOptions {
  return {
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoEmail: env.DEMO_CUSTOMER_EMAIL ?? 'customer@example.com',
    demoPassword: env.DEMO_CUSTOMER_PASSWORD || undefined,
    imagesDir: path.resolve(env.SEED_IMAGES_DIR ?? 'public/products'),
    log: console.log,
  }
}

const randomPassword = () => randomBytes(12).toString('base64url')

/** Fills an empty database with the demo catalogue, the first admin, a demo customer and sample content. */
export async function seedIfEmpty(db: DB, config: AppConfig, options: SeedOptions): Promise<boolean> {
  const users = db.prepare('SELECT COUNT(*) FROM users').pluck().get() as number
  if (users > 0) return false
  const log = options.log ?? (() => {})

  const adminPassword = options.adminPassword ?? randomPassword()
  await createUser(db, {
    fullName: 'Site Admin',
    email: options.adminEmail,
    password: adminPassword,
    role: 'admin',
    phone: '+2348000000001',
  })
  if (!options.adminPassword)
    log(`First admin: ${options.adminEmail} / ${adminPassword} (printed once; change it in Settings)`)

  const demoPassword = options.demoPassword ?? randomPassword()
  const customerId = await createUser(db, {
    fullName: 'Ada Customer',
    email: options.demoEmail,
    password: demoPassword,
    role: 'customer',
    phone: '+2348031234567',
    location: '14 Bode Thomas Street, Surulere, Lagos',
  })
  if (!options.demoPassword) log(`Demo customer: ${options.demoEmail} / ${demoPassword}`)

  fs.mkdirSync(config.mediaDir, { recursive: true })
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
  db.transaction(() => {
    for (const p of seedProducts) {
      const source = path.join(options.imagesDir, p.image)
      let image = ''
      if (fs.existsSync(source)) {
        fs.copyFileSync(source, path.join(config.mediaDir, p.image))
        image = `media/${p.image}`
      }
      insertProduct.run(
        p.name,
        p.category,
        p.description,
        image,
        toKobo(p.price),
        toKobo(p.originalPrice),
        p.stock,
      )
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
    for (const [i, m] of seedMessages.entries()) {
      insertMessage.run(m.name, m.email, m.message, new Date(today - (i + 1) * 7_200_000).toISOString())
    }
  })()
  log(
    `Seeded ${seedProducts.length} products, ${seedBookings.length} bookings and ${seedMessages.length} messages.`,
  )
  return true
}
