import type { AppConfig } from './config.js'
import type { Database, Queryable } from './db/index.js'
import type { Gateway } from './payments/index.js'

export type DbRole = 'admin' | 'staff' | 'customer'

export interface SessionUser {
  id: number
  email: string
  first_name: string
  last_name: string
  phone_number: string
  location: string
  role: DbRole
}

/** Hono environment shared by every router: dependencies and the caller. */
export interface AppEnv {
  Variables: {
    db: Database
    config: AppConfig
    gateway: Gateway
    user: SessionUser | null
    /** Hash of the session cookie, when a valid session exists. */
    sessionId: string | null
    /** Failed-login throttle: its settings; the counts live in the database (rate_limits). */
    loginLimiter: import('./lib/rate-limit.js').AttemptLimiter
    /** Set by the idempotent middleware when the request has an Idempotency-Key (use answerOnce). */
    idempotency?: IdempotentRequest
  }
}

/** The claim of a request with an Idempotency-Key on its key. */
export interface IdempotentRequest {
  /**
   * Stores the answer inside `trx`, the transaction of the writes it answers; throws (rolling them
   * back) when the claim is no longer this request's.
   */
  keep(trx: Queryable, status: number, body: string): Promise<void>
}

export interface AppDeps {
  db: Database
  config: AppConfig
  gateway: Gateway
}
