/** The database keeps integer kobo; the API speaks naira numbers; people read ₦ with thousands separators. */
export const toKobo = (naira: number): number => Math.round(naira * 100)
export const toNaira = (kobo: number): number => kobo / 100

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' })

export function formatNaira(amount: number): string {
  return naira.format(amount)
}
