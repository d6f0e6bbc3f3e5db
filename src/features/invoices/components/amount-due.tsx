import type { InvoiceAnswer } from '../../../../contract/invoices.js'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { COMPANY_CONTACT } from '../../../../contract/company.js'

/** What the customer has to pay and by when, or that nothing is left; above the printable invoice. */
export function AmountDue({ invoice }: { invoice: InvoiceAnswer }) {
  if (invoice.status === 'Void') {
    return (
      <p className="rounded-lg bg-red-50 p-4 text-red-800 print:hidden">
        This invoice is void: nothing is due.
      </p>
    )
  }
  if (invoice.due === 0) {
    return <p className="rounded-lg bg-green-50 p-4 text-green-800 print:hidden">Paid in full. Thank you!</p>
  }
  return (
    <div className="rounded-lg bg-brand-50 p-4 print:hidden">
      <p className="text-lg font-semibold text-slate-900">
        Amount due: {formatNaira(invoice.due)} by {formatDay(invoice.dueDate)}
      </p>
      {invoice.depositDue > 0 && (
        <p className="font-medium text-slate-900">
          The deposit of {formatNaira(invoice.depositDue)} you agreed on the quote is due now.
        </p>
      )}
      <p className="text-sm text-slate-700">
        To pay by transfer or on our next visit, call us on {COMPANY_CONTACT.phone} and give the number{' '}
        {invoice.number}.
      </p>
    </div>
  )
}
