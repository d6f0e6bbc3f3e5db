/**
 * The wire contract (../shared/API.md), one file per feature: request bodies as zod schemas (request types
 * derived from them with z.input), answers as types, and the rules both sides apply (booking moves, order
 * steps, the delivery window). This barrel re-exports them all for the client until it imports the feature
 * files directly; the API already does. money.ts, dates.ts and phone.ts are imported by their own paths.
 */
export * from './fields.js'
export * from './auth.js'
export * from './catalogue.js'
export * from './cart.js'
export * from './payments.js'
export * from './bookings.js'
export * from './orders.js'
export * from './messages.js'
export * from './notifications.js'
export * from './account.js'
export * from './users.js'
export * from './dashboard.js'
export * from './withdrawals.js'
