import { Link } from 'react-router'
import { pages } from '../../../../contract/pages.js'
import { BookButton } from '../../../components/book-button'
import { useFirstServiceOffer } from '../../../lib/first-service-offer'

/** The closing band of the marketing pages: book a visit, or sign up for the first-service discount. */
export function CallToAction({
  title = 'Ready for a pest-free, spotless space?',
  text = 'Bookings are confirmed within 24 hours. Emergency response 2 to 4 hours.',
}: {
  title?: string
  text?: string
}) {
  const offer = useFirstServiceOffer()
  return (
    <section className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 sm:pb-20" aria-labelledby="cta-title">
      <div className="relative isolate overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 to-brand-900 px-6 py-12 text-center text-white shadow-xl sm:px-12 sm:py-16">
        <div
          aria-hidden
          className="absolute -top-16 -left-16 -z-10 size-56 rounded-full bg-brand-500/30 blur-2xl"
        />
        <div
          aria-hidden
          className="absolute -right-10 -bottom-20 -z-10 size-64 rounded-full bg-brand-400/20 blur-2xl"
        />
        <h2 id="cta-title" className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <BookButton className="btn bg-white px-6 py-3 text-brand-800 shadow-sm hover:bg-brand-50" />
          <Link
            to={pages.signUp}
            className="btn border border-white/40 px-6 py-3 text-white hover:bg-white/10"
          >
            {offer === null ? 'Sign up' : `Sign up: ${offer}% off your first service`}
          </Link>
        </div>
      </div>
    </section>
  )
}
