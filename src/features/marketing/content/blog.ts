/** The blog's articles. */

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

/** A post's picture: decorative (its title says what it is), its size known so nothing moves as it loads. */
export const postImage = (post: BlogPost) => ({ src: post.image, alt: '', width: 480, height: 300 })
