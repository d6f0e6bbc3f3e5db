import { formatNaira } from '../../../../contract/money.js'

/** The classes of the line, the price and the old price, for each place a price is shown. */
const LOOKS = {
  card: {
    line: 'flex flex-wrap items-baseline gap-x-2',
    price: 'text-lg font-bold text-slate-900',
    was: 'text-sm text-slate-500',
  },
  page: {
    line: 'mt-3 flex flex-wrap items-baseline gap-x-3',
    price: 'text-2xl font-bold text-slate-900',
    was: 'text-slate-500',
  },
  cart: { line: 'mt-1 text-sm', price: 'font-semibold text-slate-900', was: 'ml-2 text-slate-500' },
}

interface PriceProps {
  /** What it costs now, in kobo. */
  price: number
  /** The price before a discount, in kobo; struck through when higher than the price. */
  was: number
  /** A product card in the grid, the product's own page, or a cart line. */
  look: keyof typeof LOOKS
}

/** A product's price, with the old one struck through (and read as "was") when it is discounted. */
export function Price({ price, was, look }: PriceProps) {
  const classes = LOOKS[look]
  return (
    <p className={classes.line}>
      <span className={classes.price}>{formatNaira(price)}</span>
      {was > price && (
        <s className={classes.was}>
          <span className="sr-only">was </span>
          {formatNaira(was)}
        </s>
      )}
    </p>
  )
}
