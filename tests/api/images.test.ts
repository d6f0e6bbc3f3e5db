import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../api/app'
import { importMediaDir } from '../../api/lib/images'
import { createGateway } from '../../api/payments'
import { CUSTOMER, Client, findUserId, makeLoggedInApp, productForm, type TestContext } from './helpers'

let t: TestContext
let admin: Client
beforeEach(async () => {
  ;({ t, admin } = await makeLoggedInApp())
})
afterEach(() => t.close())

const fields = {
  name: 'Ant Powder 250g',
  category: 'Pest Control',
  description: 'Dust',
  price: '1500',
  stock: '5',
}
const form = (bytes: Buffer, name = 'photo.jpg') => productForm(fields, { bytes, name })
/** The stored images' names (they live in the media table, served by any instance). */
const mediaFiles = async () =>
  (await t.db.selectFrom('media').select('name').orderBy('name').execute()).map((r) => r.name)
/** The stored bytes of an image path such as 'media/<uuid>.jpg'. */
const storedBytes = async (name: string) =>
  (await t.db.selectFrom('media').select('bytes').where('name', '=', name).executeTakeFirstOrThrow()).bytes

/** A phone photo: 2000×1500 sensor pixels, EXIF says "rotate 90°", with camera and owner metadata. */
const phonePhoto = () =>
  sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: '#4a7',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Copyright: 'Adaeze O.', Make: 'Tecno' } })
    .withMetadata({ orientation: 6 })
    .toBuffer()

/** A plain 400×300 JPEG: quick to encode, still wide enough for a 320 copy. */
const smallPhoto = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#a70' } })
    .jpeg()
    .toBuffer()

