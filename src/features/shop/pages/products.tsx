import { BadgePercent, CreditCard, ShieldCheck } from 'lucide-react'
import ContactForm from '../../../components/contact-form'
import { hydrateLater } from '../../../lib/hydrate-later'
import { CartSection } from '../components/cart-section'
import { ProductGrid } from '../components/product-grid'

/** Below the cart and the catalogue: hydrated in a task of its own after them. */
const LaterContactForm = hydrateLater(ContactForm)

/** /products: the cart (or its empty view), the catalogue, then the contact form. */
export default function Products() {
  return (
    <div className="bg-slate-50">
      <header className="bg-brand-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-6 sm:py-14">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-200">Shop</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-4xl">Pest Control &amp; Cleaning Products</h1>
          <p className="mt-2 max-w-2xl text-sm text-brand-100 sm:mt-3 sm:text-base">
            The chemicals, baits and equipment our own technicians trust, delivered to your door.
          </p>
          <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 text-sm text-brand-50 sm:mt-6">
            <li className="flex items-center gap-2">
              <ShieldCheck className="size-4" aria-hidden /> Professional grade
            </li>
            <li className="flex items-center gap-2">
              <BadgePercent className="size-4" aria-hidden /> Discounted prices
            </li>
            <li className="flex items-center gap-2">
              <CreditCard className="size-4" aria-hidden /> Secure card payment
            </li>
          </ul>
        </div>
      </header>
      <CartSection />
      <ProductGrid />
      <section className="bg-white" aria-label="Contact us">
        {/* The same width as the cart and the grid above it, on wide screens too. */}
        <div className="mx-auto max-w-7xl px-4 py-8">
          <LaterContactForm />
        </div>
      </section>
    </div>
  )
}
