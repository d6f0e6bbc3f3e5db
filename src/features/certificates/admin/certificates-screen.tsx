import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  CERTIFICATE_STATUSES,
  issueCertificateBody,
  type CertificateAnswer,
  type CertificateDraftAnswer,
  type CertificateStatus,
} from '../../../../contract/certificates.js'
import { formatDay } from '../../../../contract/dates.js'
import { fieldErrors } from '../../../lib/field-errors'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { Field } from '../../../components/ui/field'
import { TextField } from '../../../components/ui/text-field'
import { FormActions, FormError } from '../../../components/ui/form-actions'
import { serverRefusal } from '../../../components/ui/server-refusal'
import { useActionError } from '../../../components/ui/use-action-error'
import { Card, linkButton } from '../../../components/ui/page-header'
import { DialogActions, Modal } from '../../../components/ui/modal'
import { QueryGate } from '../../../components/ui/query-state'
import { DocumentsScreen } from '../../../components/documents/documents-screen'
import {
  BOOKING_NUMBER_MISSING,
  BookingNumberField,
  typedId,
} from '../../../components/documents/new-draft-form'
import { DocumentStatusBadge } from '../../../components/documents/document-status'
import {
  certificatePrintUrl,
  useAdminCertificates,
  useCertificateDraft,
  useIssueCertificate,
  useRevokeCertificate,
} from '../api'

const TONES: Record<CertificateStatus, string> = {
  Valid: 'bg-green-100 text-green-800',
  Expired: 'bg-yellow-100 text-yellow-800',
  Revoked: 'bg-red-100 text-red-800',
}

function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  return <DocumentStatusBadge status={status} tones={TONES} />
}

const PrintLink = ({ cert, children }: { cert: CertificateAnswer; children?: ReactNode }) => (
  <a
    href={certificatePrintUrl(cert.id)}
    target="_blank"
    rel="noreferrer"
    className={`${linkButton} font-mono`}
  >
    {children ?? cert.number}
  </a>
)

/**
 * /admin/certificates: the fumigation certificates issued, and "Issue certificate" for a completed booking
 * (opened at once from a booking's details); revoke one issued by mistake (docs/rules/certificates.md).
 */
export default function CertificatesScreen() {
  const [revoking, setRevoking] = useState<CertificateAnswer | null>(null)
  return (
    <>
      <DocumentsScreen
        title="Certificates"
        noun="certificate"
        newLabel="Issue certificate"
        statuses={CERTIFICATE_STATUSES}
        useList={useAdminCertificates}
        newForm={IssueForm}
        list={{
          number: (c) => <PrintLink cert={c} />,
          columns: [
            { label: 'Business', cell: (c) => c.businessName },
            { label: 'Booking', cell: (c) => `#${c.bookingId}` },
            { label: 'Treated', cell: (c) => formatDay(c.treatedOn) },
            { label: 'Valid until', cell: (c) => formatDay(c.validUntil) },
          ],
          status: (c) => <CertificateStatusBadge status={c.status} />,
          actions: (c) =>
            c.status !== 'Revoked' && (
              <button type="button" className={linkButton} onClick={() => setRevoking(c)}>
                revoke<span className="sr-only"> {c.number}</span>
              </button>
            ),
          card: (c) => [
            `${c.businessName} · booking #${c.bookingId}`,
            `Treated ${formatDay(c.treatedOn)} · valid until ${formatDay(c.validUntil)}`,
          ],
        }}
      />
      <RevokeDialog cert={revoking} onClose={() => setRevoking(null)} />
    </>
  )
}

/** Step one: which booking (filled in when a booking's details opened the form); step two: the certificate. */
function IssueForm({ booking, onCancel }: { booking: string; onCancel: () => void }) {
  const [chosen, setChosen] = useState<number | null>(typedId(booking))
  const [typed, setTyped] = useState(booking)
  const [error, setError] = useState('')
  const draft = useCertificateDraft(chosen)

  const choose = (e: FormEvent) => {
    e.preventDefault()
    const id = typedId(typed)
    if (id === null) {
      setError(BOOKING_NUMBER_MISSING)
      focusFirstInvalid(e.currentTarget as HTMLFormElement)
      return
    }
    setError('')
    setChosen(id)
  }

  return (
    <Card className="mb-6 max-w-2xl p-5">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Issue certificate</h2>
      {chosen === null ? (
        <form onSubmit={choose} noValidate aria-label="Choose the booking" className="space-y-4">
          <BookingNumberField
            id="certificate-booking"
            value={typed}
            onChange={setTyped}
            error={error || null}
            hint="A completed booking. In Bookings, its details have “Issue certificate”, which fills this in."
          />
          <FormActions onCancel={onCancel} pending={false} submitLabel="Next" />
        </form>
      ) : (
        <QueryGate query={draft} what={`booking #${chosen}`}>
          {draft.data && <CertificateForm key={chosen} draft={draft.data} onDone={onCancel} />}
        </QueryGate>
      )}
      {chosen !== null && draft.isError && (
        <button type="button" className="btn-secondary mt-3" onClick={() => setChosen(null)}>
          Choose another booking
        </button>
      )}
    </Card>
  )
}

type IssueFields = { businessName: string; premises: string; validUntil: string }

