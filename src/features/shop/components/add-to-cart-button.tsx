import { useState } from 'react'
import { Check, ShoppingCart } from 'lucide-react'
import type { Product } from '../../../../contract/catalogue.js'
import { errorMessage } from '../../../lib/api-client'

interface AddToCartButtonProps {
  product: Product
  /** Adds one to the cart: true when added, false when nothing was tried (logged out); rejects with the reason. */
  onAdd: (product: Product) => Promise<boolean>
  buttonClassName: string
  statusClassName: string
  iconClassName: string
  /** Shown in the status line while there is no answer to show (e.g. how many are already in the cart). */
  idleText?: string
}

/** "Add to cart" (or "Sold out") with its spoken result line, for the product card and the product page. */
export function AddToCartButton({
  product,
  onAdd,
  buttonClassName,
  statusClassName,
  iconClassName,
  idleText,
}: AddToCartButtonProps) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null)
  const soldOut = product.stock <= 0
  const label = busy ? 'Adding...' : soldOut ? 'Sold out' : 'Add to cart'

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
    <>
      <button
        type="button"
        className={buttonClassName}
        onClick={add}
        disabled={soldOut || busy}
        // The name starts with what the button shows (speech control users say what they see).
        aria-label={`${label}: ${product.name}`}
      >
        <ShoppingCart className="size-4" aria-hidden />
        {label}
      </button>
      <p
        aria-live="polite"
        className={`${statusClassName} ${result?.ok ? 'text-brand-700' : 'text-red-700'}`}
      >
        {result ? (
          <>
            {result.ok && <Check className={`mr-1 inline ${iconClassName}`} aria-hidden />}
            {result.text}
          </>
        ) : (
          idleText
        )}
      </p>
    </>
  )
}
