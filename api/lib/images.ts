import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import sharp, { type OutputInfo } from 'sharp'
import type { Queryable } from '../db/index.js'

/** Widths of the WebP copies made for `srcset`: a phone (390 px CSS at 2x) takes 320 or 640, a desktop 1280. */
export const VARIANT_WIDTHS = [320, 640, 1280] as const
/** Decoding refuses anything bigger: a small file can claim an enormous canvas (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000
/** The stored original is scaled down to fit this box; nothing on the site shows more. */
const MAX_STORED_SIDE = 2560

const FORMATS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const
type Format = keyof typeof FORMATS

/** An upload that is not a JPEG, PNG or WebP picture the decoder can read whole; `message` is for the user. */
export class ImageRejected extends Error {}

export interface StoredImage {
  /** The product's image path ('media/<name>'), the re-encoded original. */
  image: string
  /** Widths of the WebP copies stored beside it (variantPath names them). */
  widths: number[]
}

/** 'media/abc.png' + 640 → 'media/abc-640w.webp'. */
export const variantPath = (image: string, width: number) => image.replace(/\.[a-z]+$/i, `-${width}w.webp`)

interface DecodedImage {
  format: Format
  pixels: { data: Buffer; info: OutputInfo }
}

/**
 * Decodes an upload in full (a file that only starts like an image fails here), turns it upright by
 * its EXIF orientation and caps its size. Everything stored is encoded from these pixels, so no
 * metadata (GPS position, camera, owner) survives.
 */
async function decodeUpload(bytes: Uint8Array): Promise<DecodedImage> {
  const input = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
  try {
    const meta = await input.metadata()
    if (!meta.format || !(meta.format in FORMATS)) {
      throw new ImageRejected('Image must be a JPEG, PNG or WebP file')
    }
    const pixels = await input
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { format: meta.format as Format, pixels }
  } catch (err) {
    if (err instanceof ImageRejected) throw err
    if (/pixel limit/i.test(String((err as Error).message))) {
      throw new ImageRejected(`Image is too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`)
    }
    throw new ImageRejected('Image must be a JPEG, PNG or WebP file')
  }
}

const fromPixels = ({ pixels }: DecodedImage) => {
  const { width, height, channels } = pixels.info
  return sharp(pixels.data, { raw: { width, height, channels } })
}

/** The picture re-encoded in its own format. */
const encodeOriginal = (decoded: DecodedImage) =>
  decoded.format === 'jpeg'
    ? fromPixels(decoded).jpeg({ quality: 82, mozjpeg: true })
    : decoded.format === 'png'
      ? fromPixels(decoded).png({ compressionLevel: 9 })
      : fromPixels(decoded).webp({ quality: 80 })

/** An upload decoded, cleaned and re-encoded in its own format (job photos keep no GPS position). */
export async function cleanUploadedImage(
  bytes: Uint8Array,
): Promise<{ bytes: Uint8Array; type: 'jpg' | 'png' | 'webp' }> {
  const decoded = await decodeUpload(bytes)
  return { bytes: new Uint8Array(await encodeOriginal(decoded).toBuffer()), type: FORMATS[decoded.format] }
}

/**
 * A product image: the cleaned original plus WebP copies at VARIANT_WIDTHS (never wider than the
 * picture), stored together in the media table. Encoding happens first, outside any transaction.
 */
export async function storeUploadedImage(db: Queryable, bytes: Uint8Array): Promise<StoredImage> {
  const decoded = await decodeUpload(bytes)
  const { width } = decoded.pixels.info
  const widths = [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))]
  const image = `media/${randomUUID()}.${FORMATS[decoded.format]}`
  const [original, ...copies] = await Promise.all([
    encodeOriginal(decoded).toBuffer(),
    ...widths.map((w) => fromPixels(decoded).resize({ width: w }).webp({ quality: 75 }).toBuffer()),
  ])
  // One statement: the picture and all its copies are there together, or none is.
  await saveMediaFiles(db, [
    { name: image, contentType: MEDIA_TYPES[FORMATS[decoded.format]], bytes: original },
    ...widths.map((w, i) => ({ name: variantPath(image, w), contentType: 'image/webp', bytes: copies[i] })),
  ])
  return { image, widths }
}

