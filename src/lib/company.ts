/** The company's contact details, used by the footer, the contact page and the home page. */
export const COMPANY = {
  name: 'GreenShield Pest Control & Cleaning',
  shortName: 'GreenShield',
  address: '14 Admiralty Way, Lekki Phase 1, Lagos, Nigeria',
  phone: '0812 345 6789',
  phoneHref: 'tel:+2348123456789',
  whatsappHref: 'https://wa.me/2348123456789',
  email: 'hello@greenshield.ng',
  customerService: 'Customer service 24hrs',
  mapHref: 'https://www.google.com/maps/search/?api=1&query=Admiralty+Way+Lekki+Phase+1+Lagos',
} as const

export const SOCIAL_LINKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/', icon: 'facebook' },
  { label: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { label: 'X (Twitter)', href: 'https://x.com/', icon: 'x' },
  { label: 'WhatsApp', href: COMPANY.whatsappHref, icon: 'whatsapp' },
] as const
