import {
  DEFAULT_BILLING_SETTINGS,
  type BillingSettings,
  type BillingSettingsRequest,
} from '../../contract/billing.js'
import type { Queryable } from '../db/index.js'

/** The admin's billing rules (the defaults until they save any). */
export async function billingSettings(db: Queryable): Promise<BillingSettings> {
  const row = await db.selectFrom('billing_settings').selectAll().where('id', '=', 1).executeTakeFirst()
  if (!row) return { ...DEFAULT_BILLING_SETTINGS }
  return {
    vatRatePercent: row.vat_rate_bp / 100,
    firstServiceOffer: row.first_service_offer === 1,
    firstServicePercent: row.first_service_percent,
    quoteValidDays: row.quote_valid_days,
    invoiceDueDays: row.invoice_due_days,
  }
}

/** VAT in basis points, the unit documentTotals takes. */
export const vatRateBp = (s: Pick<BillingSettings, 'vatRatePercent'>) => Math.round(s.vatRatePercent * 100)

export async function saveBillingSettings(db: Queryable, s: BillingSettingsRequest) {
  const values = {
    vat_rate_bp: vatRateBp(s),
    first_service_offer: s.firstServiceOffer ? 1 : 0,
    first_service_percent: s.firstServicePercent,
    quote_valid_days: s.quoteValidDays,
    invoice_due_days: s.invoiceDueDays,
  }
  await db
    .insertInto('billing_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute()
}
