import { randomBytes, timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { verifyBody, type InitiatePaymentAnswer } from '../../contract/payments.js'
import { toNaira } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin } from '../middleware/auth.js'
import { fullName } from '../lib/users.js'
import { validate } from '../middleware/validate.js'
import { stockMessage } from '../lib/catalogue.js'
import { findPayment, verifyAndSettle, type PaymentLine } from '../lib/settle.js'
import { SANDBOX_OUTCOMES, SandboxGateway, type SandboxOutcome } from '../payments/sandbox.js'
import { sandboxDonePage, sandboxMissingPage, sandboxPayPage } from '../payments/sandbox-page.js'

interface PricedCartLine {
  id: number
  name: string
  image: string
  price_kobo: number
  stock: number
  quantity: number
}

/** A reference nobody can guess or reuse: time for humans reading logs, randomness for uniqueness. */
const newTxRef = () => `GS-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex')}`

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return expected.length > 0 && a.length === b.length && timingSafeEqual(a, b)
}

/** The sandbox routes exist only while the sandbox is the configured gateway. */
function sandboxOf(c: Context<AppEnv>): SandboxGateway | null {
  return c.var.gateway instanceof SandboxGateway ? c.var.gateway : null
}

/** A cross-site page may not drive the sandbox form: when the browser names an origin, it must be ours. */
function fromOwnOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin')
  if (origin === undefined) return true
  const allowed = new Set([new URL(c.var.config.appUrl).origin, new URL(c.req.url).origin])
  return allowed.has(origin)
}

