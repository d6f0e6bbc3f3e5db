/**
 * How long the back office's two biggest lists take to answer with 10,000 rows each:
 * GET appointment/ (admin: all bookings) and GET admins/orders/, on a temporary seeded SQLite file.
 * Run: npx tsx tests/bench/admin-lists.bench.ts   (prints figures; never fails on a time)
 */
import { ADMIN, Client, makeTestApp } from '../api/helpers'

const N = 10_000
const RUNS = 5

async function main() {
  const ctx = await makeTestApp()
  try {
    const db = ctx.sqlite
    const customerId =
      (db.prepare("SELECT id FROM users WHERE role = 'customer' LIMIT 1").pluck().get() as number) ?? null
    const statuses = ['Pending', 'Confirmed', 'Completed', 'Cancelled']
    const orderStatuses = ['Processing', 'Shipped', 'Completed']
    db.transaction(() => {
      const booking = db.prepare(
        `INSERT INTO bookings (user_id, full_name, phone_number, location, service, date, time, info, status)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      const order = db.prepare(
        `INSERT INTO orders (user_id, product_name, quantity, price_kobo, customer_name, phone_number, location, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      for (let i = 0; i < N; i++) {
        const day = `2026-03-${String((i % 28) + 1).padStart(2, '0')}`
        booking.run(
          customerId,
          `Customer ${i}`,
          '+2348031234567',
          'Lekki, Lagos',
          i % 2 ? 'cleaning' : 'fumigation',
          day,
          '10:00',
          'Two-bedroom flat',
          statuses[i % 4],
        )
        order.run(
          customerId,
          `Product ${i % 14}`,
          1 + (i % 3),
          250_000,
          `Buyer ${i}`,
          '+2348031234567',
          'Ikeja, Lagos',
          orderStatuses[i % 3],
          `${day}T10:00:00.000Z`,
        )
      }
    })()

    const admin = new Client(ctx.app)
    await admin.login(ADMIN)
    for (const path of ['appointment/', 'admins/orders/']) {
      const times: number[] = []
      let rows = 0
      let bytes = 0
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now()
        const res = await admin.get(path)
        times.push(performance.now() - t0)
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text.slice(0, 200)}`)
        rows = res.body.length
        bytes = res.text.length
      }
      times.sort((a, b) => a - b)
      console.log(
        `GET ${path}: ${rows} rows, ${(bytes / 1024).toFixed(0)} KiB; over ${RUNS} runs: best ${times[0].toFixed(1)} ms, ` +
          `median ${times[Math.floor(RUNS / 2)].toFixed(1)} ms, worst ${times[RUNS - 1].toFixed(1)} ms`,
      )
    }
  } finally {
    ctx.close()
  }
}

await main()
