/** A cart quantity is at least 1 (0 is a removal, a separate action); it can never exceed what is in stock. */
export function clampQuantity(quantity: number, stock: number): number {
  const max = Math.max(1, stock)
  if (!Number.isFinite(quantity)) return 1
  return Math.min(max, Math.max(1, Math.round(quantity)))
}
