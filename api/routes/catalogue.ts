import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { productFormBody } from '../../contract/catalogue.js'
import { toKobo } from '../../contract/money.js'
import { affectedRows, nowIso } from '../db/dialect.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { parseId } from '../middleware/validate.js'
import { findProduct, toProduct } from '../lib/catalogue.js'
import { catalogueAnswer, catalogueWritten } from '../lib/catalogue-cache.js'
import {
  ImageRejected,
  dropUnusedImage,
  mediaType,
  readMedia,
  storeUploadedImage,
  type StoredImage,
} from '../lib/images.js'
import { readForm, textFields, uploadLimit } from '../lib/uploads.js'
import { fail } from '../lib/http-error.js'

function notFound(): never {
  return fail(404, 'Product not found')
}

/** The uploaded image decoded, cleaned and stored with its WebP copies; null when no file was chosen. */
async function saveUploadedImage(c: Context<AppEnv>, image: unknown): Promise<StoredImage | null> {
  // A browser sends an empty file part when the file input was left blank.
  if (!(image instanceof File) || image.size === 0) return null
  if (image.size > c.var.config.maxUploadBytes) throw new HTTPException(413)
  try {
    return await storeUploadedImage(c.var.db, new Uint8Array(await image.arrayBuffer()))
  } catch (err) {
    if (err instanceof ImageRejected) fail(400, err.message, { field: 'image' })
    throw err
  }
}

/** The form's text fields checked by the contract's schema (a multipart body, so not by validate()). */
function parseProductForm(fields: Record<string, unknown>) {
  const result = productFormBody.safeParse(fields)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  return fail(400, issue?.message ?? 'Invalid product', { field: issue?.path.join('.') })
}

/** Edits keep every field the form left out; a new image replaces the old one. */
async function updateProduct(c: Context<AppEnv>) {
  const { db } = c.var
  const id = parseId(c.req.param('id'))
  const existing = (id && (await findProduct(db, id))) || notFound()
  const body = await readForm(c)
  const current = toProduct(existing)
  const form = parseProductForm({
    name: current.name,
    category: current.category,
    description: current.description,
    price: current.price,
    originalPrice: current.originalPrice,
    stock: current.stock,
    activeIngredient: existing.active_ingredient,
    registrationNo: existing.registration_no,
    ...textFields(body),
  })
  // Encoded and stored before the UPDATE, outside any transaction (sharp is slow).
  const image = await saveUploadedImage(c, body.image)
  const updated = await db
    .updateTable('products')
    .set({
      name: form.name,
      category: form.category,
      description: form.description,
      image: image?.image ?? existing.image,
      image_widths: image ? image.widths.join(',') : existing.image_widths,
      price_kobo: toKobo(form.price),
      original_price_kobo: toKobo(form.originalPrice ?? current.originalPrice),
      stock: form.stock,
      active_ingredient: form.activeIngredient,
      registration_no: form.registrationNo,
      updated_at: nowIso(),
    })
    .where('id', '=', existing.id)
    .executeTakeFirst()
  catalogueWritten(db)
  // Deleted while the upload was being encoded: the new picture has nothing to show it.
  if (!affectedRows(updated)) {
    if (image) await dropUnusedImage(db, image.image, image.widths.join(','))
    notFound()
  }
  // The old picture goes unless an order (or another product) still shows it.
  if (image) await dropUnusedImage(db, existing.image, existing.image_widths)
  return c.json(toProduct((await findProduct(db, existing.id))!), 201)
}

async function getProduct(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const row = (id && (await findProduct(c.var.db, id))) || notFound()
  return c.json(toProduct(row))
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 says for GET). */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.slice(2)))

/** add/products/ and add/produts/{id}/ (mounted at add/). */
export const catalogueRoutes = new Hono<AppEnv>({ strict: false })
  // The same for everyone: from memory, 304 when the browser's copy is current, precompressed bytes.
  .get('/products', async (c) => {
    const answer = await catalogueAnswer(c.var.db)
    c.header('ETag', answer.etag)
    // Stored, but checked with the server each time (a 304 costs a few bytes): edits show at once.
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Accept-Encoding')
    if (matches(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304)
    const accepts = c.req.header('Accept-Encoding') ?? ''
    const [body, encoding] = /\bbr\b/.test(accepts)
      ? [answer.br, 'br']
      : /\bgzip\b/.test(accepts)
        ? [answer.gzip, 'gzip']
        : [answer.json, null]
    if (encoding) c.header('Content-Encoding', encoding)
    c.header('Content-Type', 'application/json')
    return c.body(body)
  })

  .post('/products', requireRole('admin'), uploadLimit, async (c) => {
    const body = await readForm(c)
    const form = parseProductForm(textFields(body))
    const image = await saveUploadedImage(c, body.image)
    const { id } = await c.var.db
      .insertInto('products')
      .values({
        name: form.name,
        category: form.category,
        description: form.description,
        image: image?.image ?? '',
        image_widths: image?.widths.join(',') ?? '',
        price_kobo: toKobo(form.price),
        original_price_kobo: toKobo(form.originalPrice ?? form.price),
        stock: form.stock,
        active_ingredient: form.activeIngredient,
        registration_no: form.registrationNo,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    catalogueWritten(c.var.db)
    return c.json(toProduct((await findProduct(c.var.db, id))!), 201)
  })

  // The original client spells the edit path "produts"; the correct spelling is an alias.
  .post('/produts/:id', requireRole('admin'), uploadLimit, updateProduct)
  .post('/products/:id', requireRole('admin'), uploadLimit, updateProduct)
  .get('/produts/:id', getProduct)
  .get('/products/:id', getProduct)

/** DELETE admins/delete/{id}/product/ (admin; dispatched by routes/deletions.ts). */
export async function deleteProduct(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  if (!id) notFound()
  // Cart lines go with the product (cascade); orders keep their copy of the name and image, and with
  // it the picture's bytes (dropUnusedImage keeps what an order or payment names).
  const deleted = await c.var.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('products')
      .where('id', '=', id)
      .returning(['image', 'image_widths'])
      .executeTakeFirst()
    if (row) await dropUnusedImage(trx, row.image, row.image_widths)
    return !!row
  })
  if (deleted) catalogueWritten(c.var.db)
  return deleted ? c.body(null, 204) : notFound()
}

/** The header value an If-None-Match must hold for this ETag (a list, or *). */
const etagListed = (header: string | undefined, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))

/** media/{name}: product images, from the media table (mounted at media/). */
export const mediaRoutes = new Hono<AppEnv>({ strict: false }).get('/:name', async (c) => {
  const name = c.req.param('name')
  // Only names we could have stored are looked up (no traversal, no query for junk).
  const media = mediaType(name) ? await readMedia(c.var.db, `media/${name}`) : undefined
  if (!media) fail(404, 'Image not found')
  // A stored name never gets other bytes, so the tag only has to tell files apart.
  const etag = `"${createHash('sha256').update(media.bytes).digest('base64url').slice(0, 27)}"`
  c.header('ETag', etag)
  c.header('Cache-Control', 'public, max-age=604800')
  c.header('X-Content-Type-Options', 'nosniff')
  if (etagListed(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
  c.header('Content-Type', media.contentType)
  // Seed images are SVG: even opened directly, nothing in them may run or load.
  if (media.contentType === 'image/svg+xml') {
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  }
  return c.body(new Uint8Array(media.bytes))
})