function CertificateForm({ draft, onDone }: { draft: CertificateDraftAnswer; onDone: () => void }) {
  const issue = useIssueCertificate()
  const [fields, setFields] = useState<IssueFields>({
    businessName: draft.businessName,
    premises: draft.premises,
    validUntil: draft.validUntil,
  })
  const [errors, setErrors] = useState<Partial<Record<keyof IssueFields | 'form', string>>>({})
  const [issued, setIssued] = useState<{ message: string; certificate: CertificateAnswer } | null>(null)
  // One key per form: a double click or a retry after a lost answer issues one certificate.
  const key = useRef(crypto.randomUUID())
  const bind = (name: keyof IssueFields) => ({
    value: fields[name],
    onChange: (e: { target: { value: string } }) => {
      setFields((f) => ({ ...f, [name]: e.target.value }))
      setErrors(({ [name]: _gone, ...rest }) => rest)
    },
  })

  // First: the refetched draft names the certificate just issued as the booking's live one.
  if (issued)
    return (
      <div className="space-y-3">
        <p role="status" className="font-medium text-brand-700">
          {issued.message} The customer has been told.
        </p>
        <p>
          <PrintLink cert={issued.certificate}>
            Open certificate {issued.certificate.number} to print it
          </PrintLink>
        </p>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Done
        </button>
      </div>
    )

  if (draft.existing)
    return (
      <div className="space-y-3">
        <p className="text-slate-700">
          Booking #{draft.bookingId} already has certificate <PrintLink cert={draft.existing} /> (
          {draft.existing.status}, valid until {formatDay(draft.existing.validUntil)}). Revoke it in the list
          below to issue a new one.
        </p>
        <button type="button" className="btn-secondary" onClick={onDone}>
          Close
        </button>
      </div>
    )
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const form = e.currentTarget as HTMLFormElement
    const body = { bookingId: draft.bookingId, ...fields }
    // The server's own rules first, so mistakes show under their fields without a round trip.
    const checked = issueCertificateBody.safeParse(body)
    if (!checked.success) {
      setErrors(fieldErrors(checked.error))
      focusFirstInvalid(form)
      return
    }
    try {
      setIssued(await issue.mutateAsync({ body, key: key.current }))
    } catch (err) {
      key.current = crypto.randomUUID()
      // The server's words, under the field it names when it names one; the form stays as typed.
      const { field, message } = serverRefusal(
        err,
        fields,
        'Could not issue the certificate. Please try again.',
      )
      setErrors({ [field ?? 'form']: message })
      focusFirstInvalid(form)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="New certificate" className="space-y-4">
      <p className="text-sm text-slate-600">
        Booking #{draft.bookingId}, treated on {formatDay(draft.treatedOn)}.
      </p>
      <TextField
        id="certificate-businessName"
        label="Business name"
        hint="As it should read on the certificate."
        {...bind('businessName')}
        error={errors.businessName}
      />
      <Field id="certificate-premises" label="Premises address" error={errors.premises}>
        <textarea rows={2} className="field" {...bind('premises')} />
      </Field>
      <TextField
        id="certificate-validUntil"
        label="Valid until"
        type="date"
        min={draft.treatedOn}
        hint="Three months after the treatment unless you choose another day."
        {...bind('validUntil')}
        error={errors.validUntil}
        className="field w-48"
      />
      <div>
        <h3 className="font-medium text-slate-700">Treatments it lists</h3>
        {draft.treatments.length === 0 ? (
          <p className="text-sm text-slate-600">None were recorded on the job: the certificate lists none.</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {draft.treatments.map((t, i) => (
              <li key={i}>
                {t.productName}, {t.quantity} {t.unit}
                {t.activeIngredient && ` · ${t.activeIngredient}`}
                {t.registrationNo
                  ? ` · NAFDAC ${t.registrationNo}`
                  : ' · no registration number on the product'}
              </li>
            ))}
          </ul>
        )}
      </div>
      <FormActions
        error={errors.form}
        onCancel={onDone}
        pending={issue.isPending}
        submitLabel="Issue certificate"
        pendingLabel="Issuing…"
      />
    </form>
  )
}

function RevokeDialog({ cert, onClose }: { cert: CertificateAnswer | null; onClose: () => void }) {
  const revoke = useRevokeCertificate()
  const [reason, setReason] = useState('')
  const { error, setError, attempt } = useActionError('Could not revoke the certificate. Please try again.')
  const close = () => {
    setReason('')
    setError('')
    onClose()
  }
  const confirm = async () => {
    if (!cert) return
    if (await attempt(() => revoke.mutateAsync({ id: cert.id, reason }))) close()
  }
  return (
    <Modal
      open={cert !== null}
      title={`Revoke ${cert?.number ?? ''}`}
      onClose={close}
      size="sm"
      footer={
        <DialogActions
          onCancel={close}
          onConfirm={() => void confirm()}
          confirmLabel="Revoke"
          busyLabel="Revoking…"
          busy={revoke.isPending}
          danger
          cancelWhileBusy
        />
      }
    >
      <p className="mb-3 text-slate-700">
        Its public address will say it is not valid. It keeps its number; the booking can then have a new one.
      </p>
      <TextField
        id="revoke-reason"
        label="Reason (optional)"
        hint="Printed on the revoked certificate."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
      />
      <FormError className="mt-3 text-sm text-red-700" message={error} />
    </Modal>
  )
}
