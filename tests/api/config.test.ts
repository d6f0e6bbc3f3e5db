import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../api/config'

/** The problems loadConfig reports for this environment (none: []). */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
    return []
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
}

describe('config from the environment', () => {
  it("keeps README's defaults when nothing is set", () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 8080,
      apiPort: 8787,
      spaDir: path.resolve('dist'),
      databasePath: path.resolve('data/app.db'),
      mediaDir: path.resolve('data/media'),
      appUrl: 'http://localhost:8080',
      apiBase: '/api/',
      corsOrigin: '',
      sessionTtlMs: 336 * 3600_000,
      loginMaxAttempts: 10,
      loginWindowMs: 15 * 60_000,
      scryptN: 32768,
      submitLimits: { perAddress: 60, perAccount: 5 },
      flwSecretKey: '',
      flwBaseUrl: 'https://api.flutterwave.com',
      seed: {
        adminEmail: 'admin@example.com',
        adminPassword: undefined,
        demoEmail: 'customer@example.com',
        demoPassword: undefined,
        imagesDir: path.resolve('public/products'),
      },
    })
  })

  it('reads every variable, and treats an empty one as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      API_BASE: 'v1',
      APP_URL: 'https://greenshield.ng/',
      CORS_ORIGIN: 'https://shop.greenshield.ng',
      SESSION_TTL_HOURS: '1.5',
      LOGIN_MAX_ATTEMPTS: '3',
      SCRYPT_N: '4096',
      ADMIN_PASSWORD: 'long-enough',
      FLW_BASE_URL: 'https://flw.test/',
      API_PORT: '',
      ADMIN_EMAIL: ' ',
      SUBMIT_LIMIT_PER_ADDRESS: '200',
      SUBMIT_LIMIT_PER_ACCOUNT: '3',
    })
    expect(config).toMatchObject({
      port: 9000,
      apiPort: 8787,
      apiBase: '/v1/',
      appUrl: 'https://greenshield.ng',
      corsOrigin: 'https://shop.greenshield.ng',
      sessionTtlMs: 1.5 * 3600_000,
      loginMaxAttempts: 3,
      scryptN: 4096,
      submitLimits: { perAddress: 200, perAccount: 3 },
      flwBaseUrl: 'https://flw.test',
      seed: { adminEmail: 'admin@example.com', adminPassword: 'long-enough' },
    })
    expect(loadConfig({ PORT: '9000' }).appUrl).toBe('http://localhost:9000')
  })

  it('refuses bad values with one line per bad variable, instead of running with NaN', () => {
    expect(() => loadConfig({ PORT: 'abc', SCRYPT_N: '7' })).toThrow(ConfigError)
    expect(problems({ PORT: 'abc', SCRYPT_N: '7' })).toEqual([
      'PORT="abc": must be a whole number',
      'SCRYPT_N="7": must be a power of two from 1024 to 32768',
    ])
    expect(
      problems({
        PORT: '70000',
        SCRYPT_N: '5000',
        SESSION_TTL_HOURS: 'two weeks',
        LOGIN_MAX_ATTEMPTS: '0',
        APP_URL: 'greenshield.ng',
        CORS_ORIGIN: 'https://shop.greenshield.ng/app',
        ADMIN_EMAIL: 'admin',
        FLW_BASE_URL: 'ftp://flw',
      }),
    ).toEqual([
      'PORT="70000": must be at most 65535',
      'APP_URL="greenshield.ng": must be an http:// or https:// address',
      'CORS_ORIGIN="https://shop.greenshield.ng/app": must be an origin only, e.g. https://shop.example.ng',
      'SESSION_TTL_HOURS="two weeks": must be a number',
      'LOGIN_MAX_ATTEMPTS="0": must be at least 1',
      'SCRYPT_N="5000": must be a power of two from 1024 to 32768',
      'ADMIN_EMAIL="admin": must be an email address',
      'FLW_BASE_URL="ftp://flw": must be an http:// or https:// address',
    ])
  })

  it('names a bad secret without printing it', () => {
    expect(problems({ ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_PASSWORD=(hidden): must be at least 8 characters',
    ])
  })
})

