import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely'
import type { Engine } from '../../index.js'
import { words } from '../words.js'

type Column = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder
type Table = CreateTableBuilder<any, any>

/**
 * The first schema: users, the shop (products, cart, payments, orders, refunds), bookings and their jobs,
 * messages and the admin's settings. Money is whole kobo; timestamps are ISO 8601 UTC text, so code and
 * ordering read the same on both engines. It was written twice before, as SQLite's 001–009 and as
 * PostgreSQL's 001_init.sql (their fold): this builds what each of those built, and is recorded under the
 * same name, 001_init.sql, so a database that ran them runs nothing again.
 *
 * Where the engines differ beyond words.ts: an email is CITEXT on PostgreSQL and TEXT COLLATE NOCASE on
 * SQLite (case-insensitive either way, so `email = ?` reads the same); PostgreSQL defines casefold()
 * (SQLite's is a JavaScript function, api/db/index.ts); the triggers that bump catalogue_version are each
 * engine's own.
 */
export async function up(db: Kysely<any>, engine: Engine) {
  const w = words(engine)
  const sqlite = engine === 'sqlite'

  const required: Column = (c) => c.notNull()
  const initially =
    (value: string | number): Column =>
    (c) =>
      c.notNull().defaultTo(value)
  const blank = initially('')
  const now: Column = (c) => c.notNull().defaultTo(w.nowIso)
  /** Not null, starting as `initial` where given, and held to `condition`. */
  const holds =
    (condition: RawBuilder<unknown>, initial?: string | number): Column =>
    (c) =>
      (initial === undefined ? c.notNull() : c.notNull().defaultTo(initial)).check(condition)
  /** Text that is one of `values`. */
  const oneOf = (column: string, values: string[], initial?: string) =>
    holds(sql`${sql.ref(column)} IN (${sql.join(values.map((v) => sql.lit(v)))})`, initial)
  const cascade =
    (target: string): Column =>
    (c) =>
      c.notNull().references(target).onDelete('cascade')
  const nullOnDelete =
    (target: string): Column =>
    (c) =>
      c.references(target).onDelete('set null')
  /** The id of a table that holds one row (id 1). */
  const singleRow: Column = (c) => c.primaryKey().check(sql`id = 1`)
  const email = sqlite ? 'text' : sql`citext`
  const caseless: Column = (c) => {
    const unique = c.notNull().unique()
    return sqlite ? unique.modifyEnd(sql`COLLATE NOCASE`) : unique
  }
  /** The table's indexes, each [its name after the table's, ...its columns]. */
  const indexes = async (table: string, ...each: [string, ...string[]][]) => {
    for (const [name, ...columns] of each)
      await db.schema.createIndex(`${table}_${name}`).on(table).columns(columns).execute()
  }

  if (!sqlite) {
    await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db)
    await sql`CREATE FUNCTION casefold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower($1) $$`.execute(db)
  }

  await db.schema
    .createTable('users')
    .addColumn('id', w.bigint, w.id())
    .addColumn('email', email, caseless)
    .addColumn('password_hash', 'text', required)
    .addColumn('first_name', 'text', blank)
    .addColumn('last_name', 'text', blank)
    .addColumn('phone_number', 'text', blank)
    .addColumn('location', 'text', blank)
    .addColumn('role', 'text', oneOf('role', ['admin', 'staff', 'customer']))
    .addColumn('created_at', 'text', now)
    .execute()
  await indexes('users', ['role', 'role'])

  // The newsletter's addresses, case-insensitive like the users' emails.
  await db.schema
    .createTable('newsletter_subscribers')
    .addColumn('id', w.bigint, w.id())
    .addColumn('email', email, caseless)
    .addColumn('created_at', 'text', now)
    .execute()

  // id is the SHA-256 of the cookie value, so a leaked database does not leak live sessions.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', w.bigint, cascade('users.id'))
    .addColumn('expires_at', w.bigint, required)
    .addColumn('created_at', w.bigint, required)
    .execute()
  await indexes('sessions', ['user', 'user_id'], ['expiry', 'expires_at'])

  await db.schema
    .createTable('products')
    .addColumn('id', w.bigint, w.id())
    .addColumn('name', 'text', required)
    .addColumn('category', 'text', oneOf('category', ['Pest Control', 'Cleaning', 'Equipment', ''], ''))
    .addColumn('description', 'text', blank)
    .addColumn('image', 'text', blank)
    .addColumn('price_kobo', w.bigint, holds(sql`price_kobo >= 0`))
    .addColumn('original_price_kobo', w.bigint, holds(sql`original_price_kobo >= 0`))
    .addColumn('stock', w.bigint, holds(sql`stock >= 0`, 0))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    // Widths of the WebP copies made beside an uploaded image (e.g. '320,640,1280'); '' for none (SVG
    // seed images, products without an image). See api/lib/images.ts.
    .addColumn('image_widths', 'text', blank)
    .execute()
  await indexes('products', ['category', 'category'])

  await db.schema
    .createTable('cart_items')
    .addColumn('user_id', w.bigint, cascade('users.id'))
    .addColumn('product_id', w.bigint, cascade('products.id'))
    .addColumn('quantity', w.bigint, holds(sql`quantity >= 1`))
    .addColumn('added_at', 'text', now)
    .addPrimaryKeyConstraint('cart_items_pkey', ['user_id', 'product_id'])
    .execute()

  const bookingStatuses = ['Pending', 'Confirmed', 'Completed', 'Cancelled']
  await db.schema
    .createTable('bookings')
    .addColumn('id', w.bigint, w.id())
    .addColumn('user_id', w.bigint, nullOnDelete('users.id'))
    .addColumn('full_name', 'text', required)
    .addColumn('phone_number', 'text', required)
    .addColumn('location', 'text', required)
    .addColumn('service', 'text', oneOf('service', ['fumigation', 'cleaning']))
    .addColumn('date', 'text', required)
    .addColumn('time', 'text', required)
    .addColumn('info', 'text', blank)
    .addColumn('status', 'text', oneOf('status', bookingStatuses, 'Pending'))
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    // Booked outside the working hours: an emergency call-out (response within 2 to 4 hours).
    .addColumn('emergency', w.bigint, initially(0))
    // The admin who booked it for a caller on the phone (NULL: the customer booked it themself).
    .addColumn('booked_by', w.bigint, nullOnDelete('users.id'))
    .execute()
  await indexes('bookings', ['user', 'user_id'], ['status', 'status'], ['date', 'date', 'time'])

  // The contact form's inbox, with read and archived marks.
  await db.schema
    .createTable('messages')
    .addColumn('id', w.bigint, w.id())
    .addColumn('name', 'text', required)
    .addColumn('email', 'text', required)
    .addColumn('message', 'text', required)
    .addColumn('created_at', 'text', now)
    .addColumn('read_at', 'text')
    .addColumn('archived_at', 'text')
    .execute()
  await indexes('messages', ['created', 'created_at'])

  await db.schema
    .createTable('notifications')
    .addColumn('id', w.bigint, w.id())
    .addColumn('user_id', w.bigint, cascade('users.id'))
    .addColumn('heading', 'text', required)
    .addColumn('body', 'text', required)
    .addColumn('read', w.bigint, initially(0))
    .addColumn('created_at', 'text', now)
    .execute()
  await indexes('notifications', ['user', 'user_id', 'created_at'])

  const paymentStatuses = ['pending', 'successful', 'failed', 'cancelled']
  // The business's record of money received: it outlives the customer's account (user_id SET NULL).
  await db.schema
    .createTable('payments')
    .addColumn('id', w.bigint, w.id())
    .addColumn('tx_ref', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', w.bigint, nullOnDelete('users.id'))
    .addColumn('amount_kobo', w.bigint, holds(sql`amount_kobo > 0`))
    .addColumn('currency', 'text', initially('NGN'))
    .addColumn('status', 'text', oneOf('status', paymentStatuses, 'pending'))
    .addColumn('gateway', 'text', required)
    .addColumn('transaction_id', 'text')
    // The cart lines (product id, name, quantity, unit price) priced at initiation.
    .addColumn('lines', 'text', required)
    .addColumn('message', 'text', blank)
    .addColumn('created_at', 'text', now)
    .addColumn('settled_at', 'text')
    // The origin the customer started from (checked against the allow-list at initiation): where the
    // server sends the browser back after the gateway, whatever APP_URL says.
    .addColumn('return_origin', 'text')
    // Where the goods go (JSON: name, phone, address, landmark, city, state), asked at checkout, and the
    // delivery fee added to the amount: NULL when the fee is to be agreed with the customer.
    .addColumn('delivery', 'text')
    .addColumn('delivery_fee_kobo', w.bigint)
    .execute()
  await indexes('payments', ['user', 'user_id'], ['status', 'status'])

  await db.schema
    .createTable('orders')
    .addColumn('id', w.bigint, w.id())
    .addColumn('user_id', w.bigint, nullOnDelete('users.id'))
    .addColumn('payment_id', w.bigint, (c) => c.references('payments.id'))
    .addColumn('product_id', w.bigint, nullOnDelete('products.id'))
    .addColumn('product_name', 'text', required)
    .addColumn('product_image', 'text', blank)
    .addColumn('quantity', w.bigint, holds(sql`quantity >= 1`))
    .addColumn('price_kobo', w.bigint, holds(sql`price_kobo >= 0`))
    .addColumn('customer_name', 'text', blank)
    .addColumn('phone_number', 'text', blank)
    .addColumn('location', 'text', blank)
    .addColumn('status', 'text', oneOf('status', ['Processing', 'Shipped', 'Completed'], 'Processing'))
    .addColumn('created_at', 'text', now)
    .addColumn('shipped_at', 'text')
    .addColumn('completed_at', 'text')
    .execute()
  await indexes(
    'orders',
    ['user', 'user_id', 'created_at'],
    ['status', 'status'],
    ['created', 'created_at'],
    // The orders a payment placed: the admin groups them by it.
    ['payment', 'payment_id'],
  )

  // Stored answers for requests that carried an Idempotency-Key; status NULL while the first one runs.
  // A claim is a lease: one whose request died before it stored an answer expires (lease_until, ms) and
  // can be claimed again.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', required)
    .addColumn('key', 'text', required)
    .addColumn('method', 'text', required)
    .addColumn('path', 'text', required)
    .addColumn('status', w.bigint)
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', now)
    .addColumn('lease_until', w.bigint)
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'key'])
    .execute()

  // The business's payout account.
  await db.schema
    .createTable('payment_settings')
    .addColumn('id', w.bigint, singleRow)
    .addColumn('bank_name', 'text', required)
    .addColumn('account_name', 'text', required)
    .addColumn('account_number', 'text', required)
    .addColumn('swift_code', 'text', blank)
    .addColumn('auto_withdraw', w.bigint, initially(0))
    .addColumn('threshold_kobo', w.bigint, initially(0))
    .addColumn('updated_at', 'text', now)
    .execute()

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', w.bigint, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', w.bigint, initially(1))
    .addColumn('sms', w.bigint, initially(0))
    .addColumn('marketing', w.bigint, initially(0))
    .addColumn('payment', w.bigint, initially(1))
    .execute()

  // The sandbox gateway's own ledger: what its hosted page was asked to charge, what the payer chose and
  // what was refunded. It stands in for the provider's records, so it is kept apart from payments.
  await db.schema
    .createTable('sandbox_transactions')
    .addColumn('id', w.bigint, w.id())
    .addColumn('tx_ref', 'text', (c) => c.notNull().unique())
    .addColumn('amount_kobo', w.bigint, holds(sql`amount_kobo > 0`))
    .addColumn('currency', 'text', required)
    .addColumn('customer_email', 'text', blank)
    .addColumn('customer_name', 'text', blank)
    .addColumn('redirect_url', 'text', required)
    .addColumn('status', 'text', oneOf('status', paymentStatuses, 'pending'))
    .addColumn('created_at', 'text', now)
    .addColumn('completed_at', 'text')
    .addColumn('refunded_kobo', w.bigint, initially(0))
    .addColumn('refunded_at', 'text')
    .execute()

  // Stock held for a payment between "pay" and the gateway's answer, so a customer who cannot get the
  // goods is told before paying. products.stock stays the physical count: a hold counts against it only
  // while status is 'held' and expires_at is in the future, so an expired hold stops counting even
  // before the periodic sweep marks it.
  await db.schema
    .createTable('payment_reservations')
    .addColumn('id', w.bigint, w.id())
    .addColumn('payment_id', w.bigint, cascade('payments.id'))
    .addColumn('product_id', w.bigint, cascade('products.id'))
    .addColumn('quantity', w.bigint, holds(sql`quantity >= 1`))
    .addColumn('status', 'text', oneOf('status', ['held', 'converted', 'released', 'expired'], 'held'))
    .addColumn('expires_at', 'text', required)
    .addColumn('created_at', 'text', now)
    .addColumn('ended_at', 'text')
    .execute()
  await indexes(
    'payment_reservations',
    ['product', 'product_id', 'status', 'expires_at'],
    ['payment', 'payment_id'],
  )

  // Money taken by the gateway that did not become an order, given back through the gateway. status:
  // pending (due), processing (asked the gateway), refunded (accepted), failed (refused; retried by the
  // periodic check, then left to the admin).
  await db.schema
    .createTable('refunds')
    .addColumn('id', w.bigint, w.id())
    .addColumn('payment_id', w.bigint, (c) => c.notNull().unique().references('payments.id'))
    .addColumn('amount_kobo', w.bigint, holds(sql`amount_kobo > 0`))
    .addColumn('transaction_id', 'text', required)
    .addColumn('reason', 'text', required)
    .addColumn('status', 'text', oneOf('status', ['pending', 'processing', 'refunded', 'failed'], 'pending'))
    .addColumn('attempts', w.bigint, initially(0))
    .addColumn('gateway_refund_id', 'text')
    .addColumn('error', 'text', blank)
    .addColumn('created_at', 'text', now)
    .addColumn('updated_at', 'text', now)
    .addColumn('refunded_at', 'text')
    .execute()
  await indexes('refunds', ['status', 'status'], ['created', 'created_at'])

  // Secrets generated on first start (e.g. the CSRF HMAC key), so restarts and several processes over
  // the same database agree without an extra environment variable.
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', required)
    .addColumn('created_at', 'text', now)
    .execute()

  // Field technicians (docs/rules/technicians.md): a job is a booking assigned to a staff user, one row
  // per booking ever assigned (staff_id NULL = unassigned; the booking stays Confirmed).
  const jobStatuses = ['assigned', 'on_my_way', 'arrived', 'started', 'paused', 'completed', 'unable']
  await db.schema
    .createTable('jobs')
    .addColumn('booking_id', w.bigint, (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('staff_id', w.bigint, nullOnDelete('users.id'))
    // The current assignment: events, treatments and photos of an earlier one stay in history.
    .addColumn('assignment_id', w.bigint, required)
    .addColumn('status', 'text', oneOf('status', jobStatuses, 'assigned'))
    .addColumn('updated_at', 'text', now)
    .execute()
  await indexes('jobs', ['staff', 'staff_id'])

  // Every (re)assignment: tells "never yours" (403) from "no longer yours" (409 reassigned).
  await db.schema
    .createTable('job_assignments')
    .addColumn('id', w.bigint, w.id())
    .addColumn('booking_id', w.bigint, cascade('bookings.id'))
    .addColumn('staff_id', w.bigint, nullOnDelete('users.id'))
    .addColumn('assigned_by', w.bigint, nullOnDelete('users.id'))
    .addColumn('assigned_at', 'text', now)
    .execute()
  await indexes('job_assignments', ['booking', 'booking_id', 'staff_id'])

  // What a technician records on a job: the booking, the assignment it was made under and who made it,
  // and both the device's time (occurred_at, taken_at) and the server's (received_at).
  const recordOnJob = (booking: Column) => (table: Table) =>
    table
      .addColumn('booking_id', w.bigint, booking)
      .addColumn('assignment_id', w.bigint, (c) => c.notNull().references('job_assignments.id'))
      .addColumn('staff_id', w.bigint, nullOnDelete('users.id'))
  const timed = (deviceTime: string) => (table: Table) =>
    table.addColumn(deviceTime, 'text', required).addColumn('received_at', 'text', now)
  /**
   * One of the job's logs (events, treatments, photos): rows keyed by `id`, a number or the client's UUID
   * (so a replayed record is recognised and not recorded twice), read by booking and assignment.
   */
  const jobLog = async (
    table: string,
    id: 'number' | 'uuid',
    columns: (table: Table) => Table,
    deviceTime = 'occurred_at',
  ) => {
    await db.schema
      .createTable(table)
      .addColumn('id', id === 'number' ? w.bigint : 'text', id === 'number' ? w.id() : (c) => c.primaryKey())
      .$call(recordOnJob(cascade('bookings.id')))
      .$call(columns)
      .$call(timed(deviceTime))
      .execute()
    await indexes(table, ['booking', 'booking_id', 'assignment_id'])
  }

  const eventTypes = ['on_my_way', 'arrived', 'started', 'paused', 'resumed', 'unable', 'completed']
  await jobLog('job_events', 'number', (t) =>
    t
      .addColumn('type', 'text', oneOf('type', eventTypes))
      .addColumn('note', 'text', blank)
      .addColumn('lat', w.double)
      .addColumn('lng', w.double),
  )
  await jobLog('job_treatments', 'uuid', (t) =>
    t
      .addColumn('product_id', w.bigint, nullOnDelete('products.id'))
      .addColumn('product_name', 'text', required)
      .addColumn('quantity', w.double, holds(sql`quantity > 0`))
      .addColumn('unit', 'text', required)
      .addColumn('target_pest', 'text', required)
      .addColumn('area', 'text', required)
      .addColumn('method', 'text', blank),
  )
  // Photos are private files, served only through staff/jobs/{id}/photos/{photoId}.
  await jobLog(
    'job_photos',
    'uuid',
    (t) =>
      t
        .addColumn('kind', 'text', oneOf('kind', ['before', 'after', 'issue']))
        .addColumn('file', 'text', required)
        .addColumn('bytes', w.bigint, required),
    'taken_at',
  )

  // The completion report: one per booking (a completed job is final).
  await db.schema
    .createTable('job_reports')
    .$call(recordOnJob((c) => c.primaryKey().references('bookings.id').onDelete('cascade')))
    .addColumn('certificate_no', 'text', (c) => c.notNull().unique())
    .addColumn('summary', 'text', required)
    .addColumn('recommendations', 'text', blank)
    .addColumn('signer_name', 'text', required)
    .addColumn('signature', 'text')
    .addColumn('signature_refused_reason', 'text')
    .addColumn('payment_amount_kobo', w.bigint, (c) =>
      c.check(sql`payment_amount_kobo IS NULL OR payment_amount_kobo >= 0`),
    )
    .addColumn('payment_method', 'text', (c) =>
      c.check(sql`payment_method IS NULL OR payment_method IN ('cash', 'transfer', 'pos')`),
    )
    .addColumn('payment_reference', 'text', blank)
    .$call(timed('occurred_at'))
    .execute()

  // Email and SMS (docs/rules/messages.md), written in the transaction of the event that causes them and
  // delivered afterwards by the sender loop. data is the template's input (JSON); subject and body are the
  // rendered text, filled in when delivered. status: pending (due at next_attempt_at), sent (transport
  // names how), failed (gave up after the last attempt; last_error says why).
  await db.schema
    .createTable('messages_outbox')
    .addColumn('id', w.bigint, w.id())
    .addColumn('user_id', w.bigint, nullOnDelete('users.id'))
    .addColumn('channel', 'text', oneOf('channel', ['email', 'sms']))
    .addColumn('recipient', 'text', required)
    .addColumn('template', 'text', required)
    .addColumn('data', 'text', initially('{}'))
    .addColumn('subject', 'text', blank)
    .addColumn('body', 'text', blank)
    .addColumn('status', 'text', oneOf('status', ['pending', 'sent', 'failed'], 'pending'))
    .addColumn('transport', 'text', blank)
    .addColumn('attempts', w.bigint, initially(0))
    .addColumn('last_error', 'text', blank)
    // Milliseconds since the epoch, so the loop's "due" test is one integer comparison.
    .addColumn('next_attempt_at', w.bigint, required)
    .addColumn('created_at', 'text', now)
    .addColumn('sent_at', 'text')
    .execute()
  await indexes('messages_outbox', ['due', 'status', 'next_attempt_at'], ['created', 'created_at'])

  // Forgotten passwords: a link (email) or a 6-digit code (SMS). Only the SHA-256 of the secret is kept;
  // single use (used_at), 30 minutes (expires_at, ms), and a code is voided after a few wrong guesses.
  await db.schema
    .createTable('password_resets')
    .addColumn('id', w.bigint, w.id())
    .addColumn('user_id', w.bigint, cascade('users.id'))
    .addColumn('channel', 'text', oneOf('channel', ['email', 'sms']))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', w.bigint, required)
    .addColumn('failed_attempts', w.bigint, initially(0))
    .addColumn('used_at', 'text')
    .addColumn('created_by', w.bigint, nullOnDelete('users.id'))
    .addColumn('created_at', 'text', now)
    .execute()
  await indexes('password_resets', ['user', 'user_id'])

  // When each admin last opened each list: the sidebar counts what came after.
  await db.schema
    .createTable('admin_list_seen')
    .addColumn('user_id', w.bigint, cascade('users.id'))
    .addColumn('list', 'text', oneOf('list', ['bookings', 'orders', 'messages']))
    .addColumn('seen_at', 'text', required)
    .addPrimaryKeyConstraint('admin_list_seen_pkey', ['user_id', 'list'])
    .execute()

  // The delivery fee per state, set by the admin. A state without a row (or with fee NULL) is "to be
  // agreed": nothing is charged for delivery at checkout and the customer is told so.
  await db.schema
    .createTable('delivery_fees')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('fee_kobo', w.bigint, (c) => c.check(sql`fee_kobo IS NULL OR fee_kobo >= 0`))
    .addColumn('updated_at', 'text', now)
    .execute()

  // Business rules the admin sets: how late a customer may still cancel or move a booking, and the
  // working hours (a booking outside them is an emergency call-out). Days: 0 = Sunday.
  await db.schema
    .createTable('business_settings')
    .addColumn('id', w.bigint, singleRow)
    .addColumn('booking_cutoff_hours', w.bigint, (c) =>
      c
        .notNull()
        .defaultTo(12)
        .check(sql`booking_cutoff_hours BETWEEN 0 AND 168`),
    )
    .addColumn('work_start', 'text', initially('09:00'))
    .addColumn('work_end', 'text', initially('19:00'))
    .addColumn('work_days', 'text', initially('1,2,3,4,5'))
    .execute()

  // Withdrawals the admin follows through: Pending -> Paid (with the bank's reference) or Cancelled (the
  // money is back in the balance), each with the account it goes to as it was when requested.
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', w.bigint, w.id())
    .addColumn('admin_id', w.bigint, nullOnDelete('users.id'))
    .addColumn('amount_kobo', w.bigint, holds(sql`amount_kobo > 0`))
    .addColumn('status', 'text', oneOf('status', ['Pending', 'Paid', 'Rejected', 'Cancelled'], 'Pending'))
    .addColumn('created_at', 'text', now)
    .addColumn('bank_name', 'text', blank)
    .addColumn('account_name', 'text', blank)
    .addColumn('account_number', 'text', blank)
    .addColumn('reference', 'text', blank)
    // Made by the automatic-withdrawal rule (payment_settings.auto_withdraw), not by a person.
    .addColumn('automatic', w.bigint, initially(0))
    .addColumn('updated_at', 'text')
    .execute()
  await indexes('withdrawals', ['created', 'created_at'])

  // The catalogue answer (GET add/products/) is served from memory; this counter tells the server when
  // to rebuild it. Triggers bump it on every write to products, whoever makes it (admin edits, stock
  // taken at settlement, a future writer), so no code path can forget to invalidate.
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', w.bigint, singleRow)
    .addColumn('version', w.bigint, required)
    .execute()

  // The single-row tables start with their row.
  await db.insertInto('business_settings').values({ id: 1 }).execute()
  await db.insertInto('catalogue_version').values({ id: 1, version: 1 }).execute()

  if (sqlite) {
    for (const write of ['insert', 'update', 'delete'])
      await sql`CREATE TRIGGER ${sql.raw(`products_${write}_version`)} AFTER ${sql.raw(write.toUpperCase())} ON products
BEGIN
  UPDATE catalogue_version SET version = version + 1;
END`.execute(db)
  } else {
    await sql`CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1;
  RETURN NULL;
END;
$$`.execute(db)
    await sql`CREATE TRIGGER products_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db)
  }
}
