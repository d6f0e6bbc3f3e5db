import { useEffect } from 'react'
import { formatNaira } from '../../contract/money.js'

/**
 * Loads the browser's number data in a task of its own, as soon as a page that will list prices appears:
 * a page's first Intl formatter costs about 10 ms on a desktop and four times that on a slow phone. Paid
 * inside the render of the list, it would make that render one long task (a tap waits for all of it).
 */
export function usePriceFormatSoon() {
  useEffect(() => {
    const timer = setTimeout(() => formatNaira(0))
    return () => clearTimeout(timer)
  }, [])
}
