/** Why choose us, and the figures shown on the home and about pages. */

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
