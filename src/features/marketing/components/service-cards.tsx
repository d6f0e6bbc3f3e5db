import { Link } from 'react-router'
import { ArrowRight } from 'lucide-react'
import { pages } from '../../../../contract/pages.js'
import { serviceImage, SERVICES } from '../content/services'

/** The three services as cards linking to their sections on /services. */
export function ServiceCards() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {SERVICES.map((s) => (
        <li
          key={s.anchor}
          className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg"
        >
          <img {...serviceImage(s)} loading="lazy" className="aspect-[3/2] w-full object-cover" />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-lg font-bold text-slate-900">{s.title}</h3>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{s.summary}</p>
            <Link
              to={`${pages.services}#${s.anchor}`}
              className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              Learn more<span className="sr-only"> about {s.title}</span>
              <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
