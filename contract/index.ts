/**
 * The wire contract (../shared/API.md) in one place: request bodies as zod schemas, answers as types.
 * The API validates with these schemas; the web app imports the types (and, in lazily loaded
 * screens, the schemas) so both sides read one definition.
 */
import { z } from 'zod'
import { normaliseNigerianPhone, PHONE_HINT } from './phone.js'
import { BUSINESS_TIME_ZONE, isCalendarDate, todayIso } from './dates.js'

// ---------- shared field rules ----------

export const PASSWORD_MIN = 8

export const requiredText = (label: string, max = 2000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

export const emailField = (label = 'Email') =>
  requiredText(label, 254).pipe(z.email({ error: 'Enter a valid email address' }))

export const passwordField = (label = 'Password') =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters`)
    .max(200, `${label} is too long`)

/** A Nigerian mobile number in any usual spelling, normalised to E.164. */
export const phoneField = (label = 'Phone number') =>
  requiredText(label, 30).transform((value, ctx) => {
    const e164 = normaliseNigerianPhone(value)
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: PHONE_HINT })
      return z.NEVER
    }
    return e164
  })

/** Same as phoneField, but an empty string is allowed (profile forms). */
export const optionalPhoneField = (label = 'Phone number') =>
  z
    .string()
    .trim()
    .max(30)
    .transform((value, ctx) => {
      if (value === '') return ''
      const e164 = normaliseNigerianPhone(value)
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: `${label}: ${PHONE_HINT}` })
        return z.NEVER
      }
      return e164
    })

// ---------- auth ----------

export const loginBody = z.object({
  username: emailField('Email'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
})
export const registerBody = z.object({
  fullName: requiredText('Full name', 120),
  email: emailField(),
  password: passwordField(),
})
export const registerAdminBody = registerBody.extend({ phoneNumber: phoneField() })

/** Role as the client sees it (customer is "user"). */
export type SessionRole = 'user' | 'admin' | 'staff'
export type AuthCheck =
  | { message: 'authenticated'; role: SessionRole; id: number; name: string; email: string }
  | { message: string; role: null }
export interface MessageAnswer {
  message: string
}
export interface CountAnswer {
  message: 'empty' | 'not empty'
  count: number
}

// ---------- catalogue ----------

export const CATEGORIES = ['Pest Control', 'Cleaning', 'Equipment'] as const
export type Category = (typeof CATEGORIES)[number] | ''
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
export interface ImageVariant {
  url: string
  /** Pixel width of this copy. */
  width: number
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
  price: typedNumber('Price is required', 'Price must be a number').pipe(
    z.number().min(0, 'Price cannot be negative').max(MAX_PRICE, 'Price is too large'),
  ),
  originalPrice: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    typedNumber('Original price is required', 'Original price must be a number')
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

// ---------- cart ----------

export interface CartItem {
  /** The product id. */
  id: number
  name: string
  description: string
  image: string
  prices: number
  originalPrice: number
  stock: number
  quantity: number
}
export const updateCartBody = z.object({
  items: z
    .array(
      z.object({
        id: z.coerce.number().int().positive(),
        quantity: z.coerce
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number'),
      }),
      { error: 'items must be a list of { id, quantity }' },
    )
    .max(500),
})

// ---------- bookings ----------

export const SERVICES = ['fumigation', 'cleaning'] as const
export type Service = (typeof SERVICES)[number]
export const BOOKING_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
export interface Booking {
  id: number
  full_name: string
  phone_number: string
  service: Service
  info: string
  date: string
  time: string
  status: BookingStatus
  location: string
}

/** The appointment form. `today` is injectable so the rule is testable; the server uses Lagos time. */
export const appointmentBody = (today: () => string = () => todayIso(new Date(), BUSINESS_TIME_ZONE)) =>
  z.object({
    phone_number: phoneField('WhatsApp number'),
    location: requiredText('Location', 300),
    service: z.enum(SERVICES, { error: 'Choose a service: fumigation or cleaning' }),
    date: z
      .string({ error: 'Date is required' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date is required (YYYY-MM-DD)')
      .refine(isCalendarDate, 'Enter a real date')
      .refine((d) => d >= today(), 'The date cannot be in the past'),
    time: z
      .string({ error: 'Time is required' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time is required (HH:MM)'),
    info: z.string().trim().max(2000, 'Details must be at most 2000 characters').default(''),
  })
export type AppointmentRequest = z.input<ReturnType<typeof appointmentBody>>

// ---------- messages ----------

export const quickMessageBody = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  message: requiredText('Message', 5000),
})
export type QuickMessage = z.input<typeof quickMessageBody>
export interface AdminMessage {
  id: number
  name: string
  email: string
  date: string
  message: string
}
export const newsletterBody = z.object({ email: emailField() })

// ---------- notifications ----------

export interface Notification {
  id: number
  heading: string
  body: string
  /** ISO 8601. */
  created: string
  read: boolean
}

// ---------- orders ----------

export const ORDER_STATUSES = ['Processing', 'Shipped', 'Completed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export interface UserOrder {
  id: number
  status: OrderStatus
  product_name: string
  quantity: number
  /** Unit price at purchase, naira. */
  price: number
  /** Extra fields beyond SPEC for the order card and its tracking timeline. */
  image: string
  created: string
  shipped: string | null
  completed: string | null
}
export interface AdminOrder {
  id: number
  user: string
  phone_number: string
  location: string
  product_name: string
  quantity: number
  price: number
  status: OrderStatus
  created: string
}
export const orderActionBody = z.object({ status: z.enum(['Shipped', 'Completed']).optional() })

// ---------- payments ----------

export const verifyBody = z.object({
  tx_ref: requiredText('tx_ref', 100),
  status: z.string().max(50).optional(),
  transaction_id: z.union([z.string(), z.number()]).optional(),
})
export interface VerifyAnswer {
  message: string
  status: string
}
/** POST api/initiate-payment/: where to send the browser, or (empty cart) a message instead. */
export interface InitiatePaymentAnswer {
  payment_url?: string
  message?: string
}

// ---------- admin ----------

export type UserRoleLabel = 'Admin' | 'Staff' | 'Customer'
export interface AdminUser {
  id: number
  full_name: string
  username: string
  phone_number: string
  role: UserRoleLabel
}
export interface DashboardStats {
  total_bookings: { total_bookings: number }
  balance: number
  latest_bookings: Booking[]
  users: { full_name: string; role: UserRoleLabel; email: string }[]
  completed: { completed_services: number }
}
export const adminUserUpdateBody = z.object({
  role: z
    .enum(['admin', 'staff', 'customer', 'Admin', 'Staff', 'Customer'], {
      error: 'Role must be Admin, Staff or Customer',
    })
    .optional(),
  phone_number: optionalPhoneField().optional(),
})
export const withdrawalBody = z.object({
  amount: z.coerce.number({ error: 'Amount is required' }).positive('Amount must be more than ₦0'),
})
export interface Withdrawal {
  id: number
  amount: number
  status: 'Pending' | 'Paid' | 'Rejected'
  created: string
  admin: string
}
export const paymentSettingsBody = z.object({
  bank_name: requiredText('Bank name', 120),
  account_name: requiredText('Account name', 120),
  account_number: z
    .string({ error: 'Account number is required' })
    .trim()
    .regex(/^\d{10}$/, 'Account number must be 10 digits (NUBAN)'),
  swift_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9]{8}|[A-Z0-9]{11})?$/, 'SWIFT code must be 8 or 11 letters and digits')
    .default(''),
  auto_withdraw: z.boolean().default(false),
  threshold: z.coerce.number().min(0, 'Threshold cannot be negative').default(0),
})
export type PaymentSettings = z.output<typeof paymentSettingsBody>
/** What GET admins/payment-settings/ answers before the payout account is first saved. */
export const EMPTY_PAYMENT_SETTINGS: Readonly<PaymentSettings> = Object.freeze({
  bank_name: '',
  account_name: '',
  account_number: '',
  swift_code: '',
  auto_withdraw: false,
  threshold: 0,
})
const onOff = (label: string) => z.boolean({ error: `${label} must be true or false` })
export const notificationSettingsBody = z.object({
  email: onOff('Email notifications'),
  sms: onOff('SMS notifications'),
  marketing: onOff('Marketing emails'),
  payment: onOff('Payment notifications'),
})
export type NotificationSettings = z.output<typeof notificationSettingsBody>

// ---------- settings ----------

export interface Profile {
  first_name: string
  last_name: string
  username: string
  phone_number: string
  location: string
}
export const profileBody = z.object({
  first_name: z.string().trim().max(60).default(''),
  last_name: z.string().trim().max(60).default(''),
  username: emailField('Username (email)'),
  phone_number: optionalPhoneField().default(''),
  location: z.string().trim().max(300).optional(),
})
export const passwordChangeBody = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required'),
    new_password: passwordField('New password'),
    confirm_password: z.string({ error: 'Confirm your new password' }).min(1, 'Confirm your new password'),
  })
  .refine((b) => b.new_password === b.confirm_password, {
    message: 'New password and confirmation do not match',
    path: ['confirm_password'],
  })
