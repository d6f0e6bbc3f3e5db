import { STATS } from '../content/company'

/** The looks of the figures: one white strip under the home page's hero, or a card each (About). */
const LOOKS = {
  strip: {
    list: 'grid grid-cols-2 gap-4 rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-100 sm:grid-cols-4 sm:p-6',
    item: 'flex flex-col-reverse text-center',
    label: 'text-xs font-medium text-slate-500 sm:text-sm',
    value: 'text-2xl font-extrabold text-brand-700 sm:text-3xl',
  },
  cards: {
    list: 'grid grid-cols-2 gap-4 lg:grid-cols-4',
    item: 'flex flex-col-reverse rounded-2xl bg-white p-5 text-center shadow-lg ring-1 ring-slate-100 sm:p-6',
    label: 'mt-1 text-sm font-medium text-slate-500',
    value: 'text-3xl font-extrabold text-brand-700 sm:text-4xl',
  },
}

/** The company in figures (clients, years...), each figure above its label and read after it. */
export function CompanyStats({ look }: { look: keyof typeof LOOKS }) {
  const classes = LOOKS[look]
  return (
    <dl className={classes.list}>
      {STATS.map((s) => (
        <div key={s.label} className={classes.item}>
          <dt className={classes.label}>{s.label}</dt>
          <dd className={classes.value}>{s.value}</dd>
        </div>
      ))}
    </dl>
  )
}
