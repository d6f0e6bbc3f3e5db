import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { QUOTE_STATUSES, type QuoteSummary } from '../../../../contract/quotes.js'
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
import { useAdminQuotes, useCreateQuote } from '../api'
import { QuoteStatusBadge } from '../components/quote-status'

/** /admin/quotes: every quote, the office's and the technicians'; a new one for a booking. */
export default function QuotesScreen() {
  return (
    <DocumentsScreen
      title="Quotes"
      noun="quote"
      statuses={QUOTE_STATUSES}
      useList={useAdminQuotes}
      newForm={(props) => <NewQuoteForm {...props} />}
      list={(quotes) => <QuoteList quotes={quotes} />}
    />
  )
}

function QuoteList({ quotes }: { quotes: QuoteSummary[] }) {
  return (
    <>
      <DataTable columns={['Number', 'Billed to', 'Booking', 'Issued', 'Valid until', 'Total', 'Status']}>
        {quotes.map((q) => (
          <tr key={q.id}>
            <td className="px-4 py-3">
              <Link to={`/admin/quotes/${q.id}`} className={`${linkButton} font-mono`}>
                {q.number}
              </Link>
            </td>
            <td className="px-4 py-3">{q.billedName}</td>
            <td className="px-4 py-3">#{q.bookingId}</td>
            <td className="px-4 py-3">{formatDay(q.issuedOn)}</td>
            <td className="px-4 py-3">{formatDay(q.validUntil)}</td>
            <td className="px-4 py-3 tabular-nums">{formatNaira(q.total)}</td>
            <td className="px-4 py-3">
              <QuoteStatusBadge status={q.status} />
            </td>
          </tr>
        ))}
      </DataTable>
      <MobileCards items={quotes} label="Quotes">
        {(q) => (
          <CardTop
            title={
              <Link to={`/admin/quotes/${q.id}`} className={`${linkButton} font-mono`}>
                {q.number}
              </Link>
            }
            badge={<QuoteStatusBadge status={q.status} />}
          >
            <p className="text-slate-700">
              {q.billedName} · booking #{q.bookingId}
            </p>
            <p className="text-slate-600">
              Total {formatNaira(q.total)} · valid until {formatDay(q.validUntil)}
            </p>
          </CardTop>
        )}
      </MobileCards>
    </>
  )
}

/** A draft for a booking, with one line to start from; its lines are written on its page. */
function NewQuoteForm({ booking, onCancel }: { booking: string; onCancel: () => void }) {
  const navigate = useNavigate()
  const create = useCreateQuote()
  const [bookingId, setBookingId] = useState(booking)
  const [error, setError] = useState<{ field?: string; text: string } | null>(null)
  // One key per form: a double click or a retry after a lost answer writes one quote.
  const key = useRef(crypto.randomUUID())
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const id = Number(bookingId)
    if (!Number.isInteger(id) || id <= 0) {
      setError({ field: 'booking', text: 'Enter the booking’s number, e.g. 12' })
      focusFirstInvalid(formRef.current)
      return
    }
    try {
      const answer = await create.mutateAsync({
        body: {
          bookingId: id,
          lines: [{ kind: 'service', description: 'Service', quantity: 1, unitPrice: 0 }],
        },
        key: key.current,
      })
      navigate(`/admin/quotes/${answer.quote.id}`)
    } catch (err) {
      key.current = crypto.randomUUID()
      setError({ text: errorMessage(err, 'Could not write the quote. Please try again.') })
    }
  }

  return (
    <Card className="mb-6 max-w-2xl p-5">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="New quote" className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">New quote</h2>
        <Field
          id="new-quote-booking"
          label="Booking number"
          error={error?.field === 'booking' ? error.text : null}
          hint="In Bookings, a booking’s details have “Write a quote”, which fills this in."
        >
          <input
            className="field w-40"
            inputMode="numeric"
            value={bookingId}
            onChange={(e) => setBookingId(e.target.value)}
          />
        </Field>
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
