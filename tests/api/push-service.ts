// A push service on localhost, as Chrome's or Firefox's would be for a real phone: it takes the server's
// encrypted, VAPID-signed requests, checks the signature and decrypts the payload with the phone's keys.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decrypt } from 'http_ece'

export interface PushDelivery {
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string }
  ttl: string | undefined
  urgency: string | undefined
  /** The VAPID public key that signed it (the `k` of the Authorization header). */
  signedBy: string
}

interface Phone {
  ecdh: ECDH
  auth: Buffer
  received: PushDelivery[]
  /** What the service answers: 201 while subscribed, 410 once the phone unsubscribed. */
  status: number
}

/** A phone's side: the subscription it would send the app (PushSubscription.toJSON()) and what arrived. */
export interface FakePhone {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  received: PushDelivery[]
  /** The phone removed the app or withdrew permission: the service answers 410 Gone from now on. */
  unsubscribe(): void
  /** The service fails (500) until further notice. */
  breakDown(): void
}

export class FakePushService {
  private server: Server | null = null
  private origin = ''
  private readonly phones = new Map<string, Phone>()
  /** Requests that failed the service's checks (bad signature, undecryptable), with why. */
  readonly rejected: string[] = []

  async start() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const phone = this.phones.get(req.url ?? '')
        if (!phone) return void res.writeHead(404).end()
        if (phone.status !== 201) return void res.writeHead(phone.status).end()
        try {
          const signedBy = checkVapid(String(req.headers.authorization ?? ''), this.origin)
          const plain = decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: phone.ecdh,
            authSecret: phone.auth,
          })
          phone.received.push({
            payload: JSON.parse(plain.toString('utf8')) as PushDelivery['payload'],
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            signedBy,
          })
          res.writeHead(201).end()
        } catch (err) {
          this.rejected.push(String(err))
          res.writeHead(400).end()
        }
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve))
  }

  /** A new browser install: its own key pair and auth secret, as PushManager.subscribe makes them. */
  newPhone(): FakePhone {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    const path = `/push/${randomBytes(8).toString('hex')}`
    const phone: Phone = { ecdh, auth, received: [], status: 201 }
    this.phones.set(path, phone)
    return {
      subscription: {
        endpoint: `${this.origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
      received: phone.received,
      unsubscribe: () => void (phone.status = 410),
      breakDown: () => void (phone.status = 500),
    }
  }
}

/** Checks `vapid t=<JWT>, k=<key>`: an ES256 JWT for this service's origin, signed by key k; returns k. */
function checkVapid(header: string, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header)
  if (!match) throw new Error(`No VAPID authorization: ${header}`)
  const [, jwt, k] = match
  const [head, body, signature] = jwt.split('.')
  const raw = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('The VAPID signature does not verify')
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; sub: string }
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud}, expected ${origin}`)
  return k
}
