import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  )

// N=2^15 costs ~50 ms on this class of machine: slow for guessing, fine for a login.
// SCRYPT_N lowers it for the test suite only (vite.config.ts); each hash records its own N, so any mix verifies.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }

/**
 * Sets the cost of new hashes from the validated config (AppConfig.scryptN), once at boot: a process-wide
 * setting, because passwords are hashed far from any request context (seed, sign-up, password change).
 */
export function setScryptCost(n: number) {
  PARAMS.N = n
}
const KEYLEN = 32

/** "scrypt$N$r$p$salt$hash" (base64url), so the cost can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scrypt(password, salt, KEYLEN, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  )
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, saltText, hashText] = stored.split('$')
  if (algo !== 'scrypt' || !saltText || !hashText) return false
  const expected = Buffer.from(hashText, 'base64url')
  const key = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash no password matches, compared against when the account does not exist (same timing). */
let dummyHash: Promise<string> | undefined
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')))