describe('uploaded images are decoded and re-encoded', () => {
  it('refuses a PNG signature followed by HTML (400) and stores nothing', async () => {
    const before = await mediaFiles()
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ])
    const res = await admin.post('add/products/', form(fake, 'x.png'))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: 'Image must be a JPEG, PNG or WebP file', field: 'image' })
    expect(await mediaFiles()).toEqual(before)
  })

  it('refuses a PNG whose header is fine but whose pixel data is cut off', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123' } })
      .png()
      .toBuffer()
    const res = await admin.post('add/products/', form(png.subarray(0, png.length - 40), 'x.png'))
    expect(res.status).toBe(400)
  })

  it('stores a phone photo upright, without EXIF, plus 320/640/1280 WebP copies listed in image_variants and served', async () => {
    const res = await admin.post('add/products/', form(await phonePhoto()))
    expect(res.status).toBe(201)
    expect(res.body.image).toMatch(/^media\/[0-9a-f-]{36}\.jpg$/)
    const stored = await sharp(await storedBytes(res.body.image)).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 }) // turned upright
    expect(stored.exif).toBeUndefined()
    expect(stored.orientation).toBeUndefined()

    expect(res.body.image_variants.map((v: any) => v.width)).toEqual([320, 640, 1280])
    const anyone = new Client(t.app)
    for (const v of res.body.image_variants) {
      expect(v.url).toBe(res.body.image.replace(/\.jpg$/, `-${v.width}w.webp`))
      const served = await t.app.request(`/api/${v.url}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('Content-Type')).toBe('image/webp')
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: v.width })
    }
    // The list shows the same field, so the shop can write srcset.
    const listed = (await anyone.get('add/products/')).body.find((p: any) => p.id === res.body.id)
    expect(listed.image_variants).toEqual(res.body.image_variants)
  })

  it('never makes a copy wider than the picture', async () => {
    const small = await sharp({ create: { width: 500, height: 200, channels: 4, background: '#0000' } })
      .png()
      .toBuffer()
    const res = await admin.post('add/products/', form(small, 'logo.png'))
    expect(res.status).toBe(201)
    expect(res.body.image).toMatch(/\.png$/)
    expect(res.body.image_variants.map((v: any) => v.width)).toEqual([320, 500])
    const stored = await sharp(await storedBytes(res.body.image)).metadata()
    expect(stored).toMatchObject({ format: 'png', width: 500, channels: 4 })
  })

  it('refuses a picture over 50 megapixels (a small file can claim a huge canvas)', async () => {
    const huge = await sharp({ create: { width: 7200, height: 7200, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    const res = await admin.post('add/products/', form(huge, 'huge.png'))
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/megapixels/)
  })

  it('an edit with a new picture replaces the copies; an edit without one keeps them', async () => {
    const created = await admin.post('add/products/', form(await phonePhoto()))
    const small = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a00' } })
      .webp()
      .toBuffer()
    const f = new FormData()
    f.set('image', new File([new Uint8Array(small)], 'x.webp'))
    const edited = await admin.post(`add/produts/${created.body.id}/`, f)
    expect(edited.status).toBe(201)
    expect(edited.body.image).toMatch(/\.webp$/)
    expect(edited.body.image_variants.map((v: any) => v.width)).toEqual([320, 400])
    const renamed = new FormData()
    renamed.set('name', 'Renamed')
    const kept = await admin.post(`add/produts/${created.body.id}/`, renamed)
    expect(kept.body.image_variants).toEqual(edited.body.image_variants)
  })
})

describe('uploaded images live in the database (several instances, no shared disk)', () => {
  /** Another server process over the same database file, with a media folder of its own. */
  function secondInstance() {
    const opened = t.connectAgain()
    const config = { ...t.config, mediaDir: path.join(t.dir, 'other-media') }
    const app = createApp({ db: opened.db, config, gateway: createGateway(config) })
    return { app, close: opened.close }
  }

  it('an upload received by one instance is served by another, and no file is written to disk', async () => {
    const res = await admin.post('add/products/', form(await smallPhoto()))
    expect(res.status).toBe(201)
    const other = secondInstance()
    try {
      for (const url of [res.body.image, ...res.body.image_variants.map((v: { url: string }) => v.url)]) {
        const served = await other.app.request(`/api/${url}`)
        expect(served.status, url).toBe(200)
        expect(Buffer.from(await served.arrayBuffer()).equals(await storedBytes(url))).toBe(true)
      }
    } finally {
      await other.close()
    }
    expect(fs.existsSync(path.join(t.config.mediaDir, res.body.image.slice(6)))).toBe(false)
  })

  it("the other instance's catalogue shows an edit made through the first at once", async () => {
    const other = secondInstance()
    try {
      const list = async () => (await other.app.request('/api/add/products/')).json()
      const [first] = await list()
      const f = new FormData()
      f.set('price', '4321')
      expect((await admin.post(`add/produts/${first.id}/`, f)).status).toBe(201)
      expect((await list()).find((p: { id: number }) => p.id === first.id).price).toBe(4321)
    } finally {
      await other.close()
    }
  })

  it('answers 304 for an image the browser already has (ETag), with the same caching headers', async () => {
    const first = await t.app.request('/api/media/termite-killer.svg')
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^".+"$/)
    const again = await t.app.request('/api/media/termite-killer.svg', {
      headers: { 'If-None-Match': etag! },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=604800')
    const other = await t.app.request('/api/media/cockroach-gel.svg', { headers: { 'If-None-Match': etag! } })
    expect(other.status).toBe(200)
  })

  it('deleting a product drops its picture and copies, unless an order still shows the picture', async () => {
    const sold = await admin.post('add/products/', form(await smallPhoto()))
    const unsold = await admin.post('add/products/', form(await smallPhoto()))
    await t.db
      .insertInto('orders')
      .values({
        user_id: await findUserId(t.db, CUSTOMER.email),
        product_id: sold.body.id,
        product_name: sold.body.name,
        product_image: sold.body.image,
        quantity: 1,
        price_kobo: 150_000,
      })
      .execute()
    expect((await admin.delete(`admins/delete/${sold.body.id}/product/`)).status).toBe(204)
    expect((await admin.delete(`admins/delete/${unsold.body.id}/product/`)).status).toBe(204)

    const names = await mediaFiles()
    expect(names).toContain(sold.body.image)
    expect(names.filter((n) => n.startsWith(unsold.body.image.slice(0, -4)))).toEqual([])
    // The customer's order list still shows the picture of what they bought.
    const customer = new Client(t.app)
    await customer.login(CUSTOMER)
    const order = (await customer.get('users/orders/')).body.find(
      (o: { product_name: string }) => o.product_name === sold.body.name,
    )
    expect(order.image).toBe(sold.body.image)
    expect((await t.app.request(`/api/${order.image}`)).status).toBe(200)
    expect((await t.app.request(`/api/${unsold.body.image}`)).status).toBe(404)
  })

  it('an edit with a new picture drops the old one nobody shows any more', async () => {
    const created = await admin.post('add/products/', form(await smallPhoto()))
    const f = form(await smallPhoto())
    const edited = await admin.post(`add/produts/${created.body.id}/`, f)
    expect(edited.status).toBe(201)
    expect((await t.app.request(`/api/${created.body.image}`)).status).toBe(404)
    expect((await t.app.request(`/api/${created.body.image_variants[0].url}`)).status).toBe(404)
    expect((await t.app.request(`/api/${edited.body.image}`)).status).toBe(200)
  })

  it('at start, imports the images an older install left in MEDIA_DIR, once', async () => {
    fs.mkdirSync(t.config.mediaDir, { recursive: true })
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer()
    fs.writeFileSync(path.join(t.config.mediaDir, 'old-upload.png'), png)
    fs.writeFileSync(path.join(t.config.mediaDir, 'notes.txt'), 'not an image')
    expect((await t.app.request('/api/media/old-upload.png')).status).toBe(404)
    expect(await importMediaDir(t.db, t.config.mediaDir)).toBe(1)
    expect(await importMediaDir(t.db, t.config.mediaDir)).toBe(0)
    const served = await t.app.request('/api/media/old-upload.png')
    expect(served.status).toBe(200)
    expect(served.headers.get('Content-Type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
    // A missing folder (a fresh PostgreSQL install) is nothing to import.
    expect(await importMediaDir(t.db, path.join(t.dir, 'none'))).toBe(0)
  })
})