export const paymentsRoutes = new Hono<AppEnv>({ strict: false })
  // SPEC: POST api/initiate-payment/ under the API base, hence the doubled "api".
  .post('/api/initiate-payment', requireLogin, async (c) => {
    const { db, gateway, config } = c.var
    const user = currentUser(c)
    // Priced here from today's catalogue: the browser never says what anything costs.
    const cart = db
      .prepare(
        `SELECT p.id, p.name, p.image, p.price_kobo, p.stock, ci.quantity
         FROM cart_items ci JOIN products p ON p.id = ci.product_id
         WHERE ci.user_id = ? ORDER BY ci.added_at, p.id`,
      )
      .all(user.id) as PricedCartLine[]
    if (cart.length === 0) return c.json({ message: 'Your cart is empty.' } satisfies InitiatePaymentAnswer)
    const short = cart.find((l) => l.quantity > l.stock)
    if (short) return c.json({ message: stockMessage(short.name, short.stock) }, 409)

    const lines: PaymentLine[] = cart.map((l) => ({
      productId: l.id,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      unitPriceKobo: l.price_kobo,
    }))
    const amountKobo = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceKobo, 0)
    if (amountKobo <= 0) return c.json({ message: 'Nothing in your cart needs paying for.' }, 400)
    const txRef = newTxRef()
    db.prepare(
      `INSERT INTO payments (tx_ref, user_id, amount_kobo, currency, gateway, lines)
       VALUES (?, ?, ?, 'NGN', ?, ?)`,
    ).run(txRef, user.id, amountKobo, gateway.name, JSON.stringify(lines))

    try {
      const paymentUrl = await gateway.initiate({
        txRef,
        amountKobo,
        currency: 'NGN',
        customer: { email: user.email, name: fullName(user) || user.email, phone: user.phone_number },
        redirectUrl: `${config.appUrl}/confirm/payment`,
      })
      return c.json({ payment_url: paymentUrl } satisfies InitiatePaymentAnswer)
    } catch (err) {
      console.error('Payment initiation failed', err)
      db.prepare(
        `UPDATE payments SET status = 'failed', message = 'The payment provider could not start the payment.'
         WHERE tx_ref = ? AND status = 'pending'`,
      ).run(txRef)
      return c.json({ message: 'We could not start the payment. Please try again shortly.' }, 502)
    }
  })

  .post('/verify', requireLogin, validate('json', verifyBody), async (c) => {
    const { tx_ref, transaction_id } = c.req.valid('json')
    const payment = findPayment(c.var.db, tx_ref)
    // Someone else's reference is answered exactly like an unknown one.
    if (!payment || payment.user_id !== currentUser(c).id) {
      return c.json({ message: 'No such payment.', status: 'failed' }, 404)
    }
    const answer = await verifyAndSettle(
      c.var.db,
      c.var.gateway,
      tx_ref,
      transaction_id === undefined ? undefined : String(transaction_id),
    )
    return c.json(answer.body, answer.httpStatus)
  })

  // Flutterwave's server calls this; the hash proves it is them, and we still ask the API what happened.
  .post('/payments/webhook/flutterwave', async (c) => {
    const { db, gateway, config } = c.var
    if (!sameSecret(c.req.header('verif-hash') ?? '', config.flwSecretHash)) {
      return c.json({ message: 'Invalid webhook signature.' }, 401)
    }
    const event = (await c.req.json().catch(() => null)) as {
      data?: { tx_ref?: unknown; txRef?: unknown; id?: unknown }
    } | null
    const txRef = String(event?.data?.tx_ref ?? event?.data?.txRef ?? '')
    const transactionId = event?.data?.id === undefined ? undefined : String(event.data.id)
    // Not one of ours (or a test ping): acknowledge so the provider stops retrying.
    if (!txRef || !findPayment(db, txRef)) return c.json({ message: 'Ignored.' })
    const answer = await verifyAndSettle(db, gateway, txRef, transactionId)
    // 502 asks the provider to retry later; every other outcome is final.
    if (answer.httpStatus === 502) return c.json({ message: answer.body.message }, 502)
    return c.json({ message: answer.body.message, status: answer.body.status })
  })

  // ---------- the sandbox gateway's hosted page (stands in for Flutterwave's) ----------

  .get('/pay/sandbox/:txRef', (c) => {
    const sandbox = sandboxOf(c)
    const tx = sandbox?.store.find(c.req.param('txRef'))
    if (!sandbox || !tx) return c.html(sandboxMissingPage(), 404)
    c.header('Cache-Control', 'no-store')
    // Not no-referrer: that makes the browser send "Origin: null" with the form, which the origin check refuses.
    c.header('Referrer-Policy', 'same-origin')
    c.header('X-Frame-Options', 'DENY')
    if (tx.status !== 'pending') return c.html(sandboxDonePage(tx, sandbox.redirectFor(tx)))
    return c.html(
      sandboxPayPage({
        tx,
        amountNaira: toNaira(tx.amountKobo),
        action: c.req.path,
        signature: sandbox.formSignature(tx.txRef),
      }),
    )
  })

  .post('/pay/sandbox/:txRef', async (c) => {
    const sandbox = sandboxOf(c)
    const txRef = c.req.param('txRef')
    const tx = sandbox?.store.find(txRef)
    if (!sandbox || !tx) return c.html(sandboxMissingPage(), 404)
    if (!fromOwnOrigin(c)) return c.json({ message: 'This form can only be sent from its own page.' }, 403)
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const signature = typeof form.signature === 'string' ? form.signature : ''
    if (!sandbox.isValidSignature(txRef, signature)) {
      return c.json(
        { message: 'This payment form is invalid or has expired. Open the payment page again.' },
        403,
      )
    }
    const outcome = form.outcome
    if (typeof outcome !== 'string' || !(outcome in SANDBOX_OUTCOMES)) {
      return c.json({ message: 'outcome must be success, decline or cancel' }, 400)
    }
    // A second press (double submit, back button) keeps the first choice and redirects the same way.
    const done = sandbox.store.complete(txRef, SANDBOX_OUTCOMES[outcome as SandboxOutcome])!
    return c.redirect(sandbox.redirectFor(done), 303)
  })
