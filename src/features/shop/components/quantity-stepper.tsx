import { Minus, Plus } from 'lucide-react'
import { clampQuantity } from '../quantity'

interface QuantityStepperProps {
  /** Names the product in the buttons' labels, for screen readers. */
  label: string
  quantity: number
  stock: number
  onChange: (quantity: number) => void
  disabled?: boolean
}

/** − quantity + ; never below 1 nor above the stock. */
export function QuantityStepper({ label, quantity, stock, onChange, disabled }: QuantityStepperProps) {
  const set = (next: number) => {
    const clamped = clampQuantity(next, stock)
    if (clamped !== quantity) onChange(clamped)
  }
  const button =
    'grid size-9 place-items-center text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40'
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
      <button
        type="button"
        className={button}
        aria-label={`Decrease quantity of ${label}`}
        disabled={disabled || quantity <= 1}
        onClick={() => set(quantity - 1)}
      >
        <Minus className="size-4" aria-hidden />
      </button>
      <output
        className="min-w-10 px-2 text-center text-sm font-semibold tabular-nums"
        aria-live="polite"
        aria-label={`Quantity of ${label}`}
      >
        {quantity}
      </output>
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity of ${label}`}
        disabled={disabled || quantity >= stock}
        onClick={() => set(quantity + 1)}
      >
        <Plus className="size-4" aria-hidden />
      </button>
    </div>
  )
}
