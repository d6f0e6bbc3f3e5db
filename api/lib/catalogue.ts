import type { Product } from '../../contract/catalogue.js'
import type { Category } from '../../contract/categories.js'
import { toNaira } from '../../contract/money.js'
import type { Queryable } from '../db/index.js'
import { variantPath } from './images.js'

export interface ProductRow {
  id: number
  name: string
  category: Category
  description: string
  image: string
  price_kobo: number
  original_price_kobo: number
  stock: number
  /** Widths of the WebP copies beside the image, e.g. '320,640,1280' (api/lib/images.ts). */
  image_widths: string
  active_ingredient: string
  registration_no: string
}

export const PRODUCT_FIELDS = [
  'id',
  'name',
  'category',
  'description',
  'image',
  'price_kobo',
  'original_price_kobo',
  'stock',
  'image_widths',
  'active_ingredient',
  'registration_no',
] as const
export const PRODUCT_COLUMNS =
  'id, name, category, description, image, price_kobo, original_price_kobo, stock, image_widths, active_ingredient, registration_no'

export const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  name: row.name,
  category: row.category,
  description: row.description,
  image: row.image,
  image_variants: row.image_widths
    ? row.image_widths.split(',').map((w) => ({ url: variantPath(row.image, Number(w)), width: Number(w) }))
    : [],
  price: toNaira(row.price_kobo),
  originalPrice: toNaira(row.original_price_kobo),
  stock: row.stock,
  activeIngredient: row.active_ingredient,
  registrationNo: row.registration_no,
})

export async function findProduct(db: Queryable, id: number): Promise<ProductRow | undefined> {
  const row = await db.selectFrom('products').select(PRODUCT_FIELDS).where('id', '=', id).executeTakeFirst()
  return row as ProductRow | undefined
}

/** Every product, oldest first (the catalogue answer). */
export async function listProducts(db: Queryable): Promise<ProductRow[]> {
  const rows = await db.selectFrom('products').select(PRODUCT_FIELDS).orderBy('id').execute()
  return rows as ProductRow[]
}

/** The message a customer sees when they ask for more than is on the shelf. */
export const stockMessage = (name: string, stock: number) =>
  stock <= 0 ? `${name} is out of stock` : `Only ${stock} of ${name} left`

// ---------- product images ----------

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0))

/**
 * The image type from the file's first bytes (its name and declared type are the sender's word, not proof).
 * SVG uploads are refused on purpose: an SVG can carry script.
 */
export function detectImageType(bytes: Uint8Array): 'jpg' | 'png' | 'webp' | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}
