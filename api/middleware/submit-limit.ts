import type { Context } from 'hono'
import type { AppEnv } from '../types.js'
import { clientAddress, SubmitLimiter, type SubmitAction } from '../lib/rate-limit.js'

/** How each form's submissions are named in the refusal. */
const NOUNS: Record<SubmitAction, string> = {
  message: 'messages',
  register: 'sign-ups',
  newsletter: 'sign-ups',
  booking: 'bookings',
}

/** "45 seconds", "1 minute", "5 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/**
 * Counts one submission of a public form per client address and per account (SUBMIT_LIMIT_PER_ADDRESS /
 * _PER_ACCOUNT) and answers null, or, past either limit, the 429 to send: Retry-After and a message saying
 * how long to wait. `account`: the logged-in user (loggedInAccount) or the email a sign-up is for
 * (emailAccount); null counts the address alone. Call it in the handler, after `idempotent` and
 * `validate`: a replay of an answered request gets its stored answer without being counted, and a request
 * refused as bad costs nothing and is not counted. Admins (booking for callers) are not limited.
 */
export async function tooManySubmissions(
  c: Context<AppEnv>,
  action: SubmitAction,
  account: string | null,
): Promise<Response | null> {
  const { db, config, user } = c.var
  if (user?.role === 'admin') return null
  const limiter = new SubmitLimiter(action, config.submitLimits)
  const address = clientAddress(c, config.trustProxyHops)
  const refused = await limiter.take(db, { address, account }, config.now())
  if (!refused) return null
  const from =
    refused.by === 'address' ? 'from this connection' : user ? 'from this account' : 'for this email address'
  c.header('Retry-After', String(refused.waitSeconds))
  return c.json(
    { message: `Too many ${NOUNS[action]} ${from}. Try again in ${waitText(refused.waitSeconds)}.` },
    429,
  )
}

/** The logged-in caller as a limiter account (null when anonymous). */
export const loggedInAccount = (c: Context<AppEnv>) => (c.var.user ? `user:${c.var.user.id}` : null)

/** A sign-up's email as a limiter account (emails compare without case). */
export const emailAccount = (email: string) => `email:${email.trim().toLowerCase()}`
