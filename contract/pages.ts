/**
 * Every page's address, written once. The app's route table takes them, its links and redirects go to
 * them, and the server writes them into emails, SMS, notifications and signed links, so a page that moves
 * moves everywhere and a link to a page that does not exist is a type error. Zod-free: the public pages
 * import it.
 *
 * A page with a parameter is a function of it; the route table calls it with the parameter's pattern
 * (`pages.product(':id')` is '/products/:id'), so the pattern is not written a second time.
 */
type Param = number | string

export const pages = {
  home: '/',
  about: '/about',
  services: '/services',
  products: '/products',
  product: (id: Param) => `/products/${id}`,
  blog: '/blog',
  contact: '/contact',
  login: '/login',
  signUp: '/sign',
  forgotPassword: '/forgot-password',
  /** The emailed link's page: ?token= carries the reset token. */
  resetPassword: '/reset-password',
  /** The booking form, with the customer's appointments under it (an admin books for a caller there). */
  book: '/book',
  settings: '/user/settings',
  /** The technician's day. */
  jobs: '/staff',
  job: (id: Param) => `/staff/jobs/${id}`,
  orders: '/orders',
  invoices: '/invoices',
  invoice: (id: Param) => `/invoices/${id}`,
  quotes: '/quotes',
  quote: (id: Param) => `/quotes/${id}`,
  documents: '/documents',
  /** ?from=<booking id> offers to repeat that visit every 3 months. */
  plans: '/plans',
  reviews: '/reviews',
  /** The pages of signed links, opened by whoever holds them, logged in or not. */
  rateLink: (token: string) => `/rate/${token}`,
  bookingLink: (token: string) => `/r/${token}`,
  quoteLink: (token: string) => `/q/${token}`,
  invoiceLink: (token: string) => `/i/${token}`,
  /** The address printed on a fumigation certificate. */
  certificate: (code: string) => `/certificates/${code}`,
  /** Where the payment gateway sends the customer back to. */
  confirmPayment: '/confirm/payment',
  admin: {
    dashboard: '/admin',
    users: '/admin/users',
    messages: '/admin/messages',
    sentMessages: '/admin/sent-messages',
    bookings: '/admin/bookings',
    bookingRules: '/admin/booking-rules',
    services: '/admin/services',
    orders: '/admin/orders',
    invoices: '/admin/invoices',
    invoice: (id: Param) => `/admin/invoices/${id}`,
    plans: '/admin/plans',
    ratings: '/admin/ratings',
    quotes: '/admin/quotes',
    quote: (id: Param) => `/admin/quotes/${id}`,
    certificates: '/admin/certificates',
    products: '/admin/products',
    settings: '/admin/settings',
    reference: '/admin/api',
  },
} as const
