/**
 * The company's name and contacts as the server prints them (the service report). Same values as
 * src/lib/company.ts, which can re-export these once the client restructuring allows it.
 */
export const COMPANY_CONTACT = {
  name: 'GreenShield Pest Control & Cleaning',
  address: '14 Admiralty Way, Lekki Phase 1, Lagos, Nigeria',
  phone: '0812 345 6789',
  email: 'hello@greenshield.ng',
} as const
