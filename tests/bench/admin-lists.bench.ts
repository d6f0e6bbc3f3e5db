/**
 * How long the back office's two biggest lists take to answer with 10,000 rows each:
 * GET appointment/ (admin: all bookings) and GET admins/orders/, on a temporary seeded database (TEST_DB
 * picks the engine, as in the tests).
 * Run: npx tsx tests/bench/admin-lists.bench.ts   (prints figures; never fails on a time)
 */
import { ADMIN, Client, makeTestApp } from '../api/helpers'

const N = 10_000
const RUNS = 5

async function main() {
  const ctx = await makeTestApp()
  try {
    const { db } = ctx
    const customer = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'customer')
      .executeTakeFirst()
    const customerId = customer?.id ?? null
    const statuses = ['Pending', 'Confirmed', 'Completed', 'Cancelled']
    const orderStatuses = ['Processing', 'Shipped', 'Completed']
    const day = (i: number) => `2026-03-${String((i % 28) + 1).padStart(2, '0')}`
    const bookings = Array.from({ length: N }, (_, i) => ({
      user_id: customerId,
      full_name: `Customer ${i}`,
      phone_number: '+2348031234567',
      location: 'Lekki, Lagos',
      service: i % 2 ? 'cleaning' : 'fumigation',
      date: day(i),
      time: '10:00',
      info: 'Two-bedroom flat',
      status: statuses[i % 4],
    }))
    const orders = Array.from({ length: N }, (_, i) => ({
      user_id: customerId,
      product_name: `Product ${i % 14}`,
      quantity: 1 + (i % 3),
      price_kobo: 250_000,
      customer_name: `Buyer ${i}`,
      phone_number: '+2348031234567',
      location: 'Ikeja, Lagos',
      status: orderStatuses[i % 3],
      created_at: `${day(i)}T10:00:00.000Z`,
    }))
    await db.transaction().execute(async (trx) => {
      // In chunks: SQLite limits the bound values of one statement.
      for (let i = 0; i < N; i += 500) {
        await trx
          .insertInto('bookings')
          .values(bookings.slice(i, i + 500))
          .execute()
        await trx
          .insertInto('orders')
          .values(orders.slice(i, i + 500))
          .execute()
      }
    })

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
    await ctx.close()
  }
}

await main()
