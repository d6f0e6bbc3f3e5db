/** The team and the story, for the about page. */

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

/** A team member's square photo, named for screen readers. */
export const portrait = (member: TeamMember) => ({
  src: member.photo,
  alt: `Portrait of ${member.name}`,
  width: 400,
  height: 400,
})
