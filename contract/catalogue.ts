/** Products (add/products/, add/produts/{id}/), their images (media/{name}) and the calls that reach them. */
import { z } from 'zod'
import { defineEndpoints } from './endpoint.js'
import { naira, nairaField, requiredText } from './fields.js'
import { CATEGORIES } from './categories.js'

export const imageVariant = z.object({
  url: z.string(),
  /** Pixel width of this copy. */
  width: z.number().int(),
})
export type ImageVariant = z.infer<typeof imageVariant>

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum([...CATEGORIES, '']),
  description: z.string(),
  /** Path relative to the API base. */
  image: z.string(),
  /**
   * WebP copies of an uploaded image, narrowest first, paths relative to the API base like `image`;
   * for `<img srcset>` with `w` descriptors. Empty for SVG seed images and products without an image.
   */
  image_variants: z.array(imageVariant).optional(),
  price: naira,
  originalPrice: naira,
  stock: z.number().int(),
  // Always sent; optional because a phone's saved catalogue from before they existed lacks them.
  /** As the label says it (e.g. "Cypermethrin 10% EC"); '' when not entered. Printed on certificates. */
  activeIngredient: z.string().optional(),
  /** The NAFDAC registration number as the admin typed it (e.g. "A5-1234"); '' when not entered. */
  registrationNo: z.string().optional(),
})
export type Product = z.infer<typeof product>

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
  activeIngredient: z
    .string()
    .trim()
    .max(200, 'Active ingredient must be at most 200 characters')
    .default(''),
  registrationNo: z.string().trim().max(60, 'Registration number must be at most 60 characters').default(''),
})
export type ProductForm = z.input<typeof productFormBody>

const productForm = {
  tag: 'catalogue',
  access: 'admin',
  multipart: true,
  body: productFormBody,
  answer: product,
  status: 201,
} as const
const editSummary =
  'Edits a product with the multipart form: fields left out keep their value, a new `image` replaces the old one.'
const oneProduct = { tag: 'catalogue', access: 'public', answer: product } as const

export const catalogueEndpoints = defineEndpoints('catalogue', {
  'GET add/products/': {
    summary: 'The whole catalogue, oldest product first.',
    access: 'public',
    answer: z.array(product),
    conditional: true,
  },
  'POST add/products/': {
    summary: 'Adds a product with the multipart form (text fields and an optional `image` file).',
    ...productForm,
  },
  // The original app's clients spell the single-product path "produts"; "products" is an alias.
  'GET add/produts/{id}': { summary: 'One product.', ...oneProduct },
  'GET add/products/{id}/': { summary: 'One product (alias of add/produts/{id}).', ...oneProduct },
  'POST add/produts/{id}/': { summary: editSummary, ...productForm },
  'POST add/products/{id}/': { summary: `${editSummary} Alias of add/produts/{id}/.`, ...productForm },
  'GET media/{name}': {
    summary: 'A product image (or one of its WebP copies) by the path a product names.',
    access: 'public',
    produces: 'image/*',
    conditional: true,
  },
  'DELETE admins/delete/{id}/product/': {
    summary: 'Deletes a product (cart lines go with it; orders keep their copy of its name and picture).',
    access: 'admin',
    status: 204,
  },
})
