import { Link } from 'react-router'
import type { Product } from '../../../../contract/catalogue.js'
import { pages } from '../../../../contract/pages.js'
import { mediaSrcSet, mediaUrl } from '../../../lib/api-client'
import { AddToCartButton } from './add-to-cart-button'
import { StockBadge } from './stock-badge'
import { Price } from './price'

interface ProductCardProps {
  product: Product
  /** Adds one to the cart: true when added, false when nothing was tried (logged out); rejects with the reason. */
  onAdd: (product: Product) => Promise<boolean>
}

export function ProductCard({ product, onAdd }: ProductCardProps) {
  const discounted = product.originalPrice > product.price

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
          <Link to={pages.product(product.id)} className="hover:text-brand-700 hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{product.description}</p>
        <div className="mt-auto pt-3">
          <Price price={product.price} was={product.originalPrice} look="card" />
          <div className="mt-2">
            <StockBadge stock={product.stock} />
          </div>
          <AddToCartButton
            product={product}
            onAdd={onAdd}
            buttonClassName="btn-primary mt-3 w-full whitespace-nowrap px-2 sm:px-4"
            statusClassName="mt-1 min-h-5 text-xs"
            iconClassName="size-3.5"
          />
        </div>
      </div>
    </li>
  )
}
