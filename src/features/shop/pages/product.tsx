import { Link, useParams } from 'react-router'
import { ArrowLeft, ShieldAlert } from 'lucide-react'
import type { Product as ProductType } from '../../../../contract/catalogue.js'
import { pages } from '../../../../contract/pages.js'
import { ApiError, mediaUrl } from '../../../lib/api-client'
import { useSession } from '../../../lib/session'
import { useCart, useCatalogue } from '../api'
import { AddToCartButton } from '../components/add-to-cart-button'
import { StockBadge } from '../components/stock-badge'
import { Price } from '../components/price'
import { NotFoundPanel } from '../components/not-found-panel'
import { PageMeta } from '../../../components/ui/page-meta'

/** How to use the product safely, by category: what our technicians tell every customer. */
const CARE: Record<string, { usage: string[]; safety: string[] }> = {
  'Pest Control': {
    usage: [
      'Read the whole label before use and follow the dose it gives.',
      'Apply where pests hide and travel: cracks, corners, under sinks and behind appliances.',
      'Repeat only as often as the label says; more is not more effective.',
    ],
    safety: [
      'Keep children and pets away from treated areas until they are dry.',
      'Wear gloves; wash your hands and any skin it touches with soap and water.',
      'Keep away from food, plates and water; store in its own container, locked away.',
      'If swallowed or in the eyes, rinse with clean water and see a doctor with the label.',
    ],
  },
  Cleaning: {
    usage: [
      'Dilute as the label says for the surface you are cleaning.',
      'Test on a small hidden area first.',
      'Rinse food-contact surfaces with clean water after use.',
    ],
    safety: [
      'Never mix with bleach or other cleaners.',
      'Use in a well-ventilated room and wear gloves for long jobs.',
      'Keep out of reach of children.',
    ],
  },
  Equipment: {
    usage: [
      'Read the manual before first use and check seals and hoses each time.',
      'Rinse with clean water after each use and let it dry open.',
    ],
    safety: ['Release pressure before opening the tank.', 'Wear a mask and gloves when spraying chemicals.'],
  },
}

/** /products/:id: one product in full, with its use and safety notes and add to cart. */
export default function ProductPage() {
  const { id } = useParams()
  const catalogue = useCatalogue()
  const product = catalogue.data?.find((p) => String(p.id) === id)
  if (!product) {
    if (catalogue.isLoading || catalogue.data === undefined)
      return (
        <p role="status" className="p-10 text-center text-slate-600">
          Loading...
        </p>
      )
    return <NotFoundPanel />
  }
  return <ProductDetail product={product} />
}

function ProductDetail({ product }: { product: ProductType }) {
  const session = useSession()
  const cart = useCart()
  const care = CARE[product.category] ?? CARE['Pest Control']
  const inCart = cart.lines?.find((l) => l.id === product.id)?.quantity ?? 0

  const addOne = async (p: ProductType) => {
    const note = await cart.add(p)
    // The server kept fewer than asked (it sold meanwhile): say so rather than "Added".
    if (note) throw new ApiError(409, note, { message: note })
    return true
  }

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <PageMeta title={product.name} description={product.description.slice(0, 160)} />
      <Link
        to={pages.products}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden /> All products
      </Link>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div className="aspect-square rounded-3xl border border-slate-200 bg-white">
          <img src={mediaUrl(product.image)} alt={product.name} className="size-full object-contain p-6" />
        </div>
        <div>
          {product.category && (
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{product.category}</p>
          )}
          <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{product.name}</h1>
          <Price price={product.price} was={product.originalPrice} look="page" />
          <div className="mt-2">
            <StockBadge stock={product.stock} />
          </div>
          <p className="mt-4 leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>
          {session.status === 'authenticated' && session.role === 'user' ? (
            <>
              <AddToCartButton
                product={product}
                onAdd={addOne}
                buttonClassName="btn-primary mt-6 w-full sm:w-auto sm:px-8"
                statusClassName="mt-2 min-h-5 text-sm"
                iconClassName="size-4"
                idleText={inCart > 0 ? `${inCart} in your cart` : undefined}
              />
            </>
          ) : session.status !== 'authenticated' ? (
            <p className="mt-6 text-sm text-slate-600">
              <Link
                to={pages.login}
                state={{ from: pages.product(product.id) }}
                className="font-semibold text-brand-700"
              >
                Log in
              </Link>{' '}
              to add it to your cart.
            </p>
          ) : null}
          <section className="mt-8" aria-labelledby="usage">
            <h2 id="usage" className="text-lg font-bold text-slate-900">
              How to use
            </h2>
            <Points items={care.usage} className="text-slate-700" />
          </section>
          <section
            className="mt-6 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
            aria-labelledby="safety"
          >
            <h2 id="safety" className="flex items-center gap-2 text-lg font-bold text-amber-900">
              <ShieldAlert className="size-5" aria-hidden /> Safety
            </h2>
            <Points items={care.safety} className="text-amber-950" />
          </section>
        </div>
      </div>
    </article>
  )
}

/** A product's usage or safety points, as a bulleted list. */
function Points({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={`mt-2 list-disc space-y-1 pl-5 ${className}`}>
      {items.map((t) => (
        <li key={t}>{t}</li>
      ))}
    </ul>
  )
}
