import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../types.js'
import { cleanUploadedImage, ImageRejected } from './images.js'

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
 * The one check job photos go through (product images take the same decoder with their sized copies,
 * lib/images.ts): size, then a full decode and re-encode that drops metadata such as the GPS position.
 * null when no file was chosen; a 400 Response when it is not an image we accept.
 */
export async function checkUploadedImage(
  c: Context<AppEnv>,
  image: unknown,
): Promise<CheckedImage | null | Response> {
  // A browser sends an empty file part when the file input was left blank.
  if (!(image instanceof File) || image.size === 0) return null
  if (image.size > c.var.config.maxUploadBytes) throw new HTTPException(413)
  try {
    return await cleanUploadedImage(new Uint8Array(await image.arrayBuffer()))
  } catch (err) {
    if (err instanceof ImageRejected) return c.json({ message: err.message, field: 'image' }, 400)
    throw err
  }
}

/** The multipart form; a body the parser refuses (no or a wrong boundary, not multipart) is the sender's fault: 400. */
export async function readForm(c: Context<AppEnv>) {
  try {
    return await c.req.parseBody()
  } catch {
    throw new HTTPException(400, { message: 'The form could not be read. Send it as multipart/form-data.' })
  }
}

/** Text fields of a multipart body; a file in a text field is ignored. */
export function textFields(body: Record<string, string | File | (string | File)[]>) {
  const fields: Record<string, string> = {}
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') fields[key] = value
  return fields
}
