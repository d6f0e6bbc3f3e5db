import { Star } from 'lucide-react'

/** Stars out of 5 as the eye reads them, with the figure in words for screen readers. */
export function Stars({ stars, className = 'size-4' }: { stars: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${stars} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`${className} ${n <= Math.round(stars) ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
          aria-hidden
        />
      ))}
    </span>
  )
}
