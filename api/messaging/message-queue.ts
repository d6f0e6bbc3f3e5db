/**
 * The server's message queue: every email and SMS is a row of table message_queue, written with the event
 * that causes it and delivered afterwards by a MessageSender. (The phone's own queue of unsent writes is the
 * outbox, src/offline/.)
 */
import type { Database, Queryable } from '../db/index.js'
import { affectedRows } from '../db/dialect.js'
import type { Insertable } from 'kysely'
import type { MessageQueue } from '../db/schema.js'
import { choiceFromSwitches, MESSAGE_CHANNELS, type MessageKind } from '../../contract/message-channels.js'
import { SWITCH_COLUMNS, switchesOf, type SwitchColumns } from './choices.js'
import { PermanentSendError, type Channel, type Transports } from './transport.js'
import {
  isTemplateName,
  renderTemplate,
  SENSITIVE_TEMPLATES,
  templateKind,
  type TemplateData,
  type TemplateName,
} from './templates.js'

export interface SendRequest<K extends TemplateName> {
  /** A user id, or every admin. */
  to: number | 'admins'
  template: K
  data: TemplateData[K]
  /**
   * Security messages only (password reset): the one channel the person asked for, whatever their
   * choices say. Every other message follows the recipient's choices for its kind.
   */
  channels?: Channel[]
}

interface Recipient extends SwitchColumns {
  id: number
  email: string
  phone_number: string
}

/**
 * The senders running in this process (one per server), kicked after each queued message so it leaves
 * at once. A kick costs one query, so kicking a sender of another database (tests run several) is harmless.
 * They also say whether WhatsApp can be delivered here: every instance of a deployment shares one
 * configuration, so this instance's sender answers for the message it queues.
 */
const runningSenders = new Set<MessageSender>()
const whatsappReady = () => [...runningSenders].some((s) => s.delivers('whatsapp'))

const NEEDS_PHONE = new Set<Channel>(MESSAGE_CHANNELS.filter((c) => c.needsPhone).map((c) => c.key))
const addressOf = (r: Recipient, channel: Channel) => (NEEDS_PHONE.has(channel) ? r.phone_number : r.email)

/**
 * Which channels a person gets a message of this kind on: their saved choice per channel, else what their
 * notification switches mean (choiceFromSwitches). WhatsApp without a WhatsApp transport goes as an SMS
 * (once, if SMS was chosen too).
 */
function channelsFor(
  r: Recipient,
  kind: MessageKind | 'security',
  saved: ReadonlyMap<Channel, boolean>,
  forced: Channel[] | undefined,
  whatsapp: boolean,
): Channel[] {
  let wanted: Channel[]
  if (kind === 'security') wanted = forced ?? ['email']
  else {
    const switches = switchesOf(r)
    // Push travels with the in-app notification (queuePush, from notify()), not with the email and SMS.
    wanted = MESSAGE_CHANNELS.map((c) => c.key).filter(
      (ch) => ch !== 'push' && (saved.get(ch) ?? choiceFromSwitches(switches, kind, ch)),
    )
    if (!whatsapp && wanted.includes('whatsapp')) {
      wanted = [...new Set(wanted.map((ch): Channel => (ch === 'whatsapp' ? 'sms' : ch)))]
    }
  }
  // No number on the account: nothing to text.
  return wanted.filter((ch) => !!addressOf(r, ch))
}

/**
 * Queues the messages of one event for a user (or every admin) on the channels they chose for its kind,
 * and returns how many were queued. Only writes the message queue, so call it with the transaction of the
 * event that causes it: the message exists exactly when the event does. The sender delivers it right
 * after, retrying failures (a WhatsApp message that fails for good is sent again by SMS); the caller never
 * waits on SMTP or the SMS provider.
 */
export async function sendMessage<K extends TemplateName>(
  deps: { db: Queryable },
  request: SendRequest<K>,
): Promise<number> {
  const { db } = deps
  const kind = templateKind(request.template)
  const recipients: Recipient[] = await db
    .selectFrom('users as u')
    .leftJoin('notification_settings as s', 's.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.phone_number', ...SWITCH_COLUMNS])
    .$if(request.to === 'admins', (q) => q.where('u.role', '=', 'admin'))
    .$if(request.to !== 'admins', (q) => q.where('u.id', '=', request.to as number))
    .orderBy('u.id')
    .execute()
  if (recipients.length === 0) return 0
  const saved = new Map<number, Map<Channel, boolean>>()
  if (kind !== 'security') {
    const rows = await db
      .selectFrom('message_preferences')
      .select(['user_id', 'channel', 'enabled'])
      .where('kind', '=', kind)
      .where(
        'user_id',
        'in',
        recipients.map((r) => r.id),
      )
      .execute()
    for (const row of rows) {
      const cells = saved.get(row.user_id) ?? new Map<Channel, boolean>()
      cells.set(row.channel as Channel, row.enabled === 1)
      saved.set(row.user_id, cells)
    }
  }
  const whatsapp = whatsappReady()
  const data = JSON.stringify(request.data)
  const rows = recipients.flatMap((r) =>
    channelsFor(r, kind, saved.get(r.id) ?? new Map(), request.channels, whatsapp).map((channel) => ({
      user_id: r.id,
      channel,
      recipient: addressOf(r, channel),
      template: request.template,
      data,
      next_attempt_at: 0,
    })),
  )
  await enqueueMessages(db, rows)
  return rows.length
}

