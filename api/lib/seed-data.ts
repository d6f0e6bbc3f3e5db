/** Demo catalogue and back-office content written on first start. Images live in public/products/. */
export const seedProducts = [
  {
    name: 'Termite Killer Concentrate 1L',
    category: 'Pest Control',
    price: 18500,
    originalPrice: 22000,
    stock: 34,
    image: 'termite-killer.svg',
    description:
      'Long-lasting imidacloprid concentrate for soil treatment and wood protection. Makes up to 100 L of solution.',
  },
  {
    name: 'Cockroach Gel Bait 30g',
    category: 'Pest Control',
    price: 4500,
    originalPrice: 5500,
    stock: 120,
    image: 'cockroach-gel.svg',
    description:
      'Odourless gel bait for kitchens and cabinets. Roaches carry it back to the nest for a colony kill.',
  },
  {
    name: 'Mosquito Insecticide Spray 600ml',
    category: 'Pest Control',
    price: 3200,
    originalPrice: 3800,
    stock: 15,
    image: 'mosquito-spray.svg',
    description:
      'Fast knock-down aerosol for mosquitoes, flies and ants, with a residual effect of up to four weeks.',
  },
  {
    name: 'Rodenticide Bait Blocks 500g',
    category: 'Pest Control',
    price: 6800,
    originalPrice: 8000,
    stock: 48,
    image: 'rodent-bait.svg',
    description: 'Weather-resistant wax blocks for rats and mice; use in tamper-resistant bait stations.',
  },
  {
    name: 'Bed Bug Killer Spray 1L',
    category: 'Pest Control',
    price: 7500,
    originalPrice: 9000,
    stock: 0,
    image: 'bedbug-spray.svg',
    description: 'Ready-to-use spray for mattresses, bed frames and furniture seams. Kills eggs and adults.',
  },
  {
    name: 'Rat Glue Traps (pack of 4)',
    category: 'Pest Control',
    price: 2500,
    originalPrice: 3000,
    stock: 9,
    image: 'glue-trap.svg',
    description: 'Non-toxic, extra-strong glue boards for homes, shops and food stores.',
  },
  {
    name: 'Multi-Surface Disinfectant 5L',
    category: 'Cleaning',
    price: 12000,
    originalPrice: 14500,
    stock: 60,
    image: 'disinfectant.svg',
    description: 'Hospital-grade disinfectant for floors, tiles and worktops. Kills 99.9% of germs.',
  },
  {
    name: 'Upholstery & Carpet Shampoo 2L',
    category: 'Cleaning',
    price: 9800,
    originalPrice: 11500,
    stock: 22,
    image: 'upholstery-shampoo.svg',
    description: 'Low-foam shampoo for sofas, rugs and car seats; lifts stains and leaves a fresh scent.',
  },
  {
    name: 'Heavy-Duty Degreaser 4L',
    category: 'Cleaning',
    price: 8700,
    originalPrice: 10000,
    stock: 18,
    image: 'degreaser.svg',
    description: 'Cuts through kitchen grease, engine oil and soot. Dilute 1:10 for everyday cleaning.',
  },
  {
    name: 'Pine Floor Cleaner 5L',
    category: 'Cleaning',
    price: 6500,
    originalPrice: 7500,
    stock: 75,
    image: 'floor-cleaner.svg',
    description: 'Concentrated pine cleaner for tiles, terrazzo and vinyl. Streak-free finish.',
  },
  {
    name: 'Knapsack Pressure Sprayer 16L',
    category: 'Equipment',
    price: 32000,
    originalPrice: 38000,
    stock: 12,
    image: 'knapsack-sprayer.svg',
    description: 'Durable 16 L sprayer with adjustable brass nozzle, padded straps and pressure gauge.',
  },
  {
    name: 'ULV Cold Fogger',
    category: 'Equipment',
    price: 145000,
    originalPrice: 165000,
    stock: 4,
    image: 'cold-fogger.svg',
    description: 'Electric ultra-low-volume fogger for fumigating warehouses, offices and homes.',
  },
  {
    name: 'Half-Face Respirator Mask',
    category: 'Equipment',
    price: 15500,
    originalPrice: 18000,
    stock: 27,
    image: 'respirator.svg',
    description: 'Reusable respirator with organic vapour cartridges for safe chemical handling.',
  },
  {
    name: 'Microfibre Cleaning Kit',
    category: 'Equipment',
    price: 11000,
    originalPrice: 13000,
    stock: 40,
    image: 'microfibre-kit.svg',
    description: 'Mop, refill pads and six microfibre cloths for deep cleaning without streaks.',
  },
] as const

