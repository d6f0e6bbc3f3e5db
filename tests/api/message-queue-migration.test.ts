import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrate, type Database } from '../../api/db'
import { databaseBefore } from './migration-helpers'
import { MessageSender, sendMessage } from '../../api/messaging'
import type { OutgoingMessage } from '../../api/messaging/transport'
import { suiteNow } from './helpers'

/** The customer the queued messages are for (ada@test.ng): the first account of the empty database. */
const aCustomer = async (db: Database) =>
  (
    await db
      .insertInto('users')
      .values({ email: 'ada@test.ng', password_hash: 'x', role: 'customer' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

/**
 * Migration 016 renames the server's email and SMS queue (messages_outbox) to message_queue. A server
 * upgraded while messages wait must still send them, once, and keep the history the admin's "Sent
 * messages" list shows.
 */
describe.each(['sqlite', 'postgres'] as const)('migration 016 on %s', (engine) => {
  it('keeps the queued messages: a waiting one is sent once after the upgrade, a sent one stays sent', async () => {
    const opened = await databaseBefore(engine, 16)
    const { db } = opened
    const customer = await aCustomer(db)
    const receipt = (reference: string) => JSON.stringify({ amount: '₦5,000', reference, items: '1 × Spray' })
    // Written by the server before the upgrade: one already delivered, one waiting for its turn.
    await sql`INSERT INTO messages_outbox (user_id, channel, recipient, template, data, subject, body,
        status, transport, attempts, next_attempt_at, sent_at)
      VALUES (${customer}, 'email', 'ada@test.ng', 'payment_receipt', '{}', 'Payment received', 'Paid GS-1',
        'sent', 'smtp', 1, 0, '2026-11-20T09:00:00.000Z')`.execute(db)
    await sql`INSERT INTO messages_outbox (user_id, channel, recipient, template, data, next_attempt_at)
      VALUES (${customer}, 'email', 'ada@test.ng', 'payment_receipt', ${receipt('GS-2')}, 0)`.execute(db)

    // 016 first; later migrations follow it.
    expect((await migrate(opened))[0]).toBe('016_message_queue.sql')

    const delivered: OutgoingMessage[] = []
    await new MessageSender({
      db,
      transports: {
        email: { name: 'smtp', send: async (m) => void delivered.push(m) },
        sms: { name: 'termii', send: async (m) => void delivered.push(m) },
        push: { name: 'webpush', send: async (m) => void delivered.push(m) },
      },
      appUrl: 'https://greenshield.test',
      apiBase: '/api/',
      now: suiteNow,
      log: () => {},
    }).drain()
    expect(delivered.map((m) => [m.to, m.text.includes('GS-2')])).toEqual([['ada@test.ng', true]])

    // A message queued after the upgrade takes the next id.
    await sendMessage(
      { db },
      { to: customer, template: 'payment_receipt', data: JSON.parse(receipt('GS-3')) },
    )
    const rows = await db
      .selectFrom('message_queue')
      .select(['id', 'status', 'body', 'attempts'])
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.id, r.status, r.attempts])).toEqual([
      [1, 'sent', 1],
      [2, 'sent', 1],
      [3, 'pending', 0],
    ])
    expect(rows[0].body).toBe('Paid GS-1')
    expect(rows[1].body).toContain('GS-2')
  }, 60_000)
})

/**
 * Migration 026 rebuilds message_queue on SQLite (to drop the channel CHECK and add fallback_of): the rows,
 * their ids and the sequence survive, and a WhatsApp row and its SMS fallback can be written after it.
 */
describe.each(['sqlite', 'postgres'] as const)('migration 026 on %s', (engine) => {
  it('keeps the queue and its ids, then takes WhatsApp rows and one fallback per message', async () => {
    const opened = await databaseBefore(engine, 26)
    const { db } = opened
    const customer = await aCustomer(db)
    await sql`INSERT INTO message_queue (user_id, channel, recipient, template, data, status, transport,
        attempts, next_attempt_at, sent_at)
      VALUES (${customer}, 'sms', '+2348031234567', 'booking_confirmed', '{}', 'sent', 'termii', 1, 0,
        '2026-11-20T09:00:00.000Z')`.execute(db)
    expect((await migrate(opened))[0]).toBe('026_message_channels.sql')

    const { id: whatsapp } = await db
      .insertInto('message_queue')
      .values({
        user_id: customer,
        channel: 'whatsapp',
        recipient: '+2348031234567',
        template: 'x',
        next_attempt_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(whatsapp).toBe(2)
    const fallback = () =>
      db
        .insertInto('message_queue')
        .values({
          channel: 'sms',
          recipient: '+2348031234567',
          template: 'x',
          next_attempt_at: 0,
          fallback_of: whatsapp,
        })
        .onConflict((oc) => oc.column('fallback_of').doNothing())
        .execute()
    await fallback()
    await fallback()
    const rows = await db
      .selectFrom('message_queue')
      .select(['id', 'channel', 'status', 'fallback_of'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: 1, channel: 'sms', status: 'sent', fallback_of: null },
      { id: 2, channel: 'whatsapp', status: 'pending', fallback_of: null },
      { id: 3, channel: 'sms', status: 'pending', fallback_of: 2 },
    ])
  }, 60_000)
})
