/** The shop's product categories: plain data, no zod (the public product grid filters by them). */
export const CATEGORIES = ['Pest Control', 'Cleaning', 'Equipment'] as const
export type Category = (typeof CATEGORIES)[number] | ''
