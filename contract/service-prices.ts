/**
 * How service kinds are priced and how a price reads, as plain values and functions (no zod): the public
 * pages (/services, /book) show prices without carrying the schemas; contract/services.ts validates.
 */
import { toKobo, toNaira } from './money.js'
import type { Service } from './bookings.js'

export const SERVICE_LABELS: Record<Service, string> = {
  fumigation: 'Fumigation / pest control',
  cleaning: 'Cleaning',
}

/**
 * How a kind is priced: the whole job at `price` (fixed), `price` for each `unit` the customer counts
 * (per_unit: room, m², seat), or at least `price`, the final price given after an inspection (from).
 */
export const PRICE_RULES = ['fixed', 'per_unit', 'from'] as const
export type PriceRule = (typeof PRICE_RULES)[number]
export const PRICE_RULE_LABELS: Record<PriceRule, string> = {
  fixed: 'Fixed price',
  per_unit: 'Price per unit',
  from: 'From a price, priced after inspection',
}

/** What pricing reads of a kind (contract/services.ts ServiceKind has these and more). */
export interface PricedKind {
  price_rule: PriceRule
  /** Naira. */
  price: number
  unit: string
}

/** "₦45,000", or "₦2,500.50" when there are kobo. */
export function formatPrice(naira: number): string {
  return new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency: 'NGN',
    minimumFractionDigits: Number.isInteger(naira) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(naira)
}

/** "rooms" for "room"; units written the same either way (m², sq m) stay as they are. */
export const pluralUnit = (unit: string) =>
  !/[a-z]$/i.test(unit) || / /.test(unit) ? unit : /(s|sh|ch|x)$/i.test(unit) ? `${unit}es` : `${unit}s`

/** "3 rooms", "1 room", "40 m²". */
export const unitsText = (count: number, unit: string) => `${count} ${count === 1 ? unit : pluralUnit(unit)}`

/** The price as the customer reads it: "₦45,000", "₦8,000 per room", "From ₦60,000 — priced after inspection". */
export function priceText(kind: Pick<PricedKind, 'price_rule' | 'price' | 'unit'>): string {
  if (kind.price_rule === 'per_unit') return `${formatPrice(kind.price)} per ${kind.unit}`
  if (kind.price_rule === 'from') return `From ${formatPrice(kind.price)} — priced after inspection`
  return formatPrice(kind.price)
}

export interface Estimate {
  /** Kobo: the total, or the lowest price of a "from" kind. */
  kobo: number
  rule: PriceRule
  units: number | null
}

/** What a booking of `kind` comes to, worked out in kobo (so 3 × ₦8,000.50 is exact). */
export function estimateOf(kind: Pick<PricedKind, 'price_rule' | 'price'>, units: number | null): Estimate {
  const unitKobo = toKobo(kind.price)
  if (kind.price_rule === 'per_unit') {
    const count = units ?? 1
    return { kobo: unitKobo * count, rule: 'per_unit', units: count }
  }
  return { kobo: unitKobo, rule: kind.price_rule, units: null }
}

/**
 * The estimate in words: "₦24,000 (3 rooms × ₦8,000)", "₦45,000", "From ₦60,000, final price after
 * inspection". A per-unit estimate's unit price is the total over the units, as it was when booked.
 */
export function estimateText(e: Estimate, unit: string): string {
  const total = formatPrice(toNaira(e.kobo))
  if (e.rule === 'from') return `From ${total}, final price after inspection`
  if (e.rule === 'per_unit' && e.units) {
    return `${total} (${unitsText(e.units, unit)} × ${formatPrice(toNaira(Math.round(e.kobo / e.units)))})`
  }
  return total
}
