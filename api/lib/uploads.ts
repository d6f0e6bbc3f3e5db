import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../types.js'
import { detectImageType } from './catalogue.js'

/** Room for the text fields and multipart framing on top of the image itself. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/** Cuts an oversized upload off while it streams in, before it is parsed (413, message from app.ts). */
export const uploadLimit: MiddlewareHandler<AppEnv> = (c, next) =>
  bodyLimit({
    maxSize: c.var.config.maxUploadBytes + FORM_OVERHEAD_BYTES,
    onError: () => {
      throw new HTTPException(413)
    },
  })(c, next)

export interface CheckedImage {
  bytes: Uint8Array
  type: 'jpg' | 'png' | 'webp'
}

/**
 * The one check every image upload goes through (product images, job photos): size, then type by the
 * file's bytes. null when no file was chosen; a 400 Response when it is not an image we accept.
 */
export async function checkUploadedImage(
  c: Context<AppEnv>,
  image: unknown,
): Promise<CheckedImage | null | Response> {
  // A browser sends an empty file part when the file input was left blank.
  if (!(image instanceof File) || image.size === 0) return null
  if (image.size > c.var.config.maxUploadBytes) throw new HTTPException(413)
  const bytes = new Uint8Array(await image.arrayBuffer())
  const type = detectImageType(bytes)
  if (!type) return c.json({ message: 'Image must be a JPEG, PNG or WebP file', field: 'image' }, 400)
  return { bytes, type }
}

/** Text fields of a multipart body; a file in a text field is ignored. */
export function textFields(body: Record<string, string | File | (string | File)[]>) {
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value
  return fields
}
