import { useRef, useState, type FormEvent } from 'react'
import {
  invoiceDraftBody,
  INVOICE_PAYMENT_METHOD_LABELS,
  MANUAL_PAYMENT_METHODS,
  manualPaymentBody,
  refundInvoicePaymentBody,
  voidInvoiceBody,
  type AdminInvoiceAnswer,
  type InvoicePaymentAnswer,
} from '../../../../contract/invoices.js'
import { formatDateTime, todayIso, BUSINESS_TIME_ZONE } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { pages } from '../../../../contract/pages.js'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { splitErrors } from '../../../components/documents/lines-editor'
import { DraftForm } from '../../../components/documents/draft-form'
import {
  AdminDocumentHeader,
  AdminDocumentScreen,
  CustomerLinkLine,
} from '../../../components/documents/document-pages'
import { Field } from '../../../components/ui/field'
import { Options } from '../../../components/ui/options'
import { TextField } from '../../../components/ui/text-field'
import { FormActions, ResultLine, SaveRow, type FormResult } from '../../../components/ui/form-actions'
import { Modal } from '../../../components/ui/modal'
import { Card, linkButton } from '../../../components/ui/page-header'
import {
  useAdminInvoice,
  useRecordPayment,
  useRefundInvoicePayment,
  useSaveDraft,
  useSendInvoice,
  useVoidInvoice,
} from '../api'
import { InvoiceStatusBadge } from '../components/invoice-status'
import { InvoiceDocument } from '../components/invoice-document'

/** /admin/invoices/:id: one invoice; a draft is edited and sent, a sent one takes payments, any unpaid one is voided. */
export default function InvoiceDetailScreen() {
  return (
    <AdminDocumentScreen
      back={[pages.admin.invoices, 'All invoices']}
      useDocument={useAdminInvoice}
      what="the invoice"
    >
      {(inv) => <InvoiceDetail invoice={inv} />}
    </AdminDocumentScreen>
  )
}

function InvoiceDetail({ invoice }: { invoice: AdminInvoiceAnswer }) {
  const send = useSendInvoice()
  const [result, setResult] = useState<FormResult>(null)
  const [voiding, setVoiding] = useState(false)
  const canPay = invoice.status === 'Sent' || invoice.status === 'Part-paid'

  const onSend = async () => {
    setResult(null)
    try {
      setResult({ ok: true, text: (await send.mutateAsync(invoice.id)).message })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'Could not send. Please try again.') })
    }
  }

  return (
    <>
      <AdminDocumentHeader
        title={`Invoice ${invoice.number}`}
        status={<InvoiceStatusBadge status={invoice.status} />}
        send={invoice.status === 'Draft' ? { onClick: onSend, pending: send.isPending } : undefined}
      >
        {invoice.status !== 'Void' && invoice.paid === 0 && (
          <button type="button" className="btn-secondary" onClick={() => setVoiding(true)}>
            Void
          </button>
        )}
      </AdminDocumentHeader>
      <div className="space-y-6">
        <ResultLine result={result} />
        <CustomerLinkLine link={invoice.link} />
        {invoice.status === 'Draft' && <InvoiceDraft key={invoice.id} invoice={invoice} />}
        <InvoiceDocument invoice={invoice} />
        <Payments invoice={invoice} />
        {canPay && <PaymentForm invoice={invoice} />}
      </div>
      <VoidDialog invoice={invoice} open={voiding} onClose={() => setVoiding(false)} />
    </>
  )
}

function InvoiceDraft({ invoice }: { invoice: AdminInvoiceAnswer }) {
  const save = useSaveDraft()
  const [dueDate, setDueDate] = useState(invoice.dueDate)
  return (
    <DraftForm
      idPrefix="draft"
      start={{ ...invoice, discount: invoice.totals.discount, vatRatePercent: invoice.totals.vatRatePercent }}
      noteLabel="Note on the invoice"
      schema={invoiceDraftBody}
      body={(common) => ({ ...common, dueDate })}
      save={(body) => save.mutateAsync({ id: invoice.id, body })}
      pending={save.isPending}
      totalsNote={
        invoice.offerPercent === null &&
        invoice.customerId !== null &&
        'The first-service offer is added on saving when this customer still has it.'
      }
      fields={(errors) => (
        <TextField
          id="draft-due"
          label="Due by"
          error={errors.dueDate}
          type="date"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
        />
      )}
    />
  )
}

const REFUND_WORDS = {
  pending: 'refund asked',
  processing: 'refund under way',
  refunded: 'refunded',
  failed: 'refund refused by the gateway, retried',
} as const

