import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import zlib from 'node:zlib'
import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { productFormBody, type Product } from '../../contract/catalogue.js'
import { toKobo } from '../../contract/money.js'
import type { DB } from '../db/index.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { parseId } from '../middleware/validate.js'
import {
  PRODUCT_COLUMNS,
  findProductSqlite,
  mediaPath,
  toProduct,
  type ProductRow,
} from '../lib/catalogue.js'
import { ImageRejected, storeUploadedImage, type StoredImage } from '../lib/images.js'
import { readForm, textFields, uploadLimit } from '../lib/uploads.js'

const notFound = (c: Context<AppEnv>) => c.json({ message: 'Product not found' }, 404)

/** The uploaded image decoded, cleaned and stored with its WebP copies; null when no file was chosen. */
async function saveUploadedImage(c: Context<AppEnv>, image: unknown): Promise<StoredImage | null | Response> {
  // A browser sends an empty file part when the file input was left blank.
  if (!(image instanceof File) || image.size === 0) return null
  if (image.size > c.var.config.maxUploadBytes) throw new HTTPException(413)
  try {
    return await storeUploadedImage(c.var.config.mediaDir, new Uint8Array(await image.arrayBuffer()))
  } catch (err) {
    if (err instanceof ImageRejected) return c.json({ message: err.message, field: 'image' }, 400)
    throw err
  }
}

function parseProductForm(c: Context<AppEnv>, fields: Record<string, unknown>) {
  const result = productFormBody.safeParse(fields)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  return c.json({ message: issue?.message ?? 'Invalid product', field: issue?.path.join('.') }, 400)
}

/** Edits keep every field the form left out; a new image replaces the old one. */
async function updateProduct(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const existing = id ? findProductSqlite(c.var.sqlite, id) : undefined
  if (!existing) return notFound(c)
  const body = await readForm(c)
  const current = toProduct(existing)
  const form = parseProductForm(c, {
    name: current.name,
    category: current.category,
    description: current.description,
    price: current.price,
    originalPrice: current.originalPrice,
    stock: current.stock,
    ...textFields(body),
  })
  if (form instanceof Response) return form
  const image = await saveUploadedImage(c, body.image)
  if (image instanceof Response) return image
  // Old image files stay: orders placed earlier still show them.
  c.var.sqlite
    .prepare(
      `UPDATE products SET name = ?, category = ?, description = ?, image = ?, image_widths = ?, price_kobo = ?,
         original_price_kobo = ?, stock = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
       WHERE id = ?`,
    )
    .run(
      form.name,
      form.category,
      form.description,
      image?.image ?? existing.image,
      image ? image.widths.join(',') : existing.image_widths,
      toKobo(form.price),
      toKobo(form.originalPrice ?? current.originalPrice),
      form.stock,
      existing.id,
    )
  return c.json(toProduct(findProductSqlite(c.var.sqlite, existing.id)!), 201)
}

function getProduct(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const row = id ? findProductSqlite(c.var.sqlite, id) : undefined
  return row ? c.json(toProduct(row)) : notFound(c)
}

type Bytes = Uint8Array<ArrayBuffer>
/** A copy on its own ArrayBuffer, as Response bodies want. */
const bytes = (buffer: Buffer): Bytes => new Uint8Array(buffer)

/** The catalogue answer, built once per catalogue version, with its compressed copies. */
interface CatalogueAnswer {
  version: number
  etag: string
  json: Bytes
  br: Bytes
  gzip: Bytes
}

/**
 * One cached answer per database (tests open many). Rebuilt when catalogue_version moves: migration 005's
 * triggers bump it on every write to products, so any writer (admin edits, settlement's stock, another
 * server on the same database) invalidates it; reading the counter is one indexed row per request.
 */
const catalogueCache = new WeakMap<DB, { readVersion: () => number; answer?: CatalogueAnswer }>()

function catalogueAnswer(db: DB): CatalogueAnswer {
  let entry = catalogueCache.get(db)
  if (!entry) {
    const stmt = db.prepare('SELECT version FROM catalogue_version WHERE id = 1').pluck()
    entry = { readVersion: () => stmt.get() as number }
    catalogueCache.set(db, entry)
  }
  const version = entry.readVersion()
  if (entry.answer?.version === version) return entry.answer
  const rows = db.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY id`).all() as ProductRow[]
  const json = bytes(Buffer.from(JSON.stringify(rows.map(toProduct) satisfies Product[])))
  entry.answer = {
    version,
    // Weak: the same list goes out as brotli, gzip or plain bytes.
    etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    json,
    br: bytes(zlib.brotliCompressSync(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })),
    gzip: bytes(zlib.gzipSync(json, { level: 9 })),
  }
  return entry.answer
}

/** If-None-Match holds this ETag (weak comparison, as RFC 9110 says for GET). */
const matches = (header: string | undefined, etag: string) =>
  !!header &&
  (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.slice(2)))

/** add/products/ and add/produts/{id}/ (mounted at add/). */
export const catalogueRoutes = new Hono<AppEnv>({ strict: false })
  // The same for everyone: from memory, 304 when the browser's copy is current, precompressed bytes.
  .get('/products', (c) => {
    const answer = catalogueAnswer(c.var.sqlite)
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
    const form = parseProductForm(c, textFields(body))
    if (form instanceof Response) return form
    const image = await saveUploadedImage(c, body.image)
    if (image instanceof Response) return image
    const { lastInsertRowid } = c.var.sqlite
      .prepare(
        `INSERT INTO products (name, category, description, image, image_widths, price_kobo, original_price_kobo, stock)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        form.name,
        form.category,
        form.description,
        image?.image ?? '',
        image?.widths.join(',') ?? '',
        toKobo(form.price),
        toKobo(form.originalPrice ?? form.price),
        form.stock,
      )
    return c.json(toProduct(findProductSqlite(c.var.sqlite, Number(lastInsertRowid))!), 201)
  })

  // SPEC spells the edit path "produts"; the correct spelling is an alias.
  .post('/produts/:id', requireRole('admin'), uploadLimit, updateProduct)
  .post('/products/:id', requireRole('admin'), uploadLimit, updateProduct)
  .get('/produts/:id', getProduct)
  .get('/products/:id', getProduct)

/** DELETE admins/delete/{id}/product/ (admin; dispatched by routes/deletions.ts). */
export function deleteProduct(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  // Cart lines go with the product (cascade); orders keep their copy of the name and image.
  const deleted = id ? c.var.sqlite.prepare('DELETE FROM products WHERE id = ?').run(id).changes : 0
  return deleted ? c.body(null, 204) : notFound(c)
}

/** media/{name}: product images (mounted at media/). */
export const mediaRoutes = new Hono<AppEnv>({ strict: false }).get('/:name', async (c) => {
  const media = mediaPath(c.var.config.mediaDir, c.req.param('name'))
  const bytes = media ? await fs.readFile(media.file).catch(() => null) : null
  if (!media || !bytes) return c.json({ message: 'Image not found' }, 404)
  c.header('Content-Type', media.type)
  c.header('Cache-Control', 'public, max-age=604800')
  c.header('X-Content-Type-Options', 'nosniff')
  // Seed images are SVG: even opened directly, nothing in them may run or load.
  if (media.type === 'image/svg+xml') {
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
  }
  return c.body(bytes)
})
