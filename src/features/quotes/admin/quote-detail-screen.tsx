import { useState } from 'react'
import { quoteDraftBody, type AdminQuoteAnswer } from '../../../../contract/quotes.js'
import { formatDateTime } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { pages } from '../../../../contract/pages.js'
import { errorMessage } from '../../../lib/api-client'
import { DraftForm } from '../../../components/documents/draft-form'
import { DocumentLink } from '../../../components/documents/document-list'
import {
  AdminDocumentHeader,
  AdminDocumentScreen,
  CustomerLinkLine,
} from '../../../components/documents/document-pages'
import { TextField } from '../../../components/ui/text-field'
import { ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { ConfirmDialog, useConfirmAction } from '../../../components/ui/confirm-dialog'
import { useAdminQuote, useSaveQuoteDraft, useSendQuote, useWithdrawQuote } from '../api'
import { QuoteStatusBadge } from '../components/quote-status'
import { QuoteDocument } from '../components/quote-document'

/** /admin/quotes/:id: one quote; a draft is edited and sent, an open one withdrawn; the invoice it became. */
export default function QuoteDetailScreen() {
  return (
    <AdminDocumentScreen
      back={[pages.admin.quotes, 'All quotes']}
      useDocument={useAdminQuote}
      what="the quote"
    >
      {(q) => <QuoteDetail quote={q} />}
    </AdminDocumentScreen>
  )
}

function QuoteDetail({ quote }: { quote: AdminQuoteAnswer }) {
  const send = useSendQuote()
  const withdraw = useWithdrawQuote()
  const withdrawing = useConfirmAction<number>()
  const [result, setResult] = useState<FormResult>(null)
  const open = quote.status === 'Draft' || quote.status === 'Sent'

  const act = async (run: () => Promise<{ message: string }>, failed: string) => {
    setResult(null)
    try {
      setResult({ ok: true, text: (await run()).message })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, failed) })
    }
  }

  return (
    <>
      <AdminDocumentHeader
        title={`Quote ${quote.number}`}
        status={<QuoteStatusBadge status={quote.status} />}
        send={
          quote.status === 'Draft'
            ? {
                onClick: () => act(() => send.mutateAsync(quote.id), 'Could not send. Please try again.'),
                pending: send.isPending,
              }
            : undefined
        }
      >
        {open && (
          <button
            type="button"
            className="btn-secondary"
            disabled={withdraw.isPending}
            onClick={() => withdrawing.ask(quote.id)}
          >
            Withdraw
          </button>
        )}
      </AdminDocumentHeader>
      <div className="space-y-6">
        <ResultLine result={result} />
        <p className="text-sm text-slate-700 print:hidden">
          For booking #{quote.bookingId}.
          {quote.acceptedAt && ` Accepted by ${quote.acceptedName} on ${formatDateTime(quote.acceptedAt)}.`}
          {quote.declinedAt &&
            ` Declined on ${formatDateTime(quote.declinedAt)}${quote.declineReason ? `: “${quote.declineReason}”` : ''}.`}
        </p>
        {quote.invoice && (
          <p className="text-sm text-slate-700 print:hidden">
            {quote.invoice.deposit ? 'Invoice (the deposit due first)' : 'Invoice'}:{' '}
            <DocumentLink to={pages.admin.invoice(quote.invoice.id)} number={quote.invoice.number} /> (
            {quote.invoice.status}, {formatNaira(quote.invoice.total)})
          </p>
        )}
        <CustomerLinkLine link={quote.link} />
        {quote.status === 'Draft' && <QuoteDraft key={quote.id} quote={quote} />}
        <QuoteDocument quote={quote} />
      </div>
      <ConfirmDialog
        {...withdrawing.dialog(async (id) => {
          const answer = await withdraw.mutateAsync(id)
          setResult({ ok: true, text: answer.message })
        }, withdraw.isPending)}
        title="Withdraw the quote"
        message={`Withdraw quote ${quote.number}? The customer can then no longer accept it; write a new quote for new terms.`}
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
        danger
      />
    </>
  )
}

function QuoteDraft({ quote }: { quote: AdminQuoteAnswer }) {
  const save = useSaveQuoteDraft()
  const [deposit, setDeposit] = useState(String(quote.depositPercent))
  const [validUntil, setValidUntil] = useState(quote.validUntil)
  return (
    <DraftForm
      idPrefix="quote"
      start={{
        ...quote,
        discount: quote.totals.discount,
        vatRatePercent: quote.totals.vatRatePercent,
        offerPercent: null,
      }}
      noteLabel="Note on the quote"
      schema={quoteDraftBody}
      body={(common) => ({
        ...common,
        depositPercent: deposit.trim() === '' ? 0 : Number(deposit),
        validUntil,
      })}
      save={(body) => save.mutateAsync({ id: quote.id, body })}
      pending={save.isPending}
      totalsNote={
        quote.offerPercent !== null &&
        `This customer still has ${quote.offerPercent}% off their first service: it comes off the invoice.`
      }
      fields={(errors) => (
        <>
          <TextField
            id="quote-deposit"
            label="Deposit on acceptance (%)"
            error={errors.depositPercent}
            hint="0 for none."
            className="field w-28"
            inputMode="numeric"
            value={deposit}
            onChange={(e) => setDeposit(e.target.value)}
          />
          <TextField
            id="quote-valid"
            label="Valid until"
            error={errors.validUntil}
            type="date"
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </>
      )}
    />
  )
}
