/** Stock over 20 green, 1 to 20 yellow (running low), 0 red. */
export function stockLevel(stock: number): 'high' | 'low' | 'out' {
  return stock > 20 ? 'high' : stock >= 1 ? 'low' : 'out'
}

const styles = {
  high: 'bg-green-100 text-green-800',
  low: 'bg-yellow-100 text-yellow-800',
  out: 'bg-red-100 text-red-800',
}

export function StockBadge({ stock }: { stock: number }) {
  const level = stockLevel(stock)
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${styles[level]}`}>
      {level === 'out' ? 'Out of stock' : `${stock} in stock`}
    </span>
  )
}
