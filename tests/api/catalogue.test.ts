import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ADMIN, Client, makeTestApp, productForm } from './helpers'
import { onEachLoggedInApp, t, admin, customer } from './app-per-test'
import { seedProducts } from '../../api/lib/seed-data'

// Real, minimal image files (1x1 pixel), so the byte check sees what a browser would send.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
// A real JPEG (the decoder reads every upload whole, so a truncated sample would be refused).
const JPEG = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#4a7' } })
  .jpeg()
  .toBuffer()
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')

onEachLoggedInApp()

const validFields = {
  name: 'Ant Powder 250g',
  category: 'Pest Control',
  description: 'Dust for ant trails and nests.',
  price: '1500',
  stock: '25',
}
const png = { bytes: PNG, name: 'ant.png', type: 'image/png' }

describe('GET add/products/', () => {
  it('lists the seeded catalogue publicly, in naira, with served image paths', async () => {
    const res = await new Client(t.app).get('add/products/')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(seedProducts.length)
    const termite = res.body.find((p: any) => p.name === 'Termite Killer Concentrate 1L')
    expect(termite).toMatchObject({
      category: 'Pest Control',
      price: 18500,
      originalPrice: 22000,
      stock: 34,
      image: 'media/termite-killer.svg',
    })
    expect(Object.keys(termite).sort()).toEqual(
      [
        'activeIngredient',
        'category',
        'description',
        'id',
        'image',
        'image_variants',
        'name',
        'originalPrice',
        'price',
        'registrationNo',
        'stock',
      ].sort(),
    )
    // SVG seed images scale by themselves: no raster copies.
    expect(termite.image_variants).toEqual([])
  })
})

