import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Client, makeLoggedInApp, type TestContext } from './helpers'

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
function form(bytes: Buffer, name = 'photo.jpg') {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  f.set('image', new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' }))
  return f
}
const mediaFiles = () => fs.readdirSync(t.config.mediaDir).sort()

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

describe('uploaded images are decoded and re-encoded', () => {
  it('refuses a PNG signature followed by HTML (400) and stores nothing', async () => {
    const before = mediaFiles()
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ])
    const res = await admin.post('add/products/', form(fake, 'x.png'))
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: 'Image must be a JPEG, PNG or WebP file', field: 'image' })
    expect(mediaFiles()).toEqual(before)
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
    const stored = await sharp(path.join(t.config.mediaDir, res.body.image.slice(6))).metadata()
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
    const stored = await sharp(path.join(t.config.mediaDir, res.body.image.slice(6))).metadata()
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
