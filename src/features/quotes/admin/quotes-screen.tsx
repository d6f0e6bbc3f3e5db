import { useState } from 'react'
import { QUOTE_STATUSES } from '../../../../contract/quotes.js'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { pages } from '../../../../contract/pages.js'
import { DocumentsScreen } from '../../../components/documents/documents-screen'
import { DocumentLink } from '../../../components/documents/document-list'
import {
  BookingNumberField,
  NewDraftForm,
  bookingNumberProblem,
  startingLines,
} from '../../../components/documents/new-draft-form'
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
      newForm={NewQuoteForm}
      list={{
        number: (q) => <DocumentLink to={pages.admin.quote(q.id)} number={q.number} />,
        columns: [
          { label: 'Billed to', cell: (q) => q.billedName },
          { label: 'Booking', cell: (q) => `#${q.bookingId}` },
          { label: 'Issued', cell: (q) => formatDay(q.issuedOn) },
          { label: 'Valid until', cell: (q) => formatDay(q.validUntil) },
          { label: 'Total', cell: (q) => formatNaira(q.total), className: 'tabular-nums' },
        ],
        status: (q) => <QuoteStatusBadge status={q.status} />,
        card: (q) => [
          `${q.billedName} · booking #${q.bookingId}`,
          `Total ${formatNaira(q.total)} · valid until ${formatDay(q.validUntil)}`,
        ],
      }}
    />
  )
}

/** A draft for a booking, with one line to start from; its lines are written on its page. */
function NewQuoteForm({ booking, onCancel }: { booking: string; onCancel: () => void }) {
  const create = useCreateQuote()
  const [bookingId, setBookingId] = useState(booking)
  return (
    <NewDraftForm
      noun="quote"
      check={() => bookingNumberProblem(bookingId)}
      write={async (key) => {
        const answer = await create.mutateAsync({
          body: { bookingId: Number(bookingId), lines: startingLines() },
          key,
        })
        return pages.admin.quote(answer.quote.id)
      }}
      pending={create.isPending}
      onCancel={onCancel}
    >
      {(errorOf) => (
        <BookingNumberField
          id="new-quote-booking"
          value={bookingId}
          onChange={setBookingId}
          error={errorOf('booking')}
          hint="In Bookings, a booking’s details have “Write a quote”, which fills this in."
        />
      )}
    </NewDraftForm>
  )
}