describe('POST add/products/', () => {
  it('creates a product from a PNG upload (201), stores the file under a generated name and serves it', async () => {
    const res = await admin.post('add/products/', productForm(validFields, png))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Ant Powder 250g',
      category: 'Pest Control',
      price: 1500,
      originalPrice: 1500,
      stock: 25,
    })
    expect(res.body.image).toMatch(/^media\/[0-9a-f-]{36}\.png$/)
    const stored = await t.db
      .selectFrom('media')
      .select('bytes')
      .where('name', '=', res.body.image)
      .executeTakeFirstOrThrow()
    // Stored re-encoded (api/lib/images.ts): the same picture, not necessarily the same bytes.
    const pixels = await sharp(stored.bytes).raw().toBuffer({ resolveWithObject: true })
    const sent = await sharp(PNG).raw().toBuffer({ resolveWithObject: true })
    expect(pixels.info).toMatchObject({ format: 'raw', width: 1, height: 1 })
    expect(pixels.data.equals(sent.data)).toBe(true)
    const listed = await admin.get('add/products')
    expect(listed.body.map((p: any) => p.id)).toContain(res.body.id)
    const served = await new Client(t.app).get(res.body.image)
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')
  })

  it('accepts a JPEG and a WebP (detected by bytes, whatever the file name) and keeps originalPrice', async () => {
    const jpeg = await admin.post(
      'add/products/',
      productForm({ ...validFields, originalPrice: '2000' }, { bytes: JPEG, name: 'photo', type: '' }),
    )
    expect(jpeg.status).toBe(201)
    expect(jpeg.body.image).toMatch(/\.jpg$/)
    expect(jpeg.body.originalPrice).toBe(2000)
    const webp = await admin.post(
      'add/products/',
      productForm(validFields, { bytes: WEBP, name: 'x.png', type: 'image/png' }),
    )
    expect(webp.status).toBe(201)
    expect(webp.body.image).toMatch(/\.webp$/)
  })

  it('rejects a text file renamed .png (400) and stores nothing', async () => {
    const mediaCount = async () => (await t.db.selectFrom('media').select('name').execute()).length
    const before = await mediaCount()
    const res = await admin.post(
      'add/products/',
      productForm(validFields, {
        bytes: Buffer.from('just some text, not a picture'),
        name: 'fake.png',
        type: 'image/png',
      }),
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Image must be a JPEG, PNG or WebP file')
    expect(await mediaCount()).toBe(before)
  })

  it('rejects an SVG upload (it could carry script)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const res = await admin.post(
      'add/products/',
      productForm(validFields, { bytes: svg, name: 'x.svg', type: 'image/svg+xml' }),
    )
    expect(res.status).toBe(400)
  })

  it('answers 413 with a message for a 6 MB body', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024)
    PNG.copy(big)
    const res = await admin.post('add/products/', productForm(validFields, { ...png, bytes: big }))
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('The upload is too large. The limit is 5 MB.')
    // Cut off before the form is read: even an invalid form gets 413, not its 400.
    const early = await admin.post(
      'add/products/',
      productForm({ ...validFields, name: '' }, { ...png, bytes: big }),
    )
    expect(early.status).toBe(413)
  })

  it('answers 413 for an image over the limit even when the body limit lets it through', async () => {
    const small = await makeTestApp({ maxUploadBytes: 1000 })
    try {
      const c = new Client(small.app)
      await c.login(ADMIN)
      const image = Buffer.alloc(2000)
      PNG.copy(image)
      const res = await c.post('add/products/', productForm(validFields, { ...png, bytes: image }))
      expect(res.status).toBe(413)
      const ok = await c.post('add/products/', productForm(validFields, png))
      expect(ok.status).toBe(201)
    } finally {
      await small.close()
    }
  })

  it('accepts a product without an image (empty file input)', async () => {
    const form = productForm(validFields)
    form.set('image', new File([], '', { type: 'application/octet-stream' }))
    const res = await admin.post('add/products/', form)
    expect(res.status).toBe(201)
    expect(res.body.image).toBe('')
  })

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ price: 'abc' }, 'Price must be a number'],
    [{ price: '' }, 'Price is required'],
    [{ price: '-5' }, 'Price cannot be negative'],
    [{ stock: '2.5' }, 'Stock must be a whole number of 0 or more'],
    [{ stock: '-1' }, 'Stock must be a whole number of 0 or more'],
    [{ stock: 'lots' }, 'Stock must be a whole number of 0 or more'],
    [{ category: 'Food' }, 'Category must be Pest Control, Cleaning, Equipment or empty'],
    [{ originalPrice: 'x' }, 'Original price must be a number'],
  ])('answers 400 for %j with "%s"', async (change, message) => {
    const res = await admin.post('add/products/', productForm({ ...validFields, ...change }, png))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
  })

  it('accepts the empty category', async () => {
    const res = await admin.post('add/products/', productForm({ ...validFields, category: '' }, png))
    expect(res.status).toBe(201)
    expect(res.body.category).toBe('')
  })

  it('is 401 logged out, 403 for a customer, 403 without the CSRF header', async () => {
    expect((await new Client(t.app).post('add/products/', productForm(validFields, png))).status).toBe(401)
    const denied = await customer.post('add/products/', productForm(validFields, png))
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBeTruthy()
    const noCsrf = await admin.post('add/products/', productForm(validFields, png), { 'X-CSRFToken': '' })
    expect(noCsrf.status).toBe(403)
    expect((await admin.get('add/products')).body).toHaveLength(seedProducts.length)
  })
})

describe('POST add/produts/{id}/ (and the add/products/{id}/ alias)', () => {
  it('changes only the fields sent (201) and keeps the image when no file is sent', async () => {
    const before = (await admin.get('add/products')).body[0]
    const res = await admin.post(`add/produts/${before.id}/`, productForm({ price: '17000', stock: '3' }))
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ ...before, price: 17000, stock: 3 })
    expect((await admin.get(`add/produts/${before.id}`)).body).toEqual(res.body)
  })

  it('replaces the image when a new one is uploaded; the correct spelling works too', async () => {
    const before = (await admin.get('add/products')).body[1]
    const res = await admin.post(
      `add/products/${before.id}`,
      productForm({ name: 'Renamed gel' }, { bytes: JPEG, name: 'a.jpg', type: 'image/jpeg' }),
    )
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('Renamed gel')
    expect(res.body.image).toMatch(/^media\/.+\.jpg$/)
    expect(res.body.image).not.toBe(before.image)
    expect(res.body.price).toBe(before.price)
  })

  it('validates what is sent (400), rejects a fake image (400), 404 for an unknown id', async () => {
    const id = (await admin.get('add/products')).body[0].id
    const bad = await admin.post(`add/produts/${id}`, productForm({ stock: '-3' }))
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Stock must be a whole number of 0 or more')
    const fake = await admin.post(
      `add/produts/${id}`,
      productForm({}, { bytes: Buffer.from('GIF89a....'), name: 'a.png', type: 'image/png' }),
    )
    expect(fake.status).toBe(400)
    expect((await admin.post('add/produts/99999', productForm({ name: 'x' }))).status).toBe(404)
    expect((await admin.post('add/products/abc', productForm({ name: 'x' }))).status).toBe(404)
  })

  it('is 401 logged out, 403 for a customer, 413 for a 6 MB body', async () => {
    const id = (await admin.get('add/products')).body[0].id
    expect((await new Client(t.app).post(`add/produts/${id}`, productForm({ name: 'x' }))).status).toBe(401)
    expect((await customer.post(`add/produts/${id}`, productForm({ name: 'x' }))).status).toBe(403)
    const big = await admin.post(
      `add/produts/${id}`,
      productForm({}, { ...png, bytes: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]) }),
    )
    expect(big.status).toBe(413)
  })
})

