import type { ReactNode } from 'react'
import { Clock, ExternalLink, Headset, Mail, MapPin, Phone } from 'lucide-react'
import ContactForm from '../../../components/contact-form'
import { container, HeroOverlap, PageHero } from '../components/section'
import { COMPANY } from '../../../lib/company'
import { useWorkingHoursText } from '../../../lib/working-hours'

export default function Contact() {
  const hours = useWorkingHoursText()
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Talk to us"
        intro="Call, WhatsApp, email or send a message below. For an urgent pest problem, call us: emergency response 2 to 4 hours."
      />

      <HeroOverlap label="How to reach us">
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <ContactCard icon={<MapPin className="size-5" aria-hidden />} title="Location">
            {COMPANY.address}
          </ContactCard>
          <ContactCard icon={<Phone className="size-5" aria-hidden />} title="Phone">
            <a href={COMPANY.phoneHref} className="font-semibold text-brand-700 hover:underline">
              {COMPANY.phone}
            </a>
            <br />
            <a
              href={COMPANY.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm hover:underline"
            >
              Chat on WhatsApp
            </a>
          </ContactCard>
          <ContactCard icon={<Mail className="size-5" aria-hidden />} title="Email">
            <a
              href={`mailto:${COMPANY.email}`}
              className="font-semibold break-all text-brand-700 hover:underline"
            >
              {COMPANY.email}
            </a>
          </ContactCard>
          <ContactCard icon={<Clock className="size-5" aria-hidden />} title="Opening hours">
            {hours}
            <span className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-brand-800">
              <Headset className="size-4" aria-hidden />
              {COMPANY.customerService}
            </span>
          </ContactCard>
        </ul>
      </HeroOverlap>

      <section
        className={`${container} grid grid-cols-1 gap-8 py-16 sm:py-20 lg:grid-cols-5`}
        aria-label="Message and map"
      >
        <div className="lg:col-span-3">
          <ContactForm />
        </div>
        <MapCard />
      </section>
    </>
  )
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-100 sm:block sm:p-6">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase sm:mt-4">{title}</h2>
        <div className="mt-1 leading-relaxed text-slate-800">{children}</div>
      </div>
    </li>
  )
}

/**
 * A drawn map and the address, with a link out to Google Maps. An embedded map frame needs the
 * network; this card works offline and costs no third-party script.
 */
function MapCard() {
  return (
    <figure className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:col-span-2">
      <img
        src="/images/map.svg"
        alt={`Map showing our office at ${COMPANY.address}`}
        width={640}
        height={400}
        loading="lazy"
        className="aspect-[8/5] w-full flex-1 object-cover"
      />
      <figcaption className="flex flex-col gap-4 p-6">
        <div>
          <p className="font-bold text-slate-900">Visit our office</p>
          <p className="mt-1 text-slate-600">{COMPANY.address}</p>
        </div>
        <a
          href={COMPANY.mapHref}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary self-start"
        >
          Open in Google Maps
          <ExternalLink className="size-4" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  )
}
