import { Trash2 } from 'lucide-react'
import type { CartItem } from '../../../../contract/cart.js'
import { ProductThumbnail } from '../../../components/ui/product-thumbnail'
import { QuantityStepper } from './quantity-stepper'
import { Price } from './price'

interface CartLineItemProps {
  line: CartItem
  onQuantityChange: (quantity: number) => void
  onRemove: () => void
  removing?: boolean
}

/** One cart line: name, description, image, unit price, struck original price, stock, quantity. */
export function CartLineItem({ line, onQuantityChange, onRemove, removing }: CartLineItemProps) {
  return (
    // The details go under the picture when they would be narrower than 12rem (large text).
    <li className="flex flex-wrap gap-3 py-4">
      <ProductThumbnail image={line.image} className="sm:size-24" />
      <div className="min-w-[min(12rem,100%)] flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold leading-snug text-slate-900">{line.name}</h3>
          <button
            type="button"
            onClick={onRemove}
            disabled={removing}
            className="-m-1 shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50"
            aria-label={`Remove ${line.name} from cart`}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
        <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{line.description}</p>
        <Price price={line.prices} was={line.originalPrice} look="cart" />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            label={line.name}
            quantity={line.quantity}
            stock={line.stock}
            onChange={onQuantityChange}
          />
          <span className={`text-xs ${line.stock > 0 ? 'text-slate-500' : 'font-semibold text-red-700'}`}>
            {line.stock > 0 ? `${line.stock} in stock` : 'Out of stock'}
          </span>
        </div>
      </div>
    </li>
  )
}
