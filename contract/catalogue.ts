/** Products (add/products/, add/produts/{id}/) and their images. */
import { z } from 'zod'
import { nairaField, requiredText } from './fields.js'
import { CATEGORIES, type Category } from './categories.js'

export interface ImageVariant {
  url: string
  /** Pixel width of this copy. */
  width: number
}

export interface Product {
  id: number
  name: string
  category: Category
  description: string
  /** Path relative to the API base. */
  image: string
  /**
   * WebP copies of an uploaded image, narrowest first, paths relative to the API base like `image`;
   * for `<img srcset>` with `w` descriptors. Empty for SVG seed images and products without an image.
   */
  image_variants?: ImageVariant[]
  price: number
  originalPrice: number
  stock: number
}

/** A number typed into a form field (multipart sends text): blank is "required", junk is `invalid`. */
const typedNumber = (required: string, invalid: string) =>
  z.union([z.string(), z.number()], { error: required }).transform((value, ctx) => {
    const text = String(value).trim()
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required })
      return z.NEVER
    }
    const n = Number(text)
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: invalid })
      return z.NEVER
    }
    return n
  })
const STOCK_RULE = 'Stock must be a whole number of 0 or more'
const MAX_PRICE = 100_000_000

/**
 * The product form's text fields (POST add/products/, add/produts/{id}/); the image file is checked apart,
 * by its bytes. originalPrice (the struck-through price) defaults to price.
 */
export const productFormBody = z.object({
  name: requiredText('Name', 200),
  category: z
    .enum([...CATEGORIES, ''], { error: 'Category must be Pest Control, Cleaning, Equipment or empty' })
    .default(''),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  price: nairaField('Price is required', 'Price must be a number').pipe(
    z.number().min(0, 'Price cannot be negative').max(MAX_PRICE, 'Price is too large'),
  ),
  originalPrice: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    nairaField('Original price is required', 'Original price must be a number')
      .pipe(
        z.number().min(0, 'Original price cannot be negative').max(MAX_PRICE, 'Original price is too large'),
      )
      .optional(),
  ),
  stock: typedNumber('Stock is required', STOCK_RULE).pipe(
    z.number().int(STOCK_RULE).min(0, STOCK_RULE).max(1_000_000, 'Stock is too large'),
  ),
})
export type ProductForm = z.input<typeof productFormBody>
