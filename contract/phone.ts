/**
 * Nigerian mobile numbers: people type 0803 123 4567, +234 803 123 4567 or 234803…;
 * we store E.164 (+2348031234567), show the local form with the leading 0 and link WhatsApp without the +.
 */
const NATIONAL = /^[789][01]\d{8}$/

/** E.164 form of a Nigerian mobile number, or null when it is not one. */
export function normaliseNigerianPhone(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '')
  let national: string
  if (/^\+234\d+$/.test(digits)) national = digits.slice(4)
  else if (/^234\d+$/.test(digits)) national = digits.slice(3)
  else if (/^0\d+$/.test(digits)) national = digits.slice(1)
  else return null
  if (national.startsWith('0')) national = national.slice(1) // +234 0803… typed with the trunk 0
  return NATIONAL.test(national) ? `+234${national}` : null
}

export const PHONE_HINT = 'Enter a Nigerian mobile number, e.g. 0803 123 4567 or +234 803 123 4567'

/** Local display form with the leading 0 (08031234567); leaves anything unrecognised as it is. */
export function localPhone(stored: string): string {
  const e164 = normaliseNigerianPhone(stored)
  return e164 ? '0' + e164.slice(4) : stored
}

/** https://wa.me/2348031234567, or null when the number is not a Nigerian mobile. */
export function whatsappLink(stored: string): string | null {
  const e164 = normaliseNigerianPhone(stored)
  return e164 ? `https://wa.me/${e164.slice(1)}` : null
}
