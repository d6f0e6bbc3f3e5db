import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Clock, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react'
import { ApiError } from '../../lib/api-client'
import { COMPANY, SOCIAL_LINKS } from '../../lib/company'
import { useWorkingHoursText } from '../../lib/working-hours'
import { Modal } from '../../components/ui/modal'
import { SocialIcon } from './social-icon'
import { pages } from '../../../contract/pages.js'

export const NEWSLETTER_THANKS = 'Thank you for subscribing!'

/** POST newsletter/ { email }: 201 is a new subscriber, 200 an existing one (the server says so). */
export function NewsletterForm() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setResult(null)
    try {
      // The messages' data module brings the query library: loaded when the visitor subscribes, not
      // with every page the footer is on.
      const { subscribeToNewsletter } = await import('../../features/messages/api')
      const res = await subscribeToNewsletter(email)
      setResult({ ok: true, text: res.created ? NEWSLETTER_THANKS : res.message })
      setEmail('')
    } catch (err) {
      setResult({
        ok: false,
        text:
          err instanceof ApiError && err.message
            ? err.message
            : 'Could not subscribe right now. Check your connection and try again.',
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="mt-3" aria-describedby={`${id}-result`}>
      <label htmlFor={`${id}-email`} className="sr-only">
        Subscribe to our newsletter
      </label>
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-brand-800 bg-brand-900/60 px-3 py-2.5 text-base text-white placeholder:text-brand-200/60 focus:border-brand-400 focus:ring-2 focus:ring-brand-400/40 focus:outline-none"
        />
        <button type="submit" className="btn bg-brand-400 text-brand-950 hover:bg-brand-300" disabled={busy}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p
        id={`${id}-result`}
        role={result && !result.ok ? 'alert' : 'status'}
        className={`mt-2 min-h-5 text-sm ${result?.ok ? 'text-brand-200' : 'text-red-300'}`}
      >
        {result?.text}
      </p>
    </form>
  )
}

type Legal = 'privacy' | 'terms' | null

const footerLink = 'text-sm text-brand-100/85 hover:text-white hover:underline'

/** The footer's columns of links, each a navigation landmark named after its title. */
const FOOTER_LINKS: { title: string; links: [to: string, text: string][] }[] = [
  {
    title: 'Services',
    links: [
      [`${pages.services}#one`, 'Pest control & fumigation'],
      [`${pages.services}#two`, 'Upholstery & deep cleaning'],
      [`${pages.services}#three`, 'Cleaning chemicals'],
    ],
  },
  {
    title: 'Company',
    links: [
      [pages.about, 'About'],
      [pages.contact, 'Contact'],
      [pages.reviews, 'Reviews'],
      [pages.blog, 'Blog'],
      [pages.signUp, 'Sign Up'],
    ],
  },
]

export function Footer() {
  const [legal, setLegal] = useState<Legal>(null)
  const hours = useWorkingHoursText()
  return (
    <footer className="bg-brand-950 text-brand-50">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <p className="flex items-center gap-2 text-lg font-extrabold">
            <span className="grid size-9 place-items-center rounded-xl bg-brand-700">
              <ShieldCheck className="size-5" aria-hidden />
            </span>
            {COMPANY.shortName}
          </p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-brand-100/80">
            Eco-friendly pest control, fumigation and deep cleaning for homes and businesses across Nigeria.
          </p>
          <ul className="mt-5 space-y-2 text-sm text-brand-100/85">
            <FooterContact icon={<MapPin className="size-4" aria-hidden />}>{COMPANY.address}</FooterContact>
            <FooterContact icon={<Phone className="size-4" aria-hidden />}>
              <a href={COMPANY.phoneHref} className="hover:text-white hover:underline">
                {COMPANY.phone}
              </a>
            </FooterContact>
            <FooterContact icon={<Mail className="size-4" aria-hidden />}>
              <a href={`mailto:${COMPANY.email}`} className="hover:text-white hover:underline">
                {COMPANY.email}
              </a>
            </FooterContact>
            <FooterContact icon={<Clock className="size-4" aria-hidden />}>{hours}</FooterContact>
          </ul>
        </div>
        {FOOTER_LINKS.map(({ title, links }) => (
          <nav key={title} aria-label={title} className="lg:col-span-2">
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
            <ul className="mt-4 space-y-2.5">
              {links.map(([to, text]) => (
                <li key={to}>
                  <Link to={to} className={footerLink}>
                    {text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="sm:col-span-2 lg:col-span-4">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Newsletter</h2>
          <p className="mt-4 text-sm text-brand-100/80">
            Seasonal pest alerts, cleaning tips and offers. No spam, unsubscribe any time.
          </p>
          <NewsletterForm />
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${s.label} (opens in a new tab)`}
                  className="grid size-10 place-items-center rounded-full bg-brand-900 text-brand-100 transition-colors hover:bg-brand-700 hover:text-white"
                >
                  <SocialIcon name={s.icon} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-900">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-xs text-brand-100/70 sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {COMPANY.name}
          </p>
          <div className="flex gap-4">
            <button
              type="button"
              className="hover:text-white hover:underline"
              onClick={() => setLegal('privacy')}
            >
              Privacy Policy
            </button>
            <button
              type="button"
              className="hover:text-white hover:underline"
              onClick={() => setLegal('terms')}
            >
              Terms of Service
            </button>
          </div>
        </div>
      </div>
      <Modal open={legal === 'privacy'} title="Privacy Policy" onClose={() => setLegal(null)} size="lg">
        <LegalText>
          <p>
            We collect only what we need to serve you: your name, email, phone number and service address when
            you book, buy or write to us, and your email when you subscribe to the newsletter.
          </p>
          <p>
            We use these details to confirm bookings, deliver orders, answer messages and send the newsletter
            you asked for. Card payments are handled by our payment provider; we never see or store card
            numbers.
          </p>
          <p>
            We do not sell your data. You can ask us to correct or delete it at any time by writing to{' '}
            {COMPANY.email}, in line with the Nigeria Data Protection Act 2023.
          </p>
        </LegalText>
      </Modal>
      <Modal open={legal === 'terms'} title="Terms of Service" onClose={() => setLegal(null)} size="lg">
        <LegalText>
          <p>
            Bookings are confirmed within 24 hours. Emergency response takes 2 to 4 hours within our service
            areas. Please give us at least 24 hours&apos; notice to reschedule.
          </p>
          <p>
            Product prices are in naira (₦). Delivery fees are not included, and all sales are final with no
            returns.
          </p>
          <p>
            We use eco-friendly products applied by trained technicians. Follow the safety advice given on the
            day of treatment, including any time to stay away from treated rooms.
          </p>
        </LegalText>
      </Modal>
    </footer>
  )
}

function FooterContact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5">
      <span className="mt-0.5 text-brand-400">{icon}</span>
      <span>{children}</span>
    </li>
  )
}

function LegalText({ children }: { children: ReactNode }) {
  return <div className="space-y-3 text-sm leading-relaxed text-slate-700">{children}</div>
}
