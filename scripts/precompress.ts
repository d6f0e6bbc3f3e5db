/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, once, at the
 * highest levels, so the server sends compressed bytes without compressing on each request
 * (ARCHITECTURE.md, "A first visit"). A copy that would not be smaller is not written.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import zlib from 'node:zlib'
import { promisify } from 'node:util'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|map)$/
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 512

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (COMPRESSIBLE.test(entry.name)) yield full
  }
}

export async function precompress(dir: string) {
  let raw = 0
  let br = 0
  for await (const file of files(dir)) {
    const bytes = await fs.readFile(file)
    if (bytes.length < MIN_BYTES) continue
    const [b, g] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ])
    if (b.length < bytes.length) await fs.writeFile(`${file}.br`, b)
    if (g.length < bytes.length) await fs.writeFile(`${file}.gz`, g)
    raw += bytes.length
    br += Math.min(b.length, bytes.length)
  }
  return { raw, br }
}