export const seedMessages = [
  {
    name: 'Chinedu Okafor',
    email: 'chinedu.okafor@example.com',
    message:
      'Good afternoon. Do you fumigate warehouses in Apapa? We have a 2,000 sqm space with a rodent problem.',
  },
  {
    name: 'Aisha Bello',
    email: 'aisha.bello@example.com',
    message:
      'Please what is the price for deep cleaning a 3-bedroom flat in Lekki? I would like it done before Christmas.',
  },
  {
    name: 'Tunde Adeyemi',
    email: 'tunde.adeyemi@example.com',
    message:
      'I ordered the knapsack sprayer last week. Can I pick it up from your office instead of delivery?',
  },
  {
    name: 'Ngozi Eze',
    email: 'ngozi.eze@example.com',
    message: 'Your team did a great job on our sofas. Thank you! Do you also clean mattresses?',
  },
]

/** Days from today, so the demo always shows upcoming and recent bookings. */
export const seedBookings = [
  {
    full_name: 'Chinedu Okafor',
    phone_number: '+2348031234567',
    location: '12 Creek Road, Apapa, Lagos',
    service: 'fumigation',
    dayOffset: 2,
    time: '10:00',
    info: 'Warehouse, rodents and cockroaches.',
    status: 'Pending',
  },
  {
    full_name: 'Aisha Bello',
    phone_number: '+2349052223344',
    location: '5 Admiralty Way, Lekki Phase 1, Lagos',
    service: 'cleaning',
    dayOffset: 4,
    time: '09:00',
    info: 'Post-construction deep clean, 3-bedroom flat.',
    status: 'Confirmed',
  },
  {
    full_name: 'Tunde Adeyemi',
    phone_number: '+2348165556677',
    location: '22 Allen Avenue, Ikeja, Lagos',
    service: 'fumigation',
    dayOffset: -3,
    time: '14:30',
    info: 'Termites in the roof of a duplex.',
    status: 'Completed',
  },
  {
    full_name: 'Ngozi Eze',
    phone_number: '+2347038889900',
    location: '8 Aba Road, Port Harcourt',
    service: 'cleaning',
    dayOffset: 6,
    time: '11:00',
    info: 'Upholstery: two sofas and six dining chairs.',
    status: 'Pending',
  },
] as const

/**
 * The demo customer's purchase history: two paid checkouts (days ago), each line an order at the given
 * stage; one declined attempt. Product names refer to seedProducts, which supply the prices.
 */
export const seedPurchases = [
  {
    txRef: 'SEED-0001',
    daysAgo: 9,
    lines: [
      {
        product: 'Cockroach Gel Bait 30g',
        quantity: 3,
        status: 'Completed',
        shippedAfterDays: 1,
        deliveredAfterDays: 3,
      },
      {
        product: 'Knapsack Pressure Sprayer 16L',
        quantity: 1,
        status: 'Completed',
        shippedAfterDays: 1,
        deliveredAfterDays: 3,
      },
    ],
  },
  {
    txRef: 'SEED-0002',
    daysAgo: 2,
    lines: [
      { product: 'Multi-Surface Disinfectant 5L', quantity: 2, status: 'Shipped', shippedAfterDays: 1 },
      { product: 'Rat Glue Traps (pack of 4)', quantity: 2, status: 'Processing' },
    ],
  },
] as const

/** A checkout the bank declined (no orders; its notification is red in the app). */
export const seedFailedPayment = {
  txRef: 'SEED-0003',
  daysAgo: 1,
  product: 'Half-Face Respirator Mask',
  quantity: 1,
} as const

/**
 * The demo technician's day (seeded only with a technician): jobs today and tomorrow, so `npm start`
 * shows a working job sheet. `forCustomer` books it as the demo customer, who then follows it live.
 */