describe('messaging variables', () => {
  it('defaults to logging both channels, and reads SMTP and Termii settings', () => {
    expect(loadConfig({}).messaging).toEqual({
      smtpUrl: '',
      mailFrom: 'GreenShield <no-reply@greenshield.ng>',
      smsProvider: '',
      termiiApiKey: '',
      termiiSenderId: 'GreenShield',
      termiiBaseUrl: 'https://api.ng.termii.com',
      termiiSmsRoute: 'dnd',
      whatsappProvider: '',
      termiiWhatsappFrom: 'GreenShield',
      maxAttempts: 6,
      retryBaseMs: 30_000,
    })
    const set = loadConfig({
      SMTP_URL: 'smtps://user:pass@smtp.example.ng:465',
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY: 'TL-key',
      TERMII_BASE_URL: 'http://127.0.0.1:9999/',
      MESSAGE_MAX_ATTEMPTS: '3',
      MESSAGE_RETRY_SECONDS: '5',
    }).messaging
    expect(set).toMatchObject({
      smtpUrl: 'smtps://user:pass@smtp.example.ng:465',
      smsProvider: 'termii',
      termiiBaseUrl: 'http://127.0.0.1:9999',
      maxAttempts: 3,
      retryBaseMs: 5000,
    })
  })

  it('refuses a non-SMTP URL, an unknown provider and Termii without a key, hiding the secrets', () => {
    expect(problems({ SMTP_URL: 'http://mail.example.ng', SMS_PROVIDER: 'twilio' })).toEqual([
      'SMTP_URL=(hidden): must be an smtp:// or smtps:// address',
      'SMS_PROVIDER="twilio": must be termii (or empty: SMS is logged)',
    ])
    expect(problems({ SMS_PROVIDER: 'termii' })).toEqual([
      'TERMII_API_KEY=(hidden): must be set when SMS_PROVIDER or WHATSAPP_PROVIDER is termii',
    ])
    expect(problems({ WHATSAPP_PROVIDER: 'termii' })).toEqual([
      'TERMII_API_KEY=(hidden): must be set when SMS_PROVIDER or WHATSAPP_PROVIDER is termii',
    ])
  })

  it('routes transactional SMS on dnd by default; WhatsApp with WHATSAPP_PROVIDER and its device name', () => {
    const termii = { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TL-key' }
    expect(loadConfig(termii).messaging.termiiSmsRoute).toBe('dnd')
    expect(loadConfig({ ...termii, TERMII_SMS_ROUTE: 'generic' }).messaging.termiiSmsRoute).toBe('generic')
    const whatsapp = loadConfig({ ...termii, WHATSAPP_PROVIDER: 'termii', TERMII_WHATSAPP_FROM: 'GS Phone' })
    expect(whatsapp.messaging).toMatchObject({ whatsappProvider: 'termii', termiiWhatsappFrom: 'GS Phone' })
    expect(problems({ WHATSAPP_PROVIDER: 'meta' })).toEqual([
      'WHATSAPP_PROVIDER="meta": must be termii (or empty: WhatsApp choices go by SMS)',
    ])
  })

  it('still reads the old TERMII_CHANNEL as the SMS route, and says what replaced it', () => {
    const termii = { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TL-key' }
    expect(loadConfig({ ...termii, TERMII_CHANNEL: 'generic' }).messaging.termiiSmsRoute).toBe('generic')
    expect(problems({ TERMII_CHANNEL: 'whatsapp' })).toEqual([
      'TERMII_CHANNEL="whatsapp": is now TERMII_SMS_ROUTE (dnd or generic); WhatsApp is WHATSAPP_PROVIDER=termii',
    ])
    expect(problems({ TERMII_CHANNEL: 'generic', TERMII_SMS_ROUTE: 'dnd' })).toEqual([
      'TERMII_CHANNEL="generic": is the old name of TERMII_SMS_ROUTE, which is also set: keep only TERMII_SMS_ROUTE',
    ])
  })
})

describe('starting the server with a bad environment', () => {
  it('stops before opening anything, listing every bad variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
      env: { ...process.env, PORT: 'abc', SCRYPT_N: '7', DATABASE_PATH: '/nonexistent/never-created.db' },
      encoding: 'utf8',
      timeout: 15_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('PORT="abc": must be a whole number')
    expect(run.stderr).toContain('SCRYPT_N="7": must be a power of two from 1024 to 32768')
    expect(run.stdout).not.toContain('Listening')
  })
})