/** Writes rows of the message queue (in the caller's transaction) and has this process's senders look soon. */
export async function enqueueMessages(db: Queryable, rows: Insertable<MessageQueue>[]) {
  if (rows.length === 0) return
  await db.insertInto('message_queue').values(rows).execute()
  kickSenders()
}

/** Has this process's senders look at the queue soon: after a write to it, in the caller's transaction. */
export function kickSenders() {
  // Soon after the caller's transaction commits; a message written by another instance waits for the poll.
  for (const sender of runningSenders) setTimeout(sender.kick, KICK_DELAY_MS)
}

/** Long enough for the event's transaction to commit, short enough that the message leaves at once. */
const KICK_DELAY_MS = 50

/** What a MessageSender delivers with, and how it retries. */
export interface SenderOptions {
  db: Database
  transports: Transports
  /** Public origin of the web app (links in messages). */
  appUrl: string
  /** API mount point: report links are paths under it. */
  apiBase: string
  now?: () => number
  /** Attempts in all before a message is marked failed. */
  maxAttempts?: number
  /** Wait before the 2nd attempt; doubled for each further one, at most an hour. */
  retryBaseMs?: number
  log?: (line: string, err?: unknown) => void
}

interface QueuedMessage {
  id: number
  user_id: number | null
  channel: Channel
  recipient: string
  template: string
  data: string
  attempts: number
  next_attempt_at: number
}

const BATCH = 20
/**
 * How long a claimed message is left to its sender before another may take it over (a sender that died
 * mid-send). Far longer than any SMTP or SMS call, so a live sender always finishes first.
 */
const CLAIM_MS = 10 * 60_000
const MAX_BACKOFF_MS = 3600_000
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Delivers the message queue's due rows one at a time; one loop per database, kicked by sendMessage and by a
 * timer.
 */
export class MessageSender {
  private running: Promise<void> | null = null
  private again = false
  private timer: NodeJS.Timeout | null = null
  private stopped = false
  private readonly now: () => number
  private readonly maxAttempts: number
  private readonly retryBaseMs: number
  private readonly log: (line: string, err?: unknown) => void

  constructor(private readonly options: SenderOptions) {
    this.now = options.now ?? Date.now
    this.maxAttempts = options.maxAttempts ?? 6
    this.retryBaseMs = options.retryBaseMs ?? 30_000
    this.log = options.log ?? ((line, err) => console.error(line, err ?? ''))
  }

  /** Whether this sender has a transport for the channel (WhatsApp only when configured). */
  delivers(channel: Channel): boolean {
    return !!this.options.transports[channel]
  }