describe('GET add/produts/{id}', () => {
  it('returns one product publicly under both spellings, 404 when unknown', async () => {
    const first = (await admin.get('add/products')).body[0]
    const anon = new Client(t.app)
    const typo = await anon.get(`add/produts/${first.id}`)
    expect(typo.status).toBe(200)
    expect(typo.body).toEqual(first)
    expect((await anon.get(`add/products/${first.id}/`)).body).toEqual(first)
    const missing = await anon.get('add/produts/424242')
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Product not found')
  })
})

describe('DELETE admins/delete/{id}/product/', () => {
  it('deletes the product (204, empty body) and it leaves carts', async () => {
    const id = (await admin.get('add/products')).body[0].id
    await customer.post(`cart/${id}/`)
    const res = await admin.delete(`admins/delete/${id}/product/`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await admin.get(`add/produts/${id}`)).status).toBe(404)
    expect((await customer.get('check_cart')).body.count).toBe(0)
    expect((await admin.delete(`admins/delete/${id}/product`)).status).toBe(404)
  })

  it('is 401 logged out, 403 for a customer or without CSRF', async () => {
    const id = (await admin.get('add/products')).body[0].id
    expect((await new Client(t.app).delete(`admins/delete/${id}/product`)).status).toBe(401)
    expect((await customer.delete(`admins/delete/${id}/product`)).status).toBe(403)
    expect((await admin.delete(`admins/delete/${id}/product`, { 'X-CSRFToken': 'nope' })).status).toBe(403)
    expect((await admin.get(`add/produts/${id}`)).status).toBe(200)
  })
})

describe('GET media/{name}', () => {
  it('serves a seed SVG with its type, a week of caching, nosniff and a locked-down CSP', async () => {
    const res = await t.app.request('/api/media/termite-killer.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml')
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=604800')
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(await res.text()).toBe(fs.readFileSync('public/products/termite-killer.svg', 'utf8'))
  })

  it('answers 404 JSON for a missing file and refuses path traversal', async () => {
    fs.writeFileSync(path.join(t.dir, 'secret.png'), 'secret')
    const missing = await t.app.request('/api/media/nope.png')
    expect(missing.status).toBe(404)
    expect((await missing.json()).message).toBe('Image not found')
    for (const name of ['..%2Fsecret.png', '%2E%2E%2Fsecret.png', '..%5Csecret.png', '.hidden.png']) {
      const res = await t.app.request(`/api/media/${name}`)
      expect(res.status, name).toBe(404)
      expect(await res.text()).not.toContain('secret')
    }
  })
})

describe('seed images', () => {
  it('every seed product has a small, self-contained SVG in public/products', () => {
    for (const p of seedProducts) {
      const svg = fs.readFileSync(path.join('public/products', p.image), 'utf8')
      expect(svg, p.image).toMatch(/viewBox="0 0 400 400"/)
      expect(Buffer.byteLength(svg), p.image).toBeLessThan(4096)
      expect(svg, p.image).not.toMatch(/<script|href=|url\(|on\w+=/i)
    }
    const distinct = new Set(
      seedProducts.map((p) => fs.readFileSync(path.join('public/products', p.image), 'utf8')),
    )
    expect(distinct.size).toBe(seedProducts.length)
  })
})
