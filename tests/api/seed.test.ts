import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, countRows } from './helpers'
import { onEachTestApp, t } from './app-per-test'
import { migrate, openDatabase } from '../../api/db/index'
import { seedIfEmpty } from '../../api/lib/seed'

onEachTestApp()

describe('seed, and payments that outlive their customer', () => {
  it('seeds the demo purchase history once: a second start adds nothing', async () => {
    const count = async () => {
      const n = (table: 'payments' | 'orders' | 'notifications') => countRows(t.db, table)
      return `${await n('payments')}/${await n('orders')}/${await n('notifications')}`
    }
    expect(await count()).toBe('3/4/3')
    const headings = (await t.db.selectFrom('notifications').select('heading').execute()).map(
      (r) => r.heading,
    )
    expect(headings).toEqual(expect.arrayContaining(['Payment Successful', 'Failed Payment']))
    const again = await seedIfEmpty(t.db, t.config, {
      adminEmail: ADMIN.email,
      demoEmail: CUSTOMER.email,
      imagesDir: path.resolve('public/products'),
    })
    expect(again).toBe(false)
    expect(await count()).toBe('3/4/3')
  })

  // A payment is the business's record of money received: deleting the customer's account keeps it (and
  // the orders that point at it), with no customer.
  it('keeps a payment and its orders linked when the customer is deleted', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-mig-'))
    const opened = openDatabase(path.join(dir, 'app.db'))
    const db = opened.sqlite!
    try {
      await migrate(opened)
      db.prepare(
        "INSERT INTO users (id, email, password_hash, role) VALUES (7, 'p@test.ng', 'x', 'customer')",
      ).run()
      db.prepare(
        `INSERT INTO payments (id, tx_ref, user_id, amount_kobo, status, gateway, lines)
         VALUES (3, 'OLD-1', 7, 150000, 'successful', 'sandbox', '[]')`,
      ).run()
      db.prepare(
        "INSERT INTO orders (user_id, payment_id, product_name, quantity, price_kobo) VALUES (7, 3, 'Gel', 1, 150000)",
      ).run()

      expect(db.prepare('SELECT payment_id FROM orders').pluck().get()).toBe(3)
      db.prepare('DELETE FROM users WHERE id = 7').run()
      expect(db.prepare('SELECT id, user_id, amount_kobo FROM payments').all()).toEqual([
        { id: 3, user_id: null, amount_kobo: 150000 },
      ])
      expect(db.pragma('foreign_key_check')).toEqual([])
    } finally {
      await opened.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('seed: the demo technician', () => {
  it('creates a staff account with jobs today and tomorrow when STAFF_EMAIL is set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-seed-'))
    const opened = openDatabase(path.join(dir, 'app.db'))
    const { db } = opened
    try {
      await migrate(opened)
      const lines: string[] = []
      await seedIfEmpty(
        db,
        { ...t.config, mediaDir: path.join(dir, 'media') },
        {
          adminEmail: 'a@test.ng',
          demoEmail: 'c@test.ng',
          staffEmail: 'field@test.ng',
          imagesDir: path.resolve('public/products'),
          log: (l) => lines.push(l),
        },
      )
      expect(lines.find((l) => l.startsWith('Demo technician: field@test.ng / '))).toBeTruthy()
      const jobs = await db
        .selectFrom('jobs as j')
        .innerJoin('bookings as b', 'b.id', 'j.booking_id')
        .innerJoin('users as u', 'u.id', 'j.staff_id')
        .select(['b.status', 'j.status as job_status', 'u.role'])
        .execute()
      expect(jobs).toHaveLength(4)
      expect(jobs).toContainEqual({ status: 'Confirmed', job_status: 'assigned', role: 'staff' })
    } finally {
      await opened.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
