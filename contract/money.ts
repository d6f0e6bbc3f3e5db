/** The database keeps integer kobo; the API speaks naira numbers; people read ₦ with thousands separators. */
export const toKobo = (naira: number): number => Math.round(naira * 100)
export const toNaira = (kobo: number): number => kobo / 100

// Made on first use: a page that shows no price never pays for it (contract/dates.ts says why).
let naira: Intl.NumberFormat | undefined

export function formatNaira(amount: number): string {
  return (naira ??= new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' })).format(amount)
}

/**
 * A naira amount as people type it: "25,000", "₦25,000.50", "N 5 000", "25000" -> the number; null when the
 * text is not an amount ("25,00", "abc", ""). Thousands separators must fall every three digits.
 */
export function parseNaira(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null
  const text = input
    .trim()
    .replace(/^(₦|NGN|N)/i, '')
    .replace(/[\s\u00a0\u202f]/g, '')
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(text)) return null
  return Number(text.replace(/,/g, ''))
}
