import path from 'node:path'
import { z } from 'zod'
import { PASSWORD_MIN } from '../contract/fields.js'
import { DEFAULT_JOB_MINUTES } from '../contract/job-status.js'

/** Everything the server reads from the environment, parsed once with its defaults (README lists them). */
export interface AppConfig {
  /** Port of the production server (server.ts). */
  port: number
  /** Port of the API alone in development (dev.ts; Vite proxies /api to it). */
  apiPort: number
  /** Built web app served next to the API by server.ts. */
  spaDir: string
  /** SQLite file; its folder is created. Used when databaseUrl is empty. */
  databasePath: string
  /** postgres://… selects PostgreSQL (several instances may share it); empty = the SQLite file. */
  databaseUrl: string
  /** Connections each instance keeps to PostgreSQL. */
  databasePoolSize: number
  /** Where uploaded product images are written. */
  mediaDir: string
  /** Public origin of the web app, used for payment redirects (no trailing slash). */
  appUrl: string
  /** Mount point of the API, with leading and trailing slash. */
  apiBase: string
  /** Allowed cross-origin caller when the SPA lives on another host; empty = same origin only. */
  corsOrigin: string
  sessionTtlMs: number
  /** Failed logins allowed per account per window (then 429 until the window ends). */
  loginMaxAttempts: number
  loginWindowMs: number
  /** Largest product image accepted, in bytes. */
  maxUploadBytes: number
  /** scrypt cost of new password hashes. */
  scryptN: number
  flwSecretKey: string
  flwSecretHash: string
  flwBaseUrl: string
  /** Other origins the app is served from (LAN address, 127.0.0.1): payment returns may go back there. */
  publicOrigins: string[]
  /** How long stock stays held for a payment that has not been answered yet. */
  reservationMinutes: number
  /** Email and SMS (api/messaging): each channel goes to the server log when not configured. */
  messaging: {
    /** nodemailer URL, e.g. smtps://user:pass@smtp.example.ng:465; empty = email is logged. */
    smtpUrl: string
    mailFrom: string
    /** 'termii', or '' = SMS is logged. */
    smsProvider: '' | 'termii'
    termiiApiKey: string
    termiiSenderId: string
    termiiBaseUrl: string
    /**
     * Termii's route for transactional SMS (every kind but marketing): 'dnd' reaches numbers on
     * Do-Not-Disturb (Termii activates it per account); marketing always takes 'generic'.
     */
    termiiSmsRoute: 'dnd' | 'generic'
    /** 'termii': WhatsApp through Termii's "whatsapp" channel; '' = a WhatsApp choice is sent by SMS. */
    whatsappProvider: '' | 'termii'
    /** The WhatsApp device name Termii gave the account (its `from` for WhatsApp). */
    termiiWhatsappFrom: string
    /** Attempts in all before a message is marked failed. */
    maxAttempts: number
    /** Wait before the second attempt; doubled for each further one (at most an hour). */
    retryBaseMs: number
  }
  /**
   * Web push's VAPID identity (docs/rules/messages.md, "Push notifications"). Empty keys: generated on the
   * first start and kept in the database (server_secrets), so every instance signs alike.
   */
  push: { publicKey: string; privateKey: string; subject: string }
  /** Length of a technician's job: their jobs on one day must start at least this far apart. */
  jobMinutes: number
  /** HH:MM, Lagos time: when the day-before reminders of visits start going out (never before 08:00 or after 20:00). */
  reminderTime: string
  /** The clock (milliseconds); tests move it to expire reservations. */
  now: () => number
  /** The accounts and images the first start seeds an empty database with. */
  seed: {
    adminEmail: string
    /** Unset: a random password, printed once. */
    adminPassword?: string
    demoEmail: string
    demoPassword?: string
    /** The demo technician, assigned a few of the demo bookings; unset: no technician is seeded. */
    staffEmail?: string
    staffPassword?: string
    /** Folder holding the catalogue images (public/products). */
    imagesDir: string
  }
  /** Largest JSON / form body accepted, in bytes (MAX_JSON_KB, default 64). */
  maxJsonBytes: number
  /**
   * Reverse proxies in front of the server (TRUST_PROXY: unset/false = 0, true = 1, or a number). Only
   * then are X-Forwarded-For (client address, N entries from the right) and X-Forwarded-Proto believed.
   */
  trustProxyHops: number
  /** Failed logins per IP per window before delays start (LOGIN_IP_FREE_ATTEMPTS, default 50). */
  loginIpFreeAttempts: number
  /** Longest delay between tries from one IP past that (LOGIN_IP_MAX_DELAY_SECONDS, default 300). */
  loginIpMaxDelayMs: number
  /**
   * How often one client may send each public form (contact message, sign-up, newsletter, booking):
   * per address per hour (SUBMIT_LIMIT_PER_ADDRESS: many phones share one carrier address, so generous)
   * and per account or email per minute (SUBMIT_LIMIT_PER_ACCOUNT). Counted in the database (rate_limits).
   */
  submitLimits: { perAddress: number; perAccount: number }
  /** HMAC key of CSRF tokens (CSRF_SECRET); empty = generated once and kept in the database. */
  csrfSecret: string
  /** Origin of the API when the web app was built to call another host (VITE_API_BASE absolute); '' = same origin. */
  apiOrigin: string
}

