import type { ReactNode } from 'react'

/** The looks of a feature card: on the home page's dark band, a numbered step, a pillar of the About page. */
const LOOKS = {
  dark: {
    card: 'rounded-2xl bg-white/5 p-6 ring-1 ring-white/10',
    mark: 'grid size-12 place-items-center rounded-xl bg-brand-600/30 text-brand-300',
    title: 'mt-4 text-lg font-bold',
    text: 'mt-2 text-sm leading-relaxed text-brand-100/80',
  },
  step: {
    card: 'relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100',
    mark: 'grid size-11 place-items-center rounded-full bg-brand-700 text-lg font-extrabold text-white',
    title: 'mt-4 text-lg font-bold text-slate-900',
    text: 'mt-2 text-sm leading-relaxed text-slate-600',
  },
  pillar: {
    card: 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8',
    mark: 'grid size-12 place-items-center rounded-xl bg-brand-100 text-brand-700',
    title: 'mt-5 text-xl font-bold text-slate-900',
    text: 'mt-3 leading-relaxed text-slate-600',
  },
}

/** One item of a list of features: its mark (an icon or a number) in a tile, a title and a line of text. */
export function FeatureCard({
  look,
  mark,
  title,
  text,
}: {
  look: keyof typeof LOOKS
  mark: ReactNode
  title: string
  text: string
}) {
  const classes = LOOKS[look]
  return (
    <li className={classes.card}>
      <span className={classes.mark}>{mark}</span>
      <h3 className={classes.title}>{title}</h3>
      <p className={classes.text}>{text}</p>
    </li>
  )
}
