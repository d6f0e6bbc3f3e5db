/** The three services (/services#one, #two, #three: links elsewhere point at these anchors) and how a booking goes. */
import type { Service } from '../../../../contract/bookings.js'

export interface ServiceSummary {
  /** The anchor on /services (#one, #two, #three), kept because outside links use them. */
  anchor: 'one' | 'two' | 'three'
  title: string
  summary: string
  image: string
  points: string[]
  /** The bookable service whose kinds and prices the section lists (none for the products). */
  service?: Service
}

export const SERVICES: ServiceSummary[] = [
  {
    anchor: 'one',
    service: 'fumigation',
    title: 'Pest Control & Fumigation',
    summary:
      'Cockroaches, bed bugs, termites, rodents, mosquitoes and snakes removed safely from homes, offices, warehouses and estates.',
    image: '/images/service-pest.svg',
    points: [
      'Inspection first, then a treatment plan for your building',
      'Eco-friendly, NAFDAC-registered products safe for children and pets',
      'Follow-up visit and a 90-day re-treatment guarantee',
    ],
  },
  {
    anchor: 'two',
    service: 'cleaning',
    title: 'Upholstery & Deep Cleaning',
    summary:
      'Sofas, rugs, mattresses and curtains shampooed and steam-cleaned; post-construction, move-in and end-of-tenancy deep cleans.',
    image: '/images/service-cleaning.svg',
    points: [
      'Hot-water extraction that lifts stains and dust mites',
      'Kitchens degreased, bathrooms descaled, floors scrubbed',
      'Fast-drying methods: use your furniture the same day',
    ],
  },
  {
    anchor: 'three',
    title: 'Sale of Cleaning Chemicals',
    summary:
      'The same professional insecticides, disinfectants and detergents our teams use, sold online and delivered to your door.',
    image: '/images/service-chemicals.svg',
    points: [
      'Genuine products from licensed manufacturers',
      'Clear usage and safety instructions with every order',
      'Bulk prices for facility managers and cleaning companies',
    ],
  },
]

export const HOW_IT_WORKS: { title: string; text: string }[] = [
  { title: 'Book', text: 'Choose a service, a date and a time online, or send us a message.' },
  { title: 'Confirm', text: 'We confirm on WhatsApp within 24 hours and agree the price.' },
  { title: 'Treat & clean', text: 'Trained, uniformed technicians arrive on time with everything needed.' },
  {
    title: 'Follow up',
    text: 'We check the results and come back free if pests return within the guarantee.',
  },
]

/** A service's picture: decorative (its title says what it is), its size known so nothing moves as it loads. */
export const serviceImage = (s: ServiceSummary) => ({ src: s.image, alt: '', width: 480, height: 320 })