export const seedJobs = [
  {
    full_name: 'Ada Customer',
    phone_number: '+2348031234567',
    location: '14 Bode Thomas Street, Surulere, Lagos',
    service: 'fumigation',
    dayOffset: 0,
    time: '09:00',
    info: 'Cockroaches in the kitchen and bathroom; two children at home.',
    forCustomer: true,
  },
  {
    full_name: 'Emeka Nwosu',
    phone_number: '+2348024445566',
    location: '7 Ogunlana Drive, Surulere, Lagos',
    service: 'fumigation',
    dayOffset: 0,
    time: '11:30',
    info: 'Bedbugs in two bedrooms.',
    forCustomer: false,
  },
  {
    full_name: 'Funke Akindele',
    phone_number: '+2348137778899',
    location: '3 Adeola Odeku Street, Victoria Island, Lagos',
    service: 'cleaning',
    dayOffset: 0,
    time: '14:30',
    info: 'Office deep clean after renovation, 2 floors.',
    forCustomer: false,
  },
  {
    full_name: 'Ibrahim Musa',
    phone_number: '+2349061112233',
    location: '18 Isaac John Street, GRA Ikeja, Lagos',
    service: 'fumigation',
    dayOffset: 1,
    time: '10:00',
    info: 'Rodents in the store room; a dog in the compound.',
    forCustomer: false,
  },
] as const

/**
 * The kinds of work on /services and /book, with Lagos prices (naira) an admin can change in Back office →
 * Services. `per_unit` prices one unit; `from` is the lowest price, the final one given after an inspection.
 */
export const seedServiceKinds: {
  service: 'fumigation' | 'cleaning'
  name: string
  description: string
  price_rule: 'fixed' | 'per_unit' | 'from'
  price: number
  unit?: string
}[] = [
  {
    service: 'fumigation',
    name: 'General pest control',
    description: 'Cockroaches, ants, mosquitoes and flies: spray and gel treatment of every room.',
    price_rule: 'per_unit',
    price: 8000,
    unit: 'room',
  },
  {
    service: 'fumigation',
    name: 'Whole-flat fumigation',
    description: 'A flat of up to three bedrooms, kitchen and bathrooms, with a follow-up visit.',
    price_rule: 'fixed',
    price: 45000,
  },
  {
    service: 'fumigation',
    name: 'Bed bugs',
    description: 'Mattresses, bed frames and furniture seams treated twice, two weeks apart.',
    price_rule: 'per_unit',
    price: 15000,
    unit: 'room',
  },
  {
    service: 'fumigation',
    name: 'Rodent control',
    description: 'Rats and mice: entry points sealed, bait stations set and checked.',
    price_rule: 'fixed',
    price: 35000,
  },
  {
    service: 'fumigation',
    name: 'Termite treatment',
    description: 'Soil and wood treatment against termites, with a one-year guarantee.',
    price_rule: 'from',
    price: 60000,
  },
  {
    service: 'fumigation',
    name: 'Office or warehouse fumigation',
    description: 'Commercial spaces treated after hours, priced by floor area.',
    price_rule: 'per_unit',
    price: 350,
    unit: 'm²',
  },
  {
    service: 'cleaning',
    name: 'Upholstery cleaning',
    description: 'Sofas and armchairs shampooed and steam-extracted, dry the same day.',
    price_rule: 'per_unit',
    price: 5000,
    unit: 'seat',
  },
  {
    service: 'cleaning',
    name: 'Mattress cleaning',
    description: 'Deep extraction against dust mites, stains and odours.',
    price_rule: 'per_unit',
    price: 10000,
    unit: 'mattress',
  },
  {
    service: 'cleaning',
    name: 'Rug and carpet cleaning',
    description: 'Rugs and fitted carpets shampooed on site.',
    price_rule: 'per_unit',
    price: 1500,
    unit: 'm²',
  },
  {
    service: 'cleaning',
    name: 'Deep cleaning',
    description: 'A home cleaned top to bottom: kitchen degreased, bathrooms descaled, floors scrubbed.',
    price_rule: 'from',
    price: 50000,
  },
  {
    service: 'cleaning',
    name: 'End-of-tenancy cleaning',
    description: 'A flat of up to three bedrooms made ready for the next tenant.',
    price_rule: 'fixed',
    price: 75000,
  },
  {
    service: 'cleaning',
    name: 'Post-construction cleaning',
    description: 'Dust, paint and cement removed after building work.',
    price_rule: 'from',
    price: 120000,
  },
]