/** An unset and an empty variable both mean "use the default" (`PORT= npm start` is not port 0). */
const unsetIfEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value
const variable = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema)

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
const positiveNumber = z
  .string()
  .trim()
  .transform(Number)
  .pipe(z.number({ error: 'must be a number' }).positive('must be more than 0'))
const port = wholeNumber(1, 65535)
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
/** A key in base64url (as `npx web-push generate-vapid-keys` prints it) of exactly `bytes` bytes. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
      message: `must be ${what} in base64url (${bytes} bytes)`,
    })
const email = z.email({ error: 'must be an email address' })
const seedPassword = z.string().min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
const folder = z.string().transform((p) => path.resolve(p))

// Each hash records its N, so any mix verifies; 2^15 (~50 ms) is the ceiling the 64 MB scrypt memory limit allows.
const SCRYPT_N_MIN = 1024
const SCRYPT_N_MAX = 32768
const scryptCost = z
  .string()
  .trim()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .refine(
    (n) => n >= SCRYPT_N_MIN && n <= SCRYPT_N_MAX && (n & (n - 1)) === 0,
    `must be a power of two from ${SCRYPT_N_MIN} to ${SCRYPT_N_MAX}`,
  )

/** One schema for every variable the server reads; README's "Environment variables" table documents it. */
export const envSchema = z
  .object({
    PORT: variable(port.default(8080)),
    API_PORT: variable(port.default(8787)),
    SPA_DIR: variable(folder.default(path.resolve('dist'))),
    DATABASE_PATH: variable(folder.default(path.resolve('./data/app.db'))),
    DATABASE_URL: variable(
      z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// URL (leave it unset for SQLite)')
        .default(''),
    ),
    DATABASE_POOL_SIZE: variable(wholeNumber(1, 200).default(10)),
    MEDIA_DIR: variable(folder.default(path.resolve('./data/media'))),
    APP_URL: variable(httpUrl.optional()),
    API_BASE: variable(z.string().default('/api/')),
    CORS_ORIGIN: variable(
      httpUrl
        .refine((url) => new URL(url).origin === url, 'must be an origin only, e.g. https://shop.example.ng')
        .default(''),
    ),
    SESSION_TTL_HOURS: variable(positiveNumber.default(24 * 14)),
    LOGIN_MAX_ATTEMPTS: variable(wholeNumber(1, 1_000_000).default(10)),
    LOGIN_WINDOW_MINUTES: variable(positiveNumber.default(15)),
    SCRYPT_N: variable(scryptCost.default(32768)),
    ADMIN_EMAIL: variable(email.default('admin@example.com')),
    ADMIN_PASSWORD: variable(seedPassword.optional()),
    DEMO_CUSTOMER_EMAIL: variable(email.default('customer@example.com')),
    DEMO_CUSTOMER_PASSWORD: variable(seedPassword.optional()),
    STAFF_EMAIL: variable(email.default('staff@example.com')),
    STAFF_PASSWORD: variable(seedPassword.optional()),
    SEED_IMAGES_DIR: variable(folder.default(path.resolve('public/products'))),
    FLW_SECRET_KEY: variable(z.string().default('')),
    FLW_SECRET_HASH: variable(z.string().default('')),
    FLW_BASE_URL: variable(httpUrl.default('https://api.flutterwave.com')),
    PUBLIC_ORIGINS: variable(
      z
        .string()
        .default('')
        .transform((list) =>
          list
            .split(',')
            .map((o) => o.trim().replace(/\/+$/, ''))
            .filter(Boolean),
        )
        .pipe(z.array(httpUrl)),
    ),
    RESERVATION_MINUTES: variable(positiveNumber.default(30)),
    JOB_MINUTES: variable(wholeNumber(1, 24 * 60).default(DEFAULT_JOB_MINUTES)),
    REMINDER_TIME: variable(
      z
        .string()
        .regex(/^(0[89]|1\d):[0-5]\d$/, 'must be a time from 08:00 to 19:59, e.g. 09:00')
        .default('09:00'),
    ),
    SMTP_URL: variable(
      z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).default(''),
    ),
    MAIL_FROM: variable(z.string().default('GreenShield <no-reply@greenshield.ng>')),
    SMS_PROVIDER: variable(
      z.enum(['termii'], { error: 'must be termii (or empty: SMS is logged)' }).optional(),
    ),
    TERMII_API_KEY: variable(z.string().default('')),
    TERMII_SENDER_ID: variable(z.string().max(11, 'must be at most 11 characters').default('GreenShield')),
    TERMII_BASE_URL: variable(httpUrl.default('https://api.ng.termii.com')),
    TERMII_SMS_ROUTE: variable(z.enum(['dnd', 'generic'], { error: 'must be dnd or generic' }).optional()),
    // The old name of TERMII_SMS_ROUTE (it was one route for every SMS): still read, never with the new one.
    TERMII_CHANNEL: variable(
      z
        .enum(['dnd', 'generic'], {
          error: 'is now TERMII_SMS_ROUTE (dnd or generic); WhatsApp is WHATSAPP_PROVIDER=termii',
        })
        .optional(),
    ),
    WHATSAPP_PROVIDER: variable(
      z.enum(['termii'], { error: 'must be termii (or empty: WhatsApp choices go by SMS)' }).optional(),
    ),
    TERMII_WHATSAPP_FROM: variable(z.string().trim().max(60, 'must be at most 60 characters').optional()),
    VAPID_PUBLIC_KEY: variable(base64url(65, 'an uncompressed P-256 public key').default('')),
    VAPID_PRIVATE_KEY: variable(base64url(32, 'a P-256 private key').default('')),
    VAPID_SUBJECT: variable(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')
        .default('mailto:info@greenshield.ng'),
    ),
    MESSAGE_MAX_ATTEMPTS: variable(wholeNumber(1, 100).default(6)),
    MESSAGE_RETRY_SECONDS: variable(positiveNumber.default(30)),
    MAX_JSON_KB: variable(wholeNumber(1, 10_240).default(64)),
    // Reverse proxies in front: unset/false = 0, true = 1, or their number.
    TRUST_PROXY: variable(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(true|false|\d+)$/, 'must be true, false or the number of proxies')
        .transform((v) => (v === 'true' ? 1 : v === 'false' ? 0 : Number(v)))
        .default(0),
    ),
    LOGIN_IP_FREE_ATTEMPTS: variable(wholeNumber(1, 1_000_000).default(50)),
    LOGIN_IP_MAX_DELAY_SECONDS: variable(wholeNumber(1, 86_400).default(300)),
    SUBMIT_LIMIT_PER_ADDRESS: variable(wholeNumber(1, 1_000_000).default(60)),
    SUBMIT_LIMIT_PER_ACCOUNT: variable(wholeNumber(1, 1_000_000).default(5)),
    CSRF_SECRET: variable(z.string().min(32, 'must be at least 32 characters').default('')),
    // Build-time: an absolute API address means another origin, which the CSP must allow.
    VITE_API_BASE: variable(z.string().default('/api/')),
  })
  .refine((e) => (e.VAPID_PUBLIC_KEY === '') === (e.VAPID_PRIVATE_KEY === ''), {
    message: 'must be set together with VAPID_PUBLIC_KEY (or both left empty: the server makes a pair)',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine(
    (e) => (e.SMS_PROVIDER !== 'termii' && e.WHATSAPP_PROVIDER !== 'termii') || e.TERMII_API_KEY !== '',
    {
      message: 'must be set when SMS_PROVIDER or WHATSAPP_PROVIDER is termii',
      path: ['TERMII_API_KEY'],
    },
  )
  .refine((e) => !e.TERMII_CHANNEL || !e.TERMII_SMS_ROUTE || e.TERMII_CHANNEL === e.TERMII_SMS_ROUTE, {
    message: 'is the old name of TERMII_SMS_ROUTE, which is also set: keep only TERMII_SMS_ROUTE',
    path: ['TERMII_CHANNEL'],
  })

const SECRETS = new Set([
  'ADMIN_PASSWORD',
  'DEMO_CUSTOMER_PASSWORD',
  'STAFF_PASSWORD',
  'FLW_SECRET_KEY',
  'FLW_SECRET_HASH',
  'CSRF_SECRET',
  'SMTP_URL',
  // A URL with the database password in it.
  'DATABASE_URL',
  'TERMII_API_KEY',
  'VAPID_PRIVATE_KEY',
])

/** The environment did not parse: `problems` has one readable line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment; throws ConfigError listing every bad variable, not just the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    // The first problem of each variable is enough to fix it.
    const byVariable = new Map<string, string>()
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0])
      // A secret's value stays out of the logs.
      const shown = SECRETS.has(name) ? '(hidden)' : JSON.stringify(env[name] ?? '')
      if (!byVariable.has(name)) byVariable.set(name, `${name}=${shown}: ${issue.message}`)
    }
    throw new ConfigError([...byVariable.values()])
  }
  const e = parsed.data
  return {
    port: e.PORT,
    apiPort: e.API_PORT,
    spaDir: e.SPA_DIR,
    databasePath: e.DATABASE_PATH,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mediaDir: e.MEDIA_DIR,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    apiBase: normaliseBase(e.API_BASE),
    corsOrigin: e.CORS_ORIGIN,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    loginMaxAttempts: e.LOGIN_MAX_ATTEMPTS,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    maxUploadBytes: 5 * 1024 * 1024,
    scryptN: e.SCRYPT_N,
    flwSecretKey: e.FLW_SECRET_KEY,
    flwSecretHash: e.FLW_SECRET_HASH,
    flwBaseUrl: e.FLW_BASE_URL.replace(/\/+$/, ''),
    seed: {
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      demoEmail: e.DEMO_CUSTOMER_EMAIL,
      demoPassword: e.DEMO_CUSTOMER_PASSWORD,
      staffEmail: e.STAFF_EMAIL,
      staffPassword: e.STAFF_PASSWORD,
      imagesDir: e.SEED_IMAGES_DIR,
    },
    publicOrigins: e.PUBLIC_ORIGINS,
    reservationMinutes: e.RESERVATION_MINUTES,
    messaging: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      smsProvider: e.SMS_PROVIDER ?? '',
      termiiApiKey: e.TERMII_API_KEY,
      termiiSenderId: e.TERMII_SENDER_ID,
      termiiBaseUrl: e.TERMII_BASE_URL.replace(/\/+$/, ''),
      termiiSmsRoute: e.TERMII_SMS_ROUTE ?? e.TERMII_CHANNEL ?? 'dnd',
      whatsappProvider: e.WHATSAPP_PROVIDER ?? '',
      termiiWhatsappFrom: e.TERMII_WHATSAPP_FROM ?? e.TERMII_SENDER_ID,
      maxAttempts: e.MESSAGE_MAX_ATTEMPTS,
      retryBaseMs: e.MESSAGE_RETRY_SECONDS * 1000,
    },
    push: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    jobMinutes: e.JOB_MINUTES,
    reminderTime: e.REMINDER_TIME,
    now: Date.now,
    maxJsonBytes: e.MAX_JSON_KB * 1024,
    trustProxyHops: e.TRUST_PROXY,
    loginIpFreeAttempts: e.LOGIN_IP_FREE_ATTEMPTS,
    loginIpMaxDelayMs: e.LOGIN_IP_MAX_DELAY_SECONDS * 1000,
    submitLimits: { perAddress: e.SUBMIT_LIMIT_PER_ADDRESS, perAccount: e.SUBMIT_LIMIT_PER_ACCOUNT },
    csrfSecret: e.CSRF_SECRET,
    apiOrigin: /^https?:\/\//i.test(e.VITE_API_BASE) ? new URL(e.VITE_API_BASE).origin : '',
  }
}

/** For the entry points: a bad environment stops the process with the list, instead of running with NaN. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    console.error(`${err.message}\nFix these variables (README: "Environment variables") and start again.`)
    process.exit(1)
  }
}

function normaliseBase(base: string): string {
  return ('/' + base.replace(/^\/+|\/+$/g, '') + '/').replace(/^\/\/$/, '/')
}
