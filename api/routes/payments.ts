import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { initiatePaymentBody, verifyBody, type InitiatePaymentAnswer } from '../../contract/payments.js'
import { deliveryFeeKobo, saveDeliveryToProfile } from '../lib/delivery.js'
import { toNaira } from '../../contract/money.js'
import { pages } from '../../contract/pages.js'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { fullName } from '../lib/users.js'
import { optionalJson, validate } from '../middleware/validate.js'
import { stockMessage } from '../lib/catalogue.js'
import { cartLines } from '../lib/cart.js'
import {
  SANDBOX_OUTCOMES,
  SandboxGateway,
  abandonPayment,
  findPayment,
  gatewayReturnUrl,
  newTxRef,
  openPayment,
  originOf,
  paymentDetail,
  refundLateCharge,
  refundsForAdmin,
  releaseHold,
  returnOriginOf,
  sandboxDonePage,
  sandboxMissingPage,
  sandboxPayPage,
  verifyAndSettle,
  type PaymentLine,
  type SandboxOutcome,
} from '../payments/index.js'

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
  return allowed.has(origin) || originOf(origin)?.replace(/^https?:\/\//, '') === c.req.header('Host')
}

export const paymentsRoutes = new Hono<AppEnv>({ strict: false })
  // The original client posts api/initiate-payment/ under the API base, hence the doubled "api".
  .post('/api/initiate-payment', requireLogin, async (c) => {
    const { db, gateway, config } = c.var
    const user = currentUser(c)
    const parsed = initiatePaymentBody.safeParse(await optionalJson(c))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return c.json({ message: issue?.message ?? 'Invalid request', field: issue?.path.join('.') }, 400)
    }
    const delivery = parsed.data?.delivery ?? null
    // Priced here from today's catalogue: the browser never says what anything costs.
    const cart = await cartLines(db, user.id)
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
    if (lines.every((l) => l.unitPriceKobo === 0)) {
      return c.json({ message: 'Nothing in your cart needs paying for.' }, 400)
    }
    const returnOrigin = returnOriginOf(c)
    // Stock is held before the customer is sent to pay: one who cannot get it is told now, not charged.
    const opened = await openPayment(
      db,
      {
        userId: user.id,
        lines,
        gateway: gateway.name,
        returnOrigin,
        now: config.now(),
        holdMinutes: config.reservationMinutes,
        delivery,
        // The fee for the state when the admin set one; "to be agreed" adds nothing (agreed with the customer later).
        deliveryFeeKobo: delivery ? await deliveryFeeKobo(db, delivery.state) : null,
      },
      newTxRef(),
    )
    if (!opened.ok) return c.json({ message: opened.message }, 409)
    if (delivery && parsed.data?.save_to_profile) await saveDeliveryToProfile(db, user.id, delivery)
    const { txRef, amountKobo } = opened

    try {
      const paymentUrl = await gateway.initiate({
        txRef,
        amountKobo,
        currency: 'NGN',
        customer: {
          email: user.email,
          name: delivery?.name || fullName(user) || user.email,
          phone: delivery?.phone_number ?? user.phone_number,
        },
        redirectUrl: gatewayReturnUrl(c, returnOrigin),
      })
      return c.json({ payment_url: paymentUrl } satisfies InitiatePaymentAnswer)
    } catch (err) {
      console.error('Payment initiation failed', err)
      await abandonPayment(db, txRef, config.now())
      return c.json({ message: 'We could not start the payment. Please try again shortly.' }, 502)
    }
  })

  .post('/verify', requireLogin, validate('json', verifyBody), async (c) => {
    const { tx_ref, transaction_id } = c.req.valid('json')
    const payment = await findPayment(c.var.db, tx_ref)
    // Someone else's reference is answered exactly like an unknown one.
    if (!payment || payment.user_id !== currentUser(c).id) {
      return c.json({ message: 'No such payment.', status: 'failed' }, 404)
    }
    const { db, gateway, config } = c.var
    const answer = await verifyAndSettle(
      db,
      gateway,
      tx_ref,
      transaction_id === undefined ? undefined : String(transaction_id),
      config.now,
    )
    // The provider has no charge and the payer says they cancelled: the stock goes back to the shelf
    // (the payment stays open, so a charge that still arrives is settled or refunded).
    if (c.req.valid('json').status === 'cancelled' && answer.body.status === 'cancelled') {
      await releaseHold(db, tx_ref, config.now())
    }
    return c.json(answer.body, answer.httpStatus)
  })

  /**
   * The gateway sends the browser here (no session needed): the server asks the gateway by tx_ref,
   * settles, then sends the browser on to /confirm/payment (an invoice's payment: the invoice's page) on
   * the origin the customer started from, recorded at initiation, never taken from this request.
   */
  .get('/pay/return', async (c) => {
    const { db, gateway, config } = c.var
    const txRef = c.req.query('tx_ref') ?? ''
    const transactionId = c.req.query('transaction_id')
    const payment = txRef ? await findPayment(db, txRef) : undefined
    let status = 'failed'
    if (payment) {
      const answer = await verifyAndSettle(db, gateway, txRef, transactionId, config.now)
      status = answer.body.status
      if (c.req.query('status') === 'cancelled' && status === 'cancelled')
        await releaseHold(db, txRef, config.now())
    }
    // An invoice's payment goes back to the page it was paid from, which shows the outcome.
    const target = new URL(
      payment?.return_path ?? pages.confirmPayment,
      payment?.return_origin ?? config.appUrl,
    )
    target.searchParams.set('status', status)
    if (txRef) target.searchParams.set('tx_ref', txRef)
    if (transactionId) target.searchParams.set('transaction_id', transactionId)
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(target.toString(), 303)
  })

  // The confirmation page reads the outcome here (after a login if the session had expired).
  .get('/payments/:txRef', requireLogin, async (c) => {
    const payment = await findPayment(c.var.db, c.req.param('txRef'))
    if (!payment || payment.user_id !== currentUser(c).id) return c.json({ message: 'No such payment.' }, 404)
    return c.json(await paymentDetail(c.var.db, payment, c.var.config.now()))
  })

  .get('/admins/refunds', requireRole('admin'), async (c) => c.json(await refundsForAdmin(c.var.db)))

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
    const payment = txRef ? await findPayment(db, txRef) : undefined
    if (!payment) return c.json({ message: 'Ignored.' })
    if (payment.status === 'failed' || payment.status === 'cancelled') {
      // A charge for a payment we already closed (a retry after a declined card) is given back.
      try {
        await refundLateCharge(db, gateway, txRef, transactionId, config.now)
      } catch (err) {
        console.error('Late charge check failed', err)
        return c.json({ message: 'We could not reach the payment provider.' }, 502)
      }
    }
    const answer = await verifyAndSettle(db, gateway, txRef, transactionId, config.now)
    // 502 asks the provider to retry later; every other outcome is final.
    if (answer.httpStatus === 502) return c.json({ message: answer.body.message }, 502)
    return c.json({ message: answer.body.message, status: answer.body.status })
  })

  // ---------- the sandbox gateway's hosted page (stands in for Flutterwave's) ----------

  .get('/pay/sandbox/:txRef', async (c) => {
    const sandbox = sandboxOf(c)
    const tx = await sandbox?.store.find(c.req.param('txRef'))
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
    const tx = await sandbox?.store.find(txRef)
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
    const done = (await sandbox.store.complete(txRef, SANDBOX_OUTCOMES[outcome as SandboxOutcome]))!
    return c.redirect(sandbox.redirectFor(done), 303)
  })
