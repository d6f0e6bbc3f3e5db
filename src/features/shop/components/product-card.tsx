import { useState } from 'react'
import { Check, ShoppingCart } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { Product } from '../../../../contract/catalogue.js'
import { formatNaira } from '../../../../contract/money.js'
import { errorMessage, mediaSrcSet, mediaUrl } from '../../../lib/api-client'
import { StockBadge } from './stock-badge'

interface ProductCardProps {
  product: Product
  /** Adds one to the cart: true when added, false when nothing was tried (logged out); rejects with the reason. */
  onAdd: (product: Product) => Promise<boolean>
}

export function ProductCard({ product, onAdd }: ProductCardProps) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const soldOut = product.stock <= 0
  const discounted = product.originalPrice > product.price

  const add = async () => {
    setBusy(true)
    setResult(null)
    try {
      if (await onAdd(product)) setResult({ ok: true, text: 'Added to cart' })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'An error occurred, try again later') })
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-square bg-slate-50">
        <img
          src={mediaUrl(product.image)}
          srcSet={mediaSrcSet(product.image_variants)}
          // The card's width in the grid: two columns on a phone, three on a tablet, four on a desktop.
          sizes="(min-width: 1280px) 22vw, (min-width: 768px) 30vw, calc(50vw - 46px)"
          alt={product.name}
          loading="lazy"
          className="size-full object-contain p-3"
        />
        {discounted && (
          <span className="absolute left-2 top-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            -{Math.round((1 - product.price / product.originalPrice) * 100)}%
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        {product.category && (
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{product.category}</p>
        )}
        <h3 className="mt-1 font-semibold leading-snug text-slate-900">
          <Link to={`/products/${product.id}`} className="hover:text-brand-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto pt-3">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-lg font-bold text-slate-900">{formatNaira(product.price)}</span>
            {discounted && (
              <s className="text-sm text-slate-400">
                <span className="sr-only">was </span>
                {formatNaira(product.originalPrice)}
              </s>
            )}
          </p>
          <div className="mt-2">
            <StockBadge stock={product.stock} />
          </div>
          <button
            type="button"
            className="btn-primary mt-3 w-full whitespace-nowrap px-2 sm:px-4"
            onClick={add}
            disabled={soldOut || busy}
            aria-label={soldOut ? `${product.name} is sold out` : `Add ${product.name} to cart`}
          >
            <ShoppingCart className="size-4" aria-hidden />
            {busy ? 'Adding...' : soldOut ? 'Sold out' : 'Add to cart'}
          </button>
          <p
            aria-live="polite"
            className={`mt-1 min-h-5 text-xs ${result?.ok ? 'text-brand-700' : 'text-red-700'}`}
          >
            {result && (
              <>
                {result.ok && <Check className="mr-1 inline size-3.5" aria-hidden />}
                {result.text}
              </>
            )}
          </p>
        </div>
      </div>
    </li>
  )
}
