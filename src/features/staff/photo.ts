import { fitWithin } from './schedule'

export const PHOTO_QUALITY = 0.7

/**
 * Resizes a camera photo on the phone before it is stored (longest side ~1280 px, JPEG ~0.7),
 * so a day of photos fits the outbox and uploads over a weak connection. Uses the decoded size the
 * browser gives (EXIF orientation applied), and falls back to the original file if decoding fails.
 */
export async function resizePhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  } catch {
    return file
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height)
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return file
  context.drawImage(bitmap, 0, 0, width, height)
  bitmap.close()
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY),
  )
  // A resize that came out larger (a tiny original) is no gain.
  return blob && blob.size < file.size ? blob : file
}
