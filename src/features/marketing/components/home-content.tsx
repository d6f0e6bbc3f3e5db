import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { BadgeCheck, Clock3, Leaf, ShieldCheck, ShoppingBag, Siren, Users } from 'lucide-react'
import { pages } from '../../../../contract/pages.js'
import { WHY_US } from '../content/company'
import { BookButton } from '../../../components/book-button'
import { CallToAction } from './call-to-action'
import { CompanyStats } from './company-stats'
import { FeatureCard } from './feature-card'
import { container, HeadedSection } from './section'
import { ServiceCards } from './service-cards'
import { TestimonialsSection } from './testimonials-carousel'

const WHY_ICONS = [Leaf, Users, Siren, BadgeCheck]

/** The home page itself, loaded after the deliberate delay (src/pages/public/Home.tsx). */
export default function HomeContent() {
  const [sectionsShown, setSectionsShown] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setSectionsShown(true))
    return () => clearTimeout(timer)
  }, [])
  return (
    <>
      <section className="relative isolate overflow-hidden bg-linear-to-b from-brand-50 to-white">
        <div
          aria-hidden
          className="absolute top-0 right-0 -z-10 h-full w-1/2 bg-[radial-gradient(circle_at_70%_30%,var(--color-brand-100),transparent_60%)]"
        />
        <div
          className={`${container} grid grid-cols-1 items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-24`}
        >
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
              <ShieldCheck className="size-4 text-brand-600" aria-hidden />
              Trusted by 500+ homes and businesses
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              Pest-free, spotless spaces <span className="text-brand-700">across Nigeria</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
              Eco-friendly pest control, fumigation and deep cleaning for homes, offices and estates, plus the
              professional cleaning chemicals we use, delivered to your door.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <BookButton className="btn-primary px-6 py-3 text-base shadow-md shadow-brand-900/20" />
              <Link to={pages.products} className="btn-secondary px-6 py-3 text-base">
                <ShoppingBag className="size-4" aria-hidden />
                Shop Products
              </Link>
            </div>
            <ul className="mt-8 flex flex-col gap-2 text-sm text-slate-600 sm:flex-row sm:gap-6">
              <li className="flex items-center gap-2">
                <Clock3 className="size-4 text-brand-600" aria-hidden />
                Bookings are confirmed within 24 hours
              </li>
              <li className="flex items-center gap-2">
                <Siren className="size-4 text-brand-600" aria-hidden />
                Emergency response 2 to 4 hours
              </li>
            </ul>
          </div>
          <img
            src="/images/hero.svg"
            alt="A home protected by a green shield, free of pests"
            width={560}
            height={460}
            className="mx-auto w-full max-w-md lg:max-w-lg"
            fetchPriority="high"
          />
        </div>
        <div className={`${container} pb-12`}>
          <CompanyStats look="strip" />
        </div>
      </section>
      {/*
       * Below the fold on every screen: rendered in a task of its own after the hero, so that showing the
       * page is two shorter tasks on a slow phone rather than one long one. Meanwhile a screen's height of
       * space keeps the footer out of view (it would move up under the hero, then down: a layout shift).
       */}
      {sectionsShown ? <HomeSections /> : <div className="min-h-screen" aria-hidden />}
    </>
  )
}

function HomeSections() {
  return (
    <>
      <HeadedSection
        id="home-services"
        eyebrow="What we do"
        title="Three ways we keep your space healthy"
        intro="From a one-off cockroach treatment to quarterly estate fumigation and the chemicals to keep it up yourself."
      >
        <div className="mt-12">
          <ServiceCards />
        </div>
      </HeadedSection>

      <HeadedSection
        id="home-why"
        band="bg-brand-950 py-16 text-white sm:py-20"
        tone="dark"
        eyebrow="Why GreenShield"
        title="Safe for your family, tough on pests"
      >
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_US.map((w, i) => {
            const Icon = WHY_ICONS[i]
            return (
              <FeatureCard
                key={w.title}
                look="dark"
                mark={<Icon className="size-6" aria-hidden />}
                title={w.title}
                text={w.text}
              />
            )
          })}
        </ul>
      </HeadedSection>

      <TestimonialsSection id="home-testimonials" title="What our clients say" />

      <CallToAction />
    </>
  )
}
