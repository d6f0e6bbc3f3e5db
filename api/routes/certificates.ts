import { Hono, type Context } from 'hono'
import type { AppEnv } from '../types.js'
import { currentUser, requireLogin, requireRole } from '../middleware/auth.js'
import { bodyOf, parseId, validate } from '../middleware/validate.js'
import { answerOnce, idempotent } from '../middleware/idempotency.js'
import { fail } from '../lib/http-error.js'
import { tell } from '../lib/notify.js'
import { clientAddress, WindowLimiter } from '../lib/rate-limit.js'
import {
  certificateDraft,
  certificateOwner,
  checkCertificate,
  findCertificate,
  issueCertificate,
  listCertificates,
  revokeCertificate,
} from '../lib/certificates.js'
import { CERTIFICATE_PRINT_SCRIPT, renderCertificate } from '../lib/certificate-page.js'
import { CERTIFICATE_CODE_PATTERN, certificateListQuery } from '../../contract/certificates.js'
import { formatDay } from '../../contract/dates.js'
import { pages } from '../../contract/pages.js'

/**
 * Codes that are not ours, per address: past this many in a window the public check answers 429. A real
 * code is found at once, so only someone trying codes at random meets the limit.
 */
export const CERTIFICATE_MISSES_PER_HOUR = 30
const misses = new WindowLimiter('certificate-miss', CERTIFICATE_MISSES_PER_HOUR, 60 * 60_000)

const certificateId = (c: Context<AppEnv>) => parseId(c.req.param('id')) ?? fail(404, 'No such certificate.')

const read = async (c: Context<AppEnv>, id: number) =>
  (await findCertificate(c.var.db, id, c.var.config.now(), c.var.config.appUrl)) ??
  fail(404, 'No such certificate.')

/** admins/certificates/: the office issues, lists and revokes certificates. */
export const adminCertificateRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireRole('admin'), validate('query', certificateListQuery), async (c) =>
    c.json(await listCertificates(c.var.db, c.req.valid('query'), c.var.config.now(), c.var.config.appUrl)),
  )
  .post(
    '/',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/certificates/')),
    async (c) => {
      const body = c.req.valid('json')
      const { config } = c.var
      const admin = currentUser(c)
      return c.var.db.transaction().execute(async (trx) => {
        const { id, customerId } = await issueCertificate(trx, { ...body, issuedBy: admin.id }, config.now())
        const certificate = (await findCertificate(trx, id, config.now(), config.appUrl))!
        const validUntil = formatDay(certificate.validUntil)
        await tell(
          trx,
          customerId,
          {
            heading: `Certificate ${certificate.number}`,
            body: `Your fumigation certificate ${certificate.number} is ready; it is valid until ${validUntil}.`,
            link: { path: pages.documents, label: 'See your documents' },
          },
          {
            template: 'certificate_issued',
            data: {
              number: certificate.number,
              valid_until: validUntil,
              link: pages.documents,
              verify_url: certificate.verifyUrl,
            },
          },
        )
        return answerOnce(c, trx, { message: `Certificate ${certificate.number} issued.`, certificate }, 201)
      })
    },
  )
  .post(
    '/:id/revoke',
    requireRole('admin'),
    idempotent,
    validate('json', bodyOf('POST admins/certificates/{id}/revoke/')),
    async (c) => {
      const id = certificateId(c)
      const { reason } = c.req.valid('json')
      const { config } = c.var
      return c.var.db.transaction().execute(async (trx) => {
        const number = await revokeCertificate(trx, id, currentUser(c).id, reason, config.now())
        const certificate = (await findCertificate(trx, id, config.now(), config.appUrl))!
        return answerOnce(
          c,
          trx,
          { message: `Certificate ${number} revoked: its address now says it is not valid.`, certificate },
          200,
        )
      })
    },
  )

/** admins/bookings/{id}/certificate-draft/: what the issue form starts from for a booking. */
export const certificateDraftRoutes = new Hono<AppEnv>({ strict: false }).get(
  '/:id/certificate-draft',
  requireRole('admin'),
  async (c) => {
    const bookingId = parseId(c.req.param('id')) ?? fail(404, 'No such booking.')
    return c.json(await certificateDraft(c.var.db, bookingId, c.var.config.now(), c.var.config.appUrl))
  },
)

/** certificates/: the customer's own certificates, the printable page, and the public check. */
export const certificateRoutes = new Hono<AppEnv>({ strict: false })
  .get('/', requireLogin, async (c) =>
    c.json(
      await listCertificates(
        c.var.db,
        { customerId: currentUser(c).id },
        c.var.config.now(),
        c.var.config.appUrl,
      ),
    ),
  )
  // Public and the same for everyone: the certificate page's only script.
  .get('/print.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=86400')
    return c.body(CERTIFICATE_PRINT_SCRIPT)
  })
  .get('/verify/:code', async (c) => {
    const { db, config } = c.var
    const key = `ip:${clientAddress(c, config.trustProxyHops)}`
    const wait = await misses.blockedFor(db, key, config.now())
    if (wait)
      fail(429, `Too many certificate codes tried. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
        headers: { 'Retry-After': String(wait) },
      })
    // Typed off paper: case and spaces do not matter.
    const code = (c.req.param('code') ?? '').replace(/\s+/g, '').toLowerCase()
    const found = CERTIFICATE_CODE_PATTERN.test(code)
      ? await checkCertificate(db, code, config.now())
      : undefined
    if (!found) {
      await misses.fail(db, key, config.now())
      fail(404, 'No certificate has this code. Check the address printed on the certificate.')
    }
    c.header('Cache-Control', 'no-store')
    return c.json(found)
  })
  .get('/:id/print', requireLogin, async (c) => {
    const id = certificateId(c)
    const user = currentUser(c)
    const owner = await certificateOwner(c.var.db, id)
    // Another customer's certificate answers as one that does not exist: ids are not probed.
    if (!owner || (user.role !== 'admin' && owner.customer_id !== user.id)) fail(404, 'No such certificate.')
    const html = renderCertificate(await read(c, id), `${c.var.config.apiBase}certificates/print.js`)
    c.header('Cache-Control', 'private, max-age=0, must-revalidate')
    return c.html(html)
  })
