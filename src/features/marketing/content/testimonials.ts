/** What clients say (the carousel on the home and services pages). */

export interface Testimonial {
  quote: string
  name: string
  place: string
}

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'We battled cockroaches in our restaurant kitchen for months. One GreenShield treatment and a follow-up visit later, they are gone. Professional from start to finish.',
    name: 'Chidinma A.',
    place: 'Restaurant owner, Lekki',
  },
  {
    quote:
      'They deep-cleaned our three-bedroom flat before we moved in. The sofas look new, and the team was on time and polite.',
    name: 'Olumide K.',
    place: 'Homeowner, Ikeja GRA',
  },
  {
    quote:
      'Our estate uses them for quarterly fumigation. Clear reports, fair prices and they come the same day for emergencies.',
    name: 'Hauwa B.',
    place: 'Facility manager, Abuja',
  },
  {
    quote:
      'I order disinfectant and insecticide in bulk for my cleaning business. Genuine products, good prices, fast delivery.',
    name: 'Emeka N.',
    place: 'Cleaning contractor, Port Harcourt',
  },
]
