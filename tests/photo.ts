import sharp from 'sharp'

/**
 * A `width` x `height` JPEG with detail in it, so its size is like a real photo's (a flat colour would
 * compress to nothing): `blotches` random pixels scaled up smoothly, plus fine grain. The same seed
 * gives the same bytes.
 */
export async function detailedPhoto(options: {
  width: number
  height: number
  blotches: [width: number, height: number]
  quality: number
  seed: number
}) {
  const { width, height, blotches, quality } = options
  let state = options.seed
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 255
  const coarse = Buffer.from(Array.from({ length: blotches[0] * blotches[1] * 3 }, random))
  const base = await sharp(coarse, { raw: { width: blotches[0], height: blotches[1], channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer()
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + (random() - 128) / 8))
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer()
}
