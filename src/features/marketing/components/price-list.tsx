import { priceText } from '../../../../contract/service-prices.js'
import type { ServiceKind } from '../../../../contract/services.js'

/**
 * One service's kinds and what each costs, as the admin priced them. Shown once the list is known (the
 * prerendered page has none: prices change more often than the site is built).
 */
export function PriceList({ id, kinds }: { id: string; kinds: ServiceKind[] }) {
  if (!kinds.length) return null
  return (
    <div className="mt-6 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:p-5">
      <h3 id={id} className="text-sm font-bold tracking-wide text-slate-900 uppercase">
        Prices
      </h3>
      <ul aria-labelledby={id} className="mt-3 divide-y divide-slate-200">
        {kinds.map((k) => (
          <li key={k.id} className="py-2.5">
            <p className="flex flex-wrap items-baseline justify-between gap-x-4">
              <span className="min-w-0 font-semibold text-slate-900">{k.name}</span>
              <span className="ml-auto text-right font-bold text-brand-800">{priceText(k)}</span>
            </p>
            {k.description && <p className="text-sm text-slate-600">{k.description}</p>}
          </li>
        ))}
      </ul>
    </div>
  )
}
