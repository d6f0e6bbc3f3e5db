import { useState } from 'react'
import { INVOICE_STATUSES } from '../../../../contract/invoices.js'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { pages } from '../../../../contract/pages.js'
import { CustomerSelect } from '../../../components/ui/customer-options'
import { DocumentsScreen } from '../../../components/documents/documents-screen'
import { DocumentLink } from '../../../components/documents/document-list'
import {
  BookingNumberField,
  NewDraftForm,
  bookingNumberProblem,
  startingLines,
  typedId,
} from '../../../components/documents/new-draft-form'
import { useAdminInvoices, useCreateInvoice, useInvoiceCustomers } from '../api'
import { InvoiceStatusBadge } from '../components/invoice-status'
import { BillingRulesForm } from './billing-rules-form'

/** /admin/invoices: every invoice with what is still due; a new one from a booking or for a customer. */
export default function InvoicesScreen() {
  const [showRules, setShowRules] = useState(false)
  return (
    <DocumentsScreen
      title="Invoices"
      noun="invoice"
      statuses={INVOICE_STATUSES}
      useList={useAdminInvoices}
      actions={
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={showRules}
          onClick={() => setShowRules((v) => !v)}
        >
          Billing rules
        </button>
      }
      above={showRules && <BillingRulesForm />}
      newForm={NewInvoiceForm}
      list={{
        number: (inv) => <DocumentLink to={pages.admin.invoice(inv.id)} number={inv.number} />,
        columns: [
          { label: 'Billed to', cell: (inv) => inv.billedName },
          { label: 'Issued', cell: (inv) => formatDay(inv.issuedOn) },
          { label: 'Due by', cell: (inv) => formatDay(inv.dueDate) },
          { label: 'Total', cell: (inv) => formatNaira(inv.total), className: 'tabular-nums' },
          { label: 'Amount due', cell: (inv) => formatNaira(inv.due), className: 'tabular-nums' },
        ],
        status: (inv) => <InvoiceStatusBadge status={inv.status} />,
        card: (inv) => [
          inv.billedName,
          `Total ${formatNaira(inv.total)} · due ${formatNaira(inv.due)} by ${formatDay(inv.dueDate)}`,
        ],
      }}
    />
  )
}

/** A draft from a booking (prefilled from its job) or for a customer's account, then edited on its page. */
function NewInvoiceForm({ booking, onCancel }: { booking: string; onCancel: () => void }) {
  const create = useCreateInvoice()
  const customers = useInvoiceCustomers()
  const [from, setFrom] = useState<'booking' | 'customer'>('booking')
  const [bookingId, setBookingId] = useState(booking)
  const [customerId, setCustomerId] = useState('')
  // check() lets the draft be written only with one.
  const id = typedId(from === 'booking' ? bookingId : customerId)

  return (
    <NewDraftForm
      noun="invoice"
      check={() =>
        from === 'booking'
          ? bookingNumberProblem(bookingId)
          : id === null
            ? { field: 'customer', text: 'Choose the customer to bill' }
            : null
      }
      write={async (key) => {
        const answer = await create.mutateAsync({
          body: from === 'booking' ? { bookingId: id! } : { customerId: id!, lines: startingLines() },
          key,
        })
        return pages.admin.invoice(answer.invoice.id)
      }}
      pending={create.isPending}
      onCancel={onCancel}
    >
      {(errorOf) => (
        <>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="field-label">Bill</legend>
            {(
              [
                ['booking', 'A booking (its job fills the lines)'],
                ['customer', 'A customer, lines written by hand'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  name="invoice-from"
                  className="size-4 accent-brand-700"
                  checked={from === value}
                  onChange={() => setFrom(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
          {from === 'booking' ? (
            <BookingNumberField
              id="new-invoice-booking"
              value={bookingId}
              onChange={setBookingId}
              error={errorOf('booking')}
              hint="In Bookings, a booking’s details have “Create invoice”, which fills this in."
            />
          ) : (
            <CustomerSelect
              id="new-invoice-customer"
              error={errorOf('customer')}
              value={customerId}
              onChange={setCustomerId}
              customers={customers}
              choose="Choose a customer"
            />
          )}
        </>
      )}
    </NewDraftForm>
  )
}
