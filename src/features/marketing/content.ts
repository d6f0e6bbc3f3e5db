/** The marketing copy of the public pages, kept apart from the layout that shows it. */

export interface ServiceSummary {
  /** The anchor on /services (SPEC: #one, #two, #three). */
  anchor: 'one' | 'two' | 'three'
  title: string
  summary: string
  image: string
  points: string[]
}

export const SERVICES: ServiceSummary[] = [
  {
    anchor: 'one',
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

export const FAQS: { question: string; answer: string }[] = [
  {
    question: 'Are your treatments safe for children and pets?',
    answer:
      'Yes. We use eco-friendly, NAFDAC-registered products and tell you how long to keep children and pets out of treated rooms, usually two to four hours.',
  },
  {
    question: 'How soon will my booking be confirmed?',
    answer:
      'Bookings are confirmed within 24 hours, by phone or WhatsApp on the number you give us. For emergencies we respond within 2 to 4 hours.',
  },
  {
    question: 'Do I need to leave the house during fumigation?',
    answer:
      'For a full fumigation, yes, for about four hours. For targeted treatments such as cockroach gel baiting, you can stay at home.',
  },
  {
    question: 'How long does upholstery take to dry?',
    answer:
      'Most sofas and rugs are dry in four to six hours thanks to our low-moisture extraction method. Good ventilation speeds it up.',
  },
  {
    question: 'Which areas do you cover?',
    answer:
      'Lagos, Abuja, Port Harcourt and Ibadan, and nearby towns on request. Cleaning chemicals are delivered nationwide.',
  },
  {
    question: 'How do I pay?',
    answer:
      'Online by card or bank transfer through our secure payment page, or on completion for service visits. Prices are in naira.',
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

export const WHY_US: { title: string; text: string }[] = [
  { title: 'Eco-friendly products', text: 'Safe for children, pets and the environment; tough on pests.' },
  { title: 'Trained technicians', text: 'Certified, background-checked staff in uniform, every visit.' },
  { title: 'Emergency response', text: 'Emergency response in 2 to 4 hours when pests cannot wait.' },
  { title: 'Guaranteed results', text: 'If pests return within 90 days, we treat again at no cost.' },
]

export const STATS: { value: string; label: string }[] = [
  { value: '500+', label: 'Happy clients' },
  { value: '7+', label: 'Years of experience' },
  { value: '100%', label: 'Eco-friendly' },
  { value: '24/7', label: 'Support' },
]

export interface TeamMember {
  name: string
  role: string
  photo: string
  bio: string
}

export const TEAM: TeamMember[] = [
  {
    name: 'Adaeze Okafor',
    role: 'Founder & Managing Director',
    photo: '/images/team-adaeze.svg',
    bio: 'An environmental health officer who started GreenShield in 2017 with one van and a belief that pest control can be safe for families.',
  },
  {
    name: 'Tunde Bakare',
    role: 'Head of Operations',
    photo: '/images/team-tunde.svg',
    bio: 'Plans every route and team so that bookings are confirmed within a day and emergencies reached within hours.',
  },
  {
    name: 'Ngozi Eze',
    role: 'Lead Cleaning Specialist',
    photo: '/images/team-ngozi.svg',
    bio: 'Trains our cleaning crews in upholstery care and deep-cleaning methods that protect fabrics and finishes.',
  },
  {
    name: 'Ibrahim Musa',
    role: 'Senior Fumigation Technician',
    photo: '/images/team-ibrahim.svg',
    bio: 'Ten years of fumigating homes, warehouses and ships; leads our termite and rodent programmes.',
  },
]

export const TIMELINE: { year: string; title: string; text: string }[] = [
  {
    year: '2017',
    title: 'Founded in Lagos',
    text: 'GreenShield starts with one van and a two-person fumigation team.',
  },
  {
    year: '2018',
    title: 'Deep cleaning added',
    text: 'Upholstery and deep-cleaning services launch after customer demand.',
  },
  {
    year: '2019',
    title: '100 regular clients',
    text: 'Homes, restaurants and offices across Lagos book us every quarter.',
  },
  {
    year: '2020',
    title: 'Disinfection services',
    text: 'We disinfect offices, schools and churches during the pandemic.',
  },
  {
    year: '2021',
    title: 'Abuja branch',
    text: 'Our second branch opens, serving the Federal Capital Territory.',
  },
  {
    year: '2022',
    title: 'Chemicals store',
    text: 'We start selling professional cleaning and pest-control products.',
  },
  { year: '2023', title: 'Port Harcourt & Ibadan', text: 'Teams in two more cities; 400 clients served.' },
  {
    year: '2024',
    title: '500+ clients, online',
    text: 'Online booking and shop: book, buy and pay from your phone.',
  },
]

export interface BlogPost {
  title: string
  date: string
  excerpt: string
  image: string
  category: string
  /** The full article, paragraph by paragraph. */
  body: string[]
}

export const POSTS: BlogPost[] = [
  {
    title: 'Rainy season is mosquito season: 7 ways to protect your home',
    date: '2024-06-12',
    excerpt:
      'Standing water, blocked gutters and open windows at dusk: the small fixes that cut mosquito numbers before you ever need to fumigate.',
    image: '/images/blog-rainy-season.svg',
    category: 'Pest control',
    body: [
      'Mosquitoes need only a bottle cap of still water to breed, and the rains give them plenty. Walk round your compound once a week and empty buckets, tyres, flower-pot saucers and blocked gutters.',
      'Cover water drums and overhead tanks tightly, and clear drains so that water keeps moving. Cut tall grass near the house: adult mosquitoes rest there during the day.',
      'Close windows and doors at dusk, when most biting happens, and repair torn window nets. Sleep under a treated net, especially children and pregnant women.',
      'If mosquitoes keep coming back despite all this, a professional outdoor treatment of resting areas, drains and septic vents cuts numbers for weeks at a time.',
    ],
  },
  {
    title: 'A cleaner kitchen in 20 minutes a day',
    date: '2024-08-03',
    excerpt:
      'Our cleaning specialists share the daily routine that keeps grease, odours and cockroaches away from Nigerian kitchens.',
    image: '/images/blog-kitchen.svg',
    category: 'Cleaning tips',
    body: [
      'Clear and wipe the cooker after every meal while the grease is still soft: it takes seconds then and an hour at the weekend.',
      'Wash up before bed and never leave food out overnight. Cockroaches feed at night and a clean kitchen gives them nothing.',
      'Empty the bin daily and rinse it weekly with a disinfectant. Keep rice, garri and beans in sealed containers, not open bags.',
      'Once a week, pull out the fridge and cooker and sweep behind them, where crumbs and grease collect unseen.',
    ],
  },
  {
    title: 'How to prepare your home for fumigation',
    date: '2024-10-21',
    excerpt:
      'What to cover, what to remove and how long to stay out: a simple checklist so your treatment works the first time.',
    image: '/images/blog-fumigation-prep.svg',
    category: 'Guides',
    body: [
      'Store food, plates and cutlery in sealed containers or take them out of the rooms to be treated. Cover aquariums and switch off their pumps.',
      'Move furniture about a metre from the walls so our technicians can reach skirting boards and cracks, where pests hide.',
      'Plan to be out for about four hours with children and pets, and take any medicines you will need with you.',
      'When you come back, open the windows for thirty minutes and wipe kitchen surfaces before cooking. Do not mop treated edges for a week.',
    ],
  },
]
