import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Database } from '../db/index.js'
import { fail } from './http-error.js'
import { serverSecret } from './server-secret.js'

/**
 * Links that open one document without logging in (a quote to accept, an invoice to pay, a booking to
 * confirm): `<kind>.<id>.<expiry in seconds>.<HMAC>`. The HMAC covers all three, so a link opens only the
 * document it was made for, only until it expires, and cannot be forged without the server's key.
 */
export type LinkKind = 'quote' | 'invoice' | 'booking' | 'rating'

const TOKEN_SHAPE = /^(quote|invoice|booking|rating)\.(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url')

/** A token for one document, valid until `expiresAtMs`. */
export async function signLink(
  db: Database,
  kind: LinkKind,
  id: number,
  expiresAtMs: number,
): Promise<string> {
  const payload = `${kind}.${id}.${Math.floor(expiresAtMs / 1000)}`
  return `${payload}.${mac(await serverSecret(db, 'links'), payload)}`
}

/** A link that was never ours, is for another document, or opens one that is not shown (a draft). */
export function invalidLink(): never {
  return fail(404, 'This link is not valid. Check it was copied whole, or ask us for a new one.')
}

/**
 * The document id a token opens, or a refusal a person understands: 404 for a link that was never ours or
 * is for another kind of document, 410 for one that expired (the sender can send a fresh one).
 */
export async function readLink(db: Database, kind: LinkKind, token: string, nowMs: number): Promise<number> {
  const match = TOKEN_SHAPE.exec(token)
  if (!match || match[1] !== kind) invalidLink()
  const [, , id, expires, given] = match!
  const expected = mac(await serverSecret(db, 'links'), `${kind}.${id}.${expires}`)
  if (!timingSafeEqual(Buffer.from(given), Buffer.from(expected))) invalidLink()
  if (Number(expires) * 1000 <= nowMs) fail(410, 'This link has expired. Ask us and we will send a new one.')
  return Number(id)
}
