import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import sharp, { type OutputInfo } from 'sharp'

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
 * picture), written beside each other in the media folder.
 */
export async function storeUploadedImage(mediaDir: string, bytes: Uint8Array): Promise<StoredImage> {
  const decoded = await decodeUpload(bytes)
  const { width } = decoded.pixels.info
  const widths = [...new Set(VARIANT_WIDTHS.map((w) => Math.min(w, width)))]

  await fs.mkdir(mediaDir, { recursive: true })
  const image = `media/${randomUUID()}.${FORMATS[decoded.format]}`
  const files: [string, Promise<Buffer>][] = [
    [image, encodeOriginal(decoded).toBuffer()],
    ...widths.map((w): [string, Promise<Buffer>] => [
      variantPath(image, w),
      fromPixels(decoded).resize({ width: w }).webp({ quality: 75 }).toBuffer(),
    ]),
  ]
  const written: string[] = []
  try {
    for (const [rel, data] of files) {
      const file = path.join(mediaDir, rel.slice('media/'.length))
      await fs.writeFile(file, await data, { flag: 'wx' })
      written.push(file)
    }
  } catch (err) {
    await Promise.all(written.map((f) => fs.rm(f, { force: true })))
    throw err
  }
  return { image, widths }
}
