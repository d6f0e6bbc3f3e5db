/**
 * npx tsx tests/bench/image-bytes.ts — issue item 3's measurement: the image bytes a 390 px wide phone
 * (2x DPR) downloads for the /products grid, before and after the WebP copies.
 *
 * 1. The seed catalogue as shipped: SVG files, served as they are (no copies needed, nothing changes).
 * 2. The same catalogue as admins really fill it: each seed picture rendered to a 2000×2000 photo-like
 *    JPEG (quality 90, light sensor noise), uploaded through api/lib/images.ts. Before this change the
 *    phone downloaded the upload as stored; now it picks the 320 w copy (the grid's 2 columns make a
 *    ~149 CSS px image = ~298 device px; see the srcset/sizes note in the report), or 640 w at worst.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { migrate, openDatabase } from '../../api/db'
import { seedProducts } from '../../api/lib/seed-data'
import { readMedia, storeUploadedImage, variantPath } from '../../api/lib/images'

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-img-'))
// Uploads are stored in the media table: a scratch database holds them.
const opened = openDatabase(path.join(dir, 'bench.db'))
await migrate(opened)
const images = [...new Set(seedProducts.map((p) => p.image))]

let svgBytes = 0
let uploaded = 0
let stored = 0
let w320 = 0
let w640 = 0
for (const name of images) {
  const svg = fs.readFileSync(path.join('public/products', name))
  svgBytes += svg.length
  const photo = await sharp(
    await sharp(svg, { density: 480 }).resize(2000, 2000).flatten({ background: '#f1f5f9' }).toBuffer(),
  )
    .composite([
      {
        input: await sharp({
          create: {
            width: 2000,
            height: 2000,
            channels: 3,
            background: '#808080',
            noise: { type: 'gaussian', mean: 0, sigma: 6 },
          },
        })
          .png()
          .toBuffer(),
        blend: 'add',
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer()
  uploaded += photo.length
  const { image } = await storeUploadedImage(opened.db, photo)
  const size = async (name: string) => (await readMedia(opened.db, name))!.bytes.length
  stored += await size(image)
  w320 += await size(variantPath(image, 320))
  w640 += await size(variantPath(image, 640))
}
await opened.close()
fs.rmSync(dir, { recursive: true, force: true })

console.log(`products: ${seedProducts.length} (${images.length} distinct images)`)
console.log(`seed catalogue (SVG): ${kb(svgBytes)} before and after (SVG needs no copies)`)
console.log(
  `photo catalogue, 2000 px JPEG uploads: ${kb(uploaded)} uploaded; original re-encoded ${kb(stored)}`,
)
console.log(`  before (phone downloads the upload): ${kb(uploaded)}`)
console.log(`  after, 320w WebP (390 px phone, 2x): ${kb(w320)}  (${((100 * w320) / uploaded).toFixed(1)} %)`)
console.log(
  `  after, 640w WebP (if sizes overestimates): ${kb(w640)}  (${((100 * w640) / uploaded).toFixed(1)} %)`,
)