  /** Runs the loop now (or once more after the running pass); resolves when that pass ends. */
  kick = (): Promise<void> => {
    // A kick scheduled just before shutdown finds the sender stopped: the next start sends it.
    if (this.stopped) return Promise.resolve()
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.again = false
          while (await this.deliverBatch()) {
            // keep going while full batches come back
          }
        } while (this.again && !this.stopped)
      } catch (err) {
        // The database is down (a claimed message is retried once its claim expires): the next pass retries.
        if (!this.stopped) this.log('Message sender pass failed', err)
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  /** Every due message delivered or rescheduled (tests, shutdown). */
  async drain() {
    await this.kick()
  }

  /** Registers for kicks and checks for due retries every intervalMs (unref'd: never keeps the process up). */
  start(intervalMs = 15_000) {
    runningSenders.add(this)
    this.timer = setInterval(() => void this.kick(), intervalMs)
    this.timer.unref()
    void this.kick()
    return this
  }

  /**
   * No further passes; resolves once the pass under way has finished its current message (sent, or put
   * back for a retry), so the database can be closed after it. Messages not yet claimed stay pending for
   * the next start or another instance.
   */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    runningSenders.delete(this)
    // Never rejects: kick's pass catches its own errors.
    await this.running
  }

  /** Sends up to BATCH due messages; true when there may be more. */
  private async deliverBatch(): Promise<boolean> {
    const now = this.now()
    const rows = (await this.options.db
      .selectFrom('message_queue')
      .select(['id', 'user_id', 'channel', 'recipient', 'template', 'data', 'attempts', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH)
      .execute()) as QueuedMessage[]
    for (const row of rows) {
      if (this.stopped) return false
      if (await this.claim(row)) await this.deliver(row)
    }
    return rows.length === BATCH
  }

  /**
   * Takes the message for this sender: one conditional UPDATE that moves its next attempt past the claim
   * window only if it is still pending and as this sender read it. Several instances' senders read the same
   * due rows; exactly one UPDATE matches, so exactly one sends it.
   */
  private async claim(row: QueuedMessage): Promise<boolean> {
    const result = await this.options.db
      .updateTable('message_queue')
      .set({ next_attempt_at: this.now() + CLAIM_MS })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('attempts', '=', row.attempts)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst()
    return affectedRows(result) === 1
  }

  private link = (pathOrUrl: string) => {
    if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl
    if (pathOrUrl.startsWith('/')) return `${this.options.appUrl}${pathOrUrl}`
    // API paths (a service report: staff/jobs/{id}/report) live under the API base.
    return `${this.options.appUrl}${this.options.apiBase}${pathOrUrl}`
  }

  private async deliver(row: QueuedMessage) {
    const { db } = this.options
    const attempts = row.attempts + 1
    if (!isTemplateName(row.template)) {
      await db
        .updateTable('message_queue')
        .set({ status: 'failed', attempts, last_error: `Unknown template ${row.template}` })
        .where('id', '=', row.id)
        .execute()
      return
    }
    let rendered: ReturnType<typeof renderTemplate>
    try {
      rendered = renderTemplate(row.template, JSON.parse(row.data) as never, this.link)
    } catch (err) {
      // Bad data never gets better: no retry.
      await db
        .updateTable('message_queue')
        .set({
          status: 'failed',
          attempts,
          last_error: `Could not write the message: ${String(err)}`.slice(0, 500),
        })
        .where('id', '=', row.id)
        .execute()
      return
    }
    const message = {
      to: row.recipient,
      subject: rendered.subject,
      // WhatsApp carries the short text too: it reads like a chat message, and falls back to SMS as it is.
      text: row.channel === 'email' ? rendered.text : rendered.sms,
      url: rendered.url,
      marketing: templateKind(row.template) === 'marketing',
    }
    const transport = this.options.transports[row.channel]
    if (!transport) {
      // Queued by an instance with WhatsApp configured, delivered by one without (a configuration being
      // changed instance by instance): nothing here can send it, so its SMS goes at once.
      await this.giveUp(row, {
        attempts,
        transport: '',
        last_error: `${row.channel} is not configured on this server`,
      })
      return
    }
    // The reset link or code is a live secret: once handed over it is not kept in the table.
    const sensitive = SENSITIVE_TEMPLATES.has(row.template)
    const kept = sensitive ? '(hidden: it contained a password reset secret)' : message.text
    try {
      await transport.send(message)
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500)
      // A refusal for good skips the retries: a WhatsApp message's SMS fallback goes now; a push with no
      // phone left has nowhere to go. SMS and email retry whatever the error (a 400 for an empty balance
      // gets better once topped up).
      const permanent =
        (row.channel === 'whatsapp' || row.channel === 'push') && err instanceof PermanentSendError
      const giveUp = permanent || attempts >= this.maxAttempts
      const wait = Math.min(this.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS)
      this.log(`Message ${row.id} (${row.template} by ${row.channel}) attempt ${attempts} failed: ${error}`)
      const recorded = {
        transport: transport.name,
        attempts,
        subject: message.subject,
        body: kept,
        last_error: error,
      }
      if (giveUp) {
        // A failed reset message keeps its data while it may still be retried.
        await this.giveUp(row, { ...recorded, ...(sensitive ? { data: '{}' } : {}) })
        return
      }
      await db
        .updateTable('message_queue')
        .set({ ...recorded, status: 'pending', next_attempt_at: this.now() + wait })
        .where('id', '=', row.id)
        .execute()
      return
    }
    // Outside the try above: a failure to record the send is not a failed send (it was delivered). The
    // pass stops on it and the claim keeps the message from being sent again for CLAIM_MS.
    await db
      .updateTable('message_queue')
      .set({
        status: 'sent',
        transport: transport.name,
        attempts,
        subject: message.subject,
        body: kept,
        ...(sensitive ? { data: '{}' } : {}),
        last_error: '',
        sent_at: iso(this.now()),
      })
      .where('id', '=', row.id)
      .execute()
  }

  /**
   * Marks the message failed for good. A WhatsApp message is first queued again as an SMS to the same
   * number, so nothing is lost: fallback_of is UNIQUE, so a failure seen twice (a sender that outlived its
   * claim, a crash between the two writes and the retry after it) still queues one SMS. No transaction: two
   * SQLite connections in one process (the tests' second instance) would wait on each other's lock.
   */
  private async giveUp(
    row: QueuedMessage,
    recorded: {
      attempts: number
      transport: string
      last_error: string
      subject?: string
      body?: string
      data?: string
    },
  ) {
    const { db } = this.options
    if (row.channel === 'whatsapp') {
      await db
        .insertInto('message_queue')
        .values({
          user_id: row.user_id,
          channel: 'sms',
          recipient: row.recipient,
          template: row.template,
          data: row.data,
          next_attempt_at: 0,
          fallback_of: row.id,
        })
        .onConflict((oc) => oc.column('fallback_of').doNothing())
        .execute()
    }
    await db
      .updateTable('message_queue')
      .set({ ...recorded, status: 'failed', next_attempt_at: this.now() })
      .where('id', '=', row.id)
      .execute()
    // The SMS is due now: this pass goes round once more for it.
    if (row.channel === 'whatsapp') this.again = true
  }
}