function Payments({ invoice }: { invoice: AdminInvoiceAnswer }) {
  const [refunding, setRefunding] = useState<InvoicePaymentAnswer | null>(null)
  if (invoice.payments.length === 0) return null
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Payments</h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {invoice.payments.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              {formatDateTime(p.receivedAt)} · {INVOICE_PAYMENT_METHOD_LABELS[p.method]}
              {p.source === 'on_site' ? ' (taken on site)' : ''}
              {p.reference ? ` · ${p.reference}` : ''}
              {p.refund && (
                <span className="font-medium text-amber-800"> · {REFUND_WORDS[p.refund.status]}</span>
              )}
            </span>
            <span className="flex items-center gap-3">
              <span className={`font-semibold tabular-nums ${p.refund ? 'line-through' : ''}`}>
                {formatNaira(p.amount)}
              </span>
              {p.source === 'gateway' && !p.refund && (
                <button
                  type="button"
                  className={linkButton}
                  aria-label={`Refund ${formatNaira(p.amount)}`}
                  onClick={() => setRefunding(p)}
                >
                  Refund
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <RefundDialog invoice={invoice} payment={refunding} onClose={() => setRefunding(null)} />
    </Card>
  )
}

function PaymentForm({ invoice }: { invoice: AdminInvoiceAnswer }) {
  const record = useRecordPayment()
  const today = todayIso(new Date(), BUSINESS_TIME_ZONE)
  const [form, setForm] = useState({
    amount: String(invoice.due),
    method: 'bank_transfer' as (typeof MANUAL_PAYMENT_METHODS)[number],
    reference: '',
    receivedOn: today,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [result, setResult] = useState<FormResult>(null)
  const key = useRef(crypto.randomUUID())
  const formRef = useRef<HTMLFormElement>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setResult(null)
    const parsed = manualPaymentBody.safeParse({ ...form, clientKey: key.current })
    if (!parsed.success) {
      setErrors(splitErrors(parsed.error.issues).fields)
      focusFirstInvalid(formRef.current)
      return
    }
    setErrors({})
    try {
      const answer = await record.mutateAsync({ id: invoice.id, body: parsed.data })
      key.current = crypto.randomUUID()
      setResult({ ok: true, text: answer.data.message })
    } catch (err) {
      const field = err instanceof ApiError ? (err.body as { field?: string } | null)?.field : undefined
      if (field) setErrors({ [field]: errorMessage(err, '') })
      else
        setResult({ ok: false, text: errorMessage(err, 'Could not record the payment. Please try again.') })
      if (err instanceof ApiError) key.current = crypto.randomUUID()
    }
  }

  return (
    <Card className="p-5 print:hidden">
      <form ref={formRef} onSubmit={submit} noValidate aria-label="Record a payment" className="space-y-4">
        <h2 className="text-lg font-semibold text-slate-900">Record a payment</h2>
        <div className="flex flex-wrap gap-4">
          <TextField
            id="pay-amount"
            label="Amount (₦)"
            error={errors.amount}
            className="field w-40"
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
          />
          <Field id="pay-method" label="How it came" error={errors.method}>
            <select
              className="field"
              value={form.method}
              onChange={(e) => setForm({ ...form, method: e.target.value as typeof form.method })}
            >
              <Options values={MANUAL_PAYMENT_METHODS} labels={INVOICE_PAYMENT_METHOD_LABELS} />
            </select>
          </Field>
          <TextField
            id="pay-reference"
            label="Reference"
            error={errors.reference}
            value={form.reference}
            onChange={(e) => setForm({ ...form, reference: e.target.value })}
          />
          <TextField
            id="pay-date"
            label="Date received"
            error={errors.receivedOn}
            type="date"
            max={today}
            value={form.receivedOn}
            onChange={(e) => setForm({ ...form, receivedOn: e.target.value })}
          />
        </div>
        <SaveRow label="Record the payment" pending={record.isPending} result={result} />
      </form>
    </Card>
  )
}

/** A confirmation that needs a reason (void an invoice, refund a payment): the server's own check first. */
function ReasonDialog({
  id,
  title,
  intro,
  cancelLabel,
  submitLabel,
  open,
  onClose,
  check,
  confirm,
  pending,
}: {
  id: string
  title: string
  intro: string
  cancelLabel: string
  submitLabel: string
  open: boolean
  onClose: () => void
  check: (
    reason: string,
  ) =>
    { success: true; data: { reason: string } } | { success: false; error: { issues: { message: string }[] } }
  confirm: (reason: string) => Promise<unknown>
  pending: boolean
}) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const [refused, setRefused] = useState('')
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setError('')
    setRefused('')
    const parsed = check(reason)
    if (!parsed.success) {
      setError(parsed.error.issues[0].message)
      focusFirstInvalid(e.currentTarget)
      return
    }
    try {
      await confirm(parsed.data.reason)
      onClose()
    } catch (err) {
      setRefused(errorMessage(err, 'That did not go through. Please try again.'))
    }
  }
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">{intro}</p>
        <TextField
          id={id}
          label="Reason"
          error={error || null}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <FormActions
          error={refused}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          pending={pending}
          submitLabel={submitLabel}
        />
      </form>
    </Modal>
  )
}

function VoidDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: AdminInvoiceAnswer
  open: boolean
  onClose: () => void
}) {
  const voidIt = useVoidInvoice()
  return (
    <ReasonDialog
      id="void-reason"
      title={`Void invoice ${invoice.number}`}
      intro="A void invoice keeps its number and can no longer be paid. A first-service offer it carried goes back to the customer."
      cancelLabel="Keep it"
      submitLabel="Void the invoice"
      open={open}
      onClose={onClose}
      check={(reason) => voidInvoiceBody.safeParse({ reason })}
      confirm={(reason) => voidIt.mutateAsync({ id: invoice.id, reason })}
      pending={voidIt.isPending}
    />
  )
}

function RefundDialog({
  invoice,
  payment,
  onClose,
}: {
  invoice: AdminInvoiceAnswer
  payment: InvoicePaymentAnswer | null
  onClose: () => void
}) {
  const refund = useRefundInvoicePayment()
  return (
    <ReasonDialog
      id="refund-reason"
      title={payment ? `Refund ${formatNaira(payment.amount)}` : 'Refund'}
      intro={`The payment goes back to the customer's card or account through the payment gateway, and invoice ${invoice.number} owes it again.`}
      cancelLabel="Keep the payment"
      submitLabel="Refund"
      open={payment !== null}
      onClose={onClose}
      check={(reason) => refundInvoicePaymentBody.safeParse({ reason })}
      confirm={(reason) => refund.mutateAsync({ id: invoice.id, paymentId: payment!.id, reason })}
      pending={refund.isPending}
    />
  )
}
