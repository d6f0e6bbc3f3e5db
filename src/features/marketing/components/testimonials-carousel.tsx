import { useEffect, useState } from 'react'
import { ChevronLeft, ChevronRight, Quote, Star } from 'lucide-react'
import { TESTIMONIALS, type Testimonial } from '../content/testimonials'
import { HeadedSection } from './section'

/** The carousel advances every 5 seconds (docs/rules/screens.md). */
export const TESTIMONIAL_INTERVAL_MS = 5000

/**
 * One testimonial at a time, advancing every TESTIMONIAL_INTERVAL_MS until the visitor takes over:
 * any manual action (previous, next, a dot) stops the auto-advance for good: the reader has taken over.
 */
export function TestimonialsCarousel({ items = TESTIMONIALS }: { items?: Testimonial[] }) {
  const [index, setIndex] = useState(0)
  const [autoAdvance, setAutoAdvance] = useState(true)
  const count = items.length

  useEffect(() => {
    if (!autoAdvance || count < 2) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), TESTIMONIAL_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [autoAdvance, count])

  const show = (i: number) => {
    setAutoAdvance(false)
    setIndex(((i % count) + count) % count)
  }
  const current = items[index]

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="mx-auto max-w-3xl"
    >
      <div
        // Announce changes only once the visitor drives it, so screen readers are not interrupted every 5 s.
        aria-live={autoAdvance ? 'off' : 'polite'}
        className="relative min-h-64 rounded-3xl border border-slate-200 bg-white p-6 shadow-lg shadow-brand-900/5 sm:min-h-56 sm:p-10"
      >
        <Quote className="absolute top-6 right-6 size-10 text-brand-100 sm:size-14" aria-hidden />
        <figure
          key={index}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${count}`}
          className="transition-opacity duration-500 starting:opacity-0 motion-reduce:transition-none"
        >
          <div className="flex gap-0.5 text-amber-400" aria-label="5 out of 5 stars" role="img">
            {Array.from({ length: 5 }, (_, i) => (
              <Star key={i} className="size-4 fill-current" aria-hidden />
            ))}
          </div>
          <blockquote className="mt-4 text-lg leading-relaxed text-slate-800 sm:text-xl">
            <p>“{current.quote}”</p>
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-3">
            <span
              aria-hidden
              className="grid size-11 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
            >
              {current.name.charAt(0)}
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{current.name}</span>
              <span className="block text-sm text-slate-500">{current.place}</span>
            </span>
          </figcaption>
        </figure>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => show(index - 1)}
          aria-label="Previous testimonial"
          className="grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:border-brand-600 hover:text-brand-700"
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <div className="flex items-center gap-1">
          {items.map((t, i) => (
            <button
              key={t.name}
              type="button"
              onClick={() => show(i)}
              aria-label={`Show testimonial ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className="grid size-8 place-items-center rounded-full"
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${
                  i === index ? 'w-6 bg-brand-700' : 'w-2.5 bg-slate-300 hover:bg-slate-400'
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => show(index + 1)}
          aria-label="Next testimonial"
          className="grid size-11 place-items-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:border-brand-600 hover:text-brand-700"
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
    </div>
  )
}

/** A page's testimonials: the section's heading, then the carousel. */
export function TestimonialsSection({ id, title }: { id: string; title: string }) {
  return (
    <HeadedSection id={id} eyebrow="Testimonials" title={title}>
      <div className="mt-10">
        <TestimonialsCarousel />
      </div>
    </HeadedSection>
  )
}