// ---------- the media table: every uploaded image, served by whichever instance is asked ----------

/** Content types of the images we store and serve, by extension. */
export const MEDIA_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

export interface MediaFile {
  /** The path the API serves it under, e.g. 'media/<uuid>.jpg'. */
  name: string
  contentType: string
  bytes: Uint8Array
}

/**
 * Stores several files in one INSERT (all or none). Uploads get fresh UUID names, so by default a clash
 * is a bug and throws; `keepExisting` is for a replayed write of the same file (a job photo sent again).
 */
export async function saveMediaFiles(
  db: Queryable,
  files: MediaFile[],
  { keepExisting = false } = {},
): Promise<void> {
  if (files.length === 0) return
  await db
    .insertInto('media')
    .values(files.map((f) => ({ name: f.name, content_type: f.contentType, bytes: Buffer.from(f.bytes) })))
    .$if(keepExisting, (q) => q.onConflict((oc) => oc.column('name').doNothing()))
    .execute()
}

/** Stores one file (product images and job photos); `name` is what readMedia finds it by. */
export const saveMedia = (
  db: Queryable,
  name: string,
  contentType: string,
  bytes: Uint8Array,
  options?: { keepExisting?: boolean },
) => saveMediaFiles(db, [{ name, contentType, bytes }], options)

/** One stored file, or undefined. */
export async function readMedia(
  db: Queryable,
  name: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const row = await db
    .selectFrom('media')
    .select(['content_type', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst()
  // PostgreSQL's BYTEA arrives as a Buffer, SQLite's BLOB too; Buffer.from covers a Uint8Array either way.
  return row && { contentType: row.content_type, bytes: Buffer.from(row.bytes) }
}

/**
 * Drops a product picture that nothing shows any more: its WebP copies once no product uses it, the
 * original once no product, order or payment (whose lines become orders at settlement) names it
 * either. Each is one conditional DELETE, so a reference written before it runs keeps the file.
 */
export async function dropUnusedImage(db: Queryable, image: string, widths: string) {
  if (!image.startsWith('media/')) return
  const copies = widths ? widths.split(',').map((w) => variantPath(image, Number(w))) : []
  const noProduct = sql<boolean>`NOT EXISTS (SELECT 1 FROM products WHERE image = ${image})`
  if (copies.length) {
    await db.deleteFrom('media').where('name', 'in', copies).where(noProduct).execute()
  }
  await db
    .deleteFrom('media')
    .where('name', '=', image)
    .where(noProduct)
    .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM orders WHERE product_image = ${image})`)
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM payments WHERE CAST(lines AS TEXT) LIKE ${`%${JSON.stringify(image)}%`})`,
    )
    .execute()
}

/** The file names an install before the media table wrote into MEDIA_DIR (no traversal possible). */
const MEDIA_FILE = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(svg|jpe?g|png|webp)$/

/** The content type for a served name such as 'abc.jpg', or null when it is not a name we store. */
export function mediaType(file: string): string | null {
  const match = MEDIA_FILE.exec(file)
  return match ? MEDIA_TYPES[match[1].toLowerCase()] : null
}

/**
 * Upgrading an install that kept product images in MEDIA_DIR: copies every image file there that the
 * table lacks (so no picture is lost), once per start; files already imported are skipped by name.
 * Returns how many were imported.
 */
export async function importMediaDir(db: Queryable, mediaDir: string): Promise<number> {
  const entries = await fs.readdir(mediaDir, { withFileTypes: true }).catch(() => [])
  const candidates = entries.filter((e) => e.isFile() && mediaType(e.name)).map((e) => e.name)
  if (candidates.length === 0) return 0
  const known = new Set(
    (await db.selectFrom('media').select('name').where('name', 'like', 'media/%').execute()).map(
      (r) => r.name,
    ),
  )
  let imported = 0
  for (const file of candidates) {
    const name = `media/${file}`
    if (known.has(name)) continue
    const bytes = await fs.readFile(path.join(mediaDir, file))
    // Another instance may import the same file at the same moment: the first one wins.
    const result = await db
      .insertInto('media')
      .values({ name, content_type: mediaType(file)!, bytes })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst()
    if (Number(result.numInsertedOrUpdatedRows ?? 0)) imported++
  }
  return imported
}
