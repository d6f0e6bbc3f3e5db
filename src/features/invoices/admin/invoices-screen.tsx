import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { INVOICE_STATUSES, type InvoiceSummary } from '../../../../contract/invoices.js'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { errorMessage } from '../../../lib/api-client'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { Field } from '../../../components/ui/field'
import { FormActions, FormError } from '../../../components/ui/form-actions'
import { Card, linkButton } from '../../../components/ui/page-header'
import { DataTable } from '../../../components/ui/data-table'
import { CardTop, MobileCards } from '../../../components/ui/mobile-cards'
import { DocumentsScreen } from '../../../components/documents/documents-screen'
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
      newForm={(props) => <NewInvoiceForm {...props} />}
      list={(invoices) => <InvoiceList invoices={invoices} />}
    />
  )
}

function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <>
      <DataTable columns={['Number', 'Billed to', 'Issued', 'Due by', 'Total', 'Amount due', 'Status']}>
        {invoices.map((inv) => (
          <tr key={inv.id}>
            <td className="px-4 py-3">
              <Link to={`/admin/invoices/${inv.id}`} className={`${linkButton} font-mono`}>
                {inv.number}
              </Link>
            </td>
            <td className="px-4 py-3">{inv.billedName}</td>
            <td className="px-4 py-3">{formatDay(inv.issuedOn)}</td>
            <td className="px-4 py-3">{formatDay(inv.dueDate)}</td>
            <td className="px-4 py-3 tabular-nums">{formatNaira(inv.total)}</td>
            <td className="px-4 py-3 tabular-nums">{formatNaira(inv.due)}</td>
            <td className="px-4 py-3">
              <InvoiceStatusBadge status={inv.status} />
            </td>
          </tr>
        ))}
      </DataTable>
      <MobileCards items={invoices} label="Invoices">
        {(inv) => (
          <CardTop
            title={
              <Link to={`/admin/invoices/${inv.id}`} className={`${linkButton} font-mono`}>
                {inv.number}
              </Link>
            }
            badge={<InvoiceStatusBadge status={inv.status} />}
          >
            <p className="text-slate-700">{inv.billedName}</p>
            <p className="text-slate-600">
              Total {formatNaira(inv.total)} · due {formatNaira(inv.due)} by {formatDay(inv.dueDate)}
            </p>
          </CardTop>
        )}
      </MobileCards>
    </>
  )
}

/** A draft from a booking (prefilled from its job) or for a customer's account, then edited on its page. */
function NewInvoiceForm({ booking, onCancel }: { booking: string; onCancel: () => void }) {
  const navigate = useNavigate()
  const create = useCreateInvoice()
  const customers = useInvoiceCustomers()
  const [from, setFrom] = useState<'booking' | 'customer'>('booking')
  const [bookingId, setBookingId] = useState(booking)
  const [customerId, setCustomerId] = useState('')
  const [error, setError] = useState<{ field?: string; text: string } | null>(null)
  // One key per form: a double click or a retry after a lost answer writes one invoice.
  const key = useRef(crypto.randomUUID())
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const id = Number(from === 'booking' ? bookingId : customerId)
    if (!Number.isInteger(id) || id <= 0) {
      setError(
        from === 'booking'
          ? { field: 'booking', text: 'Enter the booking’s number, e.g. 12' }
          : { field: 'customer', text: 'Choose the customer to bill' },
      )
      focusFirstInvalid(formRef.current)
      return
    }
    try {
      const answer = await create.mutateAsync({
        body:
          from === 'booking'
            ? { bookingId: id }
            : {
                customerId: id,
                lines: [{ kind: 'service', description: 'Service', quantity: 1, unitPrice: 0 }],
              },
        key: key.current,
      })
      navigate(`/admin/invoices/${answer.invoice.id}`)
    } catch (err) {
      key.current = crypto.randomUUID()
      setError({ text: errorMessage(err, 'Could not write the invoice. Please try again.') })
    }
  }

  return (
    <Card className="mb-6 max-w-2xl p-5">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="New invoice" className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">New invoice</h2>
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
          <Field
            id="new-invoice-booking"
            label="Booking number"
            error={error?.field === 'booking' ? error.text : null}
            hint="In Bookings, a booking’s details have “Create invoice”, which fills this in."
          >
            <input
              className="field w-40"
              inputMode="numeric"
              value={bookingId}
              onChange={(e) => setBookingId(e.target.value)}
            />
          </Field>
        ) : (
          <Field
            id="new-invoice-customer"
            label="Customer"
            error={error?.field === 'customer' ? error.text : null}
          >
            <select className="field" value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
              <option value="">{customers.isPending ? 'Loading customers…' : 'Choose a customer'}</option>
              {customers.data?.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name || u.username} ({u.username})
                </option>
              ))}
            </select>
          </Field>
        )}
        <FormError message={error && !error.field ? error.text : undefined} />
        <FormActions
          onCancel={onCancel}
          pending={create.isPending}
          submitLabel="Write the draft"
          pendingLabel="Writing…"
        />
      </form>
    </Card>
  )
}
