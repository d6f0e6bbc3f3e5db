import { Link } from 'react-router'
import { CheckCircle2, ShoppingBag } from 'lucide-react'
import { pages } from '../../../../contract/pages.js'
import { BookButton } from '../../../components/book-button'
import ContactForm from '../../../components/contact-form'
import { FaqAccordion } from '../components/faq-accordion'
import { FeatureCard } from '../components/feature-card'
import { container, HeadedSection, PageHero } from '../components/section'
import { TestimonialsSection } from '../components/testimonials-carousel'
import { HOW_IT_WORKS, serviceImage, SERVICES } from '../content/services'
import { PriceList } from '../components/price-list'
import { useServiceKinds } from '../../../lib/service-kinds'

export default function Services() {
  const kinds = useServiceKinds()
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Pest control, deep cleaning and the products to keep it that way"
        intro="Bookings are confirmed within 24 hours. Emergency response 2 to 4 hours."
      >
        <nav aria-label="Services on this page" className="flex flex-wrap gap-2">
          {SERVICES.map((s) => (
            <Link
              key={s.anchor}
              to={`#${s.anchor}`}
              className="rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/20 hover:bg-white/20"
            >
              {s.title}
            </Link>
          ))}
        </nav>
      </PageHero>

      <div className={`${container} space-y-16 py-16 sm:space-y-24 sm:py-20`}>
        {SERVICES.map((s, i) => (
          <section
            key={s.anchor}
            id={s.anchor}
            aria-labelledby={`${s.anchor}-title`}
            className="grid scroll-mt-24 items-center gap-8 lg:grid-cols-2 lg:gap-16"
          >
            <img
              {...serviceImage(s)}
              loading={i === 0 ? undefined : 'lazy'}
              className={`w-full rounded-3xl shadow-lg ring-1 ring-slate-200 ${i % 2 === 1 ? 'lg:order-2' : ''}`}
            />
            <div>
              <p className="text-xs font-bold tracking-[0.16em] text-brand-700 uppercase">Service {i + 1}</p>
              <h2
                id={`${s.anchor}-title`}
                className="mt-2 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl"
              >
                {s.title}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-slate-600">{s.summary}</p>
              <ul className="mt-6 space-y-3">
                {s.points.map((p) => (
                  <li key={p} className="flex gap-3 text-slate-700">
                    <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
                    {p}
                  </li>
                ))}
              </ul>
              {s.service && kinds && (
                <PriceList id={`${s.anchor}-prices`} kinds={kinds.filter((k) => k.service === s.service)} />
              )}
              <div className="mt-8">
                {s.anchor === 'three' ? (
                  <Link to={pages.products} className="btn-primary px-6 py-3">
                    <ShoppingBag className="size-4" aria-hidden />
                    Shop Products
                  </Link>
                ) : (
                  <BookButton className="btn-primary px-6 py-3" />
                )}
              </div>
            </div>
          </section>
        ))}
      </div>

      <HeadedSection
        id="how-it-works"
        band="bg-brand-50 py-16 sm:py-20"
        eyebrow="How it works"
        title="Four simple steps"
      >
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS.map((step, i) => (
            <FeatureCard key={step.title} look="step" mark={i + 1} title={step.title} text={step.text} />
          ))}
        </ol>
      </HeadedSection>

      <TestimonialsSection id="services-testimonials" title="Trusted across Nigeria" />

      <HeadedSection
        id="faq"
        band="bg-slate-50 py-16 sm:py-20"
        eyebrow="FAQ"
        title="Frequently asked questions"
      >
        <div className="mt-10">
          <FaqAccordion />
        </div>
      </HeadedSection>

      <section className={`${container} py-16 sm:py-20`} aria-label="Contact us">
        <div className="mx-auto max-w-3xl">
          <ContactForm
            title="Need a quote?"
            intro="Tell us about your space and the problem; we reply within a working day."
          />
        </div>
      </section>
    </>
  )
}
