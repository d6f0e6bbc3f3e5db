import type { ReactNode } from 'react'

interface SectionHeadingProps {
  eyebrow?: string
  title: string
  intro?: ReactNode
  align?: 'center' | 'left'
  /** Heading id, for aria-labelledby on the section. */
  id?: string
  tone?: 'light' | 'dark'
}

/** The small-caps label, the title and the intro line that open every section. */
export function SectionHeading({
  eyebrow,
  title,
  intro,
  align = 'center',
  id,
  tone = 'light',
}: SectionHeadingProps) {
  const dark = tone === 'dark'
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p
          className={`text-xs font-bold tracking-[0.16em] uppercase ${dark ? 'text-brand-300' : 'text-brand-700'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl lg:text-4xl ${
          dark ? 'text-white' : 'text-slate-900'
        }`}
      >
        {title}
      </h2>
      {intro && (
        <p
          className={`mt-3 text-base leading-relaxed sm:text-lg ${dark ? 'text-brand-100/85' : 'text-slate-600'}`}
        >
          {intro}
        </p>
      )}
    </div>
  )
}

interface HeadedSectionProps extends SectionHeadingProps {
  id: string
  /** The classes of a full-width band behind it; without one the section sits in the page's column. */
  band?: string
  children: ReactNode
}

/** A section of a marketing page: its SectionHeading (which names it), then what it holds. */
export function HeadedSection({ band, children, ...heading }: HeadedSectionProps) {
  const content = (
    <>
      <SectionHeading {...heading} />
      {children}
    </>
  )
  return band ? (
    <section className={band} aria-labelledby={heading.id}>
      <div className={container}>{content}</div>
    </section>
  ) : (
    <section className={`${container} py-16 sm:py-20`} aria-labelledby={heading.id}>
      {content}
    </section>
  )
}

interface PageHeroProps {
  eyebrow: string
  title: string
  intro: ReactNode
  children?: ReactNode
}

/** The green banner at the top of the inner pages (About, Services, Blog, Contact). */
export function PageHero({ eyebrow, title, intro, children }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-linear-to-br from-brand-800 via-brand-900 to-brand-950 text-white">
      <div
        aria-hidden
        className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-brand-600/30 blur-2xl"
      />
      <div
        aria-hidden
        className="absolute -bottom-32 -left-16 -z-10 size-72 rounded-full bg-brand-400/20 blur-2xl"
      />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:py-24">
        <p className="text-xs font-bold tracking-[0.16em] text-brand-300 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-100/90 sm:text-lg">{intro}</p>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  )
}

/** Horizontal padding and max width shared by every section. */
export const container = 'mx-auto max-w-7xl px-4 sm:px-6'

/** The band of cards right under a PageHero, raised to overlap its bottom edge (About's figures, Contact's ways). */
export function HeroOverlap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className={`${container} relative z-10 -mt-8 sm:-mt-10`} aria-label={label}>
      {children}
    </section>
  )
}
