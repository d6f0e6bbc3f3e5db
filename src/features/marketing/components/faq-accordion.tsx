import { useId, useState } from 'react'
import { ChevronDown } from 'lucide-react'
import { FAQS } from '../content/faqs'

/** The six questions of /services: each question is a button that shows or hides its answer. */
export function FaqAccordion({ items = FAQS }: { items?: typeof FAQS }) {
  const [open, setOpen] = useState<number | null>(0)
  const id = useId()
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((faq, i) => {
        const expanded = open === i
        return (
          <div key={faq.question}>
            <h3>
              <button
                type="button"
                id={`${id}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${id}-a${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:text-brand-800 sm:px-6 sm:py-5"
              >
                {faq.question}
                <ChevronDown
                  className={`size-5 shrink-0 text-brand-700 transition-transform ${expanded ? 'rotate-180' : ''}`}
                  aria-hidden
                />
              </button>
            </h3>
            <div
              id={`${id}-a${i}`}
              role="region"
              aria-labelledby={`${id}-q${i}`}
              hidden={!expanded}
              className="px-5 pb-5 leading-relaxed text-slate-600 sm:px-6"
            >
              {faq.answer}
            </div>
          </div>
        )
      })}
    </div>
  )
}
