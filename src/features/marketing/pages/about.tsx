import { useState } from 'react'
import { Eye, Gem, Target, ZoomIn } from 'lucide-react'
import ContactForm from '../../../components/contact-form'
import { CallToAction } from '../components/call-to-action'
import { CompanyStats } from '../components/company-stats'
import { FeatureCard } from '../components/feature-card'
import { container, HeadedSection, HeroOverlap, PageHero } from '../components/section'
import { Modal } from '../../../components/ui/modal'
import { portrait, TEAM, TIMELINE, type TeamMember } from '../content/about'

const PILLARS = [
  {
    icon: Target,
    title: 'Our mission',
    text: 'To protect the health of Nigerian homes and businesses with pest control and cleaning that is effective, affordable and safe for people and the environment.',
  },
  {
    icon: Eye,
    title: 'Our vision',
    text: 'To be the most trusted name in eco-friendly pest control and cleaning in West Africa, one spotless space at a time.',
  },
  {
    icon: Gem,
    title: 'Our values',
    text: 'Safety first. Honest prices. On time, every time. We treat every home as our own and stand behind our work with a guarantee.',
  },
]

export default function About() {
  const [enlarged, setEnlarged] = useState<TeamMember | null>(null)
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Protecting Nigerian homes and businesses since 2017"
        intro="GreenShield Pest Control & Cleaning began in Lagos with one van and a simple promise: treatments that work, with products that are safe for your family."
      />

      <HeroOverlap label="GreenShield in numbers">
        <CompanyStats look="cards" />
      </HeroOverlap>

      <HeadedSection id="about-purpose" eyebrow="What drives us" title="Mission, vision and values">
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PILLARS.map(({ icon: Icon, title, text }) => (
            <FeatureCard
              key={title}
              look="pillar"
              mark={<Icon className="size-6" aria-hidden />}
              title={title}
              text={text}
            />
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection
        id="about-team"
        band="bg-slate-50 py-16 sm:py-20"
        eyebrow="Our team"
        title="The people behind every visit"
        intro="Select a photo to see it larger."
      >
        <ul
          // Phone columns at least 8.5rem wide: with larger text they widen into one column instead of cutting it.
          className="mt-12 grid grid-cols-[repeat(auto-fill,minmax(min(100%,8.5rem),1fr))] gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4"
        >
          {TEAM.map((member) => (
            <li
              key={member.name}
              className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
            >
              <button
                type="button"
                onClick={() => setEnlarged(member)}
                className="group relative block w-full"
                aria-label={`Enlarge photo of ${member.name}`}
              >
                <img
                  {...portrait(member)}
                  loading="lazy"
                  className="aspect-square w-full object-cover transition-transform duration-300 group-hover:scale-105"
                />
                <span className="absolute right-2 bottom-2 grid size-9 place-items-center rounded-full bg-white/90 text-brand-800 shadow">
                  <ZoomIn className="size-4" aria-hidden />
                </span>
              </button>
              <div className="p-4 sm:p-5">
                <h3 className="font-bold text-slate-900">{member.name}</h3>
                <p className="text-sm text-brand-700">{member.role}</p>
              </div>
            </li>
          ))}
        </ul>
      </HeadedSection>

      <HeadedSection id="about-story" eyebrow="Our story" title="From one van to five hundred clients">
        <ol className="relative mx-auto mt-12 max-w-3xl border-l-2 border-brand-200 pl-8 sm:pl-10">
          {TIMELINE.map((t) => (
            <li key={t.year} className="relative pb-10 last:pb-0">
              <span
                aria-hidden
                className="absolute top-1 -left-[43px] grid size-5 place-items-center rounded-full bg-white ring-4 ring-brand-600 sm:-left-[51px]"
              />
              <p className="text-sm font-extrabold tracking-wide text-brand-700">{t.year}</p>
              <h3 className="mt-1 text-lg font-bold text-slate-900">{t.title}</h3>
              <p className="mt-1 leading-relaxed text-slate-600">{t.text}</p>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <section className={`${container} pb-16 sm:pb-20`} aria-label="Contact us">
        <div className="mx-auto max-w-3xl">
          <ContactForm />
        </div>
      </section>

      <CallToAction />

      <Modal
        open={enlarged !== null}
        title={enlarged?.name ?? ''}
        onClose={() => setEnlarged(null)}
        size="lg"
      >
        {enlarged && (
          <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] sm:items-center">
            <img {...portrait(enlarged)} className="w-full rounded-xl" />
            <div>
              <p className="font-semibold text-brand-700">{enlarged.role}</p>
              <p className="mt-3 leading-relaxed text-slate-600">{enlarged.bio}</p>
            </div>
          </div>
        )}
      </Modal>
    </>
  )
}
