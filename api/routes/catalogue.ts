import fs from 'node:fs/promises'
import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { productFormBody, type Product } from '../../contract/catalogue.js'
import { toKobo } from '../../contract/money.js'
import type { AppEnv } from '../types.js'
import { requireRole } from '../middleware/auth.js'
import { parseId } from '../middleware/validate.js'
import { PRODUCT_COLUMNS, findProduct, mediaPath, toProduct, type ProductRow } from '../lib/catalogue.js'
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
  const existing = id ? findProduct(c.var.db, id) : undefined
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
  c.var.db
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
  return c.json(toProduct(findProduct(c.var.db, existing.id)!), 201)
}

function getProduct(c: Context<AppEnv>) {
  const id = parseId(c.req.param('id'))
  const row = id ? findProduct(c.var.db, id) : undefined
  return row ? c.json(toProduct(row)) : notFound(c)
}

/** add/products/ and add/produts/{id}/ (mounted at add/). */
export const catalogueRoutes = new Hono<AppEnv>({ strict: false })
  .get('/products', (c) => {
    const rows = c.var.db.prepare(`SELECT ${PRODUCT_COLUMNS} FROM products ORDER BY id`).all() as ProductRow[]
    return c.json(rows.map(toProduct) satisfies Product[])
  })

  .post('/products', requireRole('admin'), uploadLimit, async (c) => {
    const body = await readForm(c)
    const form = parseProductForm(c, textFields(body))
    if (form instanceof Response) return form
    const image = await saveUploadedImage(c, body.image)
    if (image instanceof Response) return image
    const { lastInsertRowid } = c.var.db
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
    return c.json(toProduct(findProduct(c.var.db, Number(lastInsertRowid))!), 201)
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
  const deleted = id ? c.var.db.prepare('DELETE FROM products WHERE id = ?').run(id).changes : 0
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
