import { useCallback, useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { CircleCheck, CircleX } from 'lucide-react'
import type { CertificateStatus } from '../../../../contract/certificates.js'
import { formatDay } from '../../../../contract/dates.js'
import { COMPANY } from '../../../lib/company'
import { checkCertificate, type CertificateCheck } from '../check'

const WHY: Record<CertificateStatus, string> = {
  Valid: '',
  Expired: 'Its validity has ended.',
  Revoked: 'GreenShield has withdrawn it.',
}

/**
 * /certificates/:code: the address printed on a fumigation certificate. Anyone, logged in or not, reads
 * whether it is valid, whose it is and its dates; nothing else (docs/rules/certificates.md).
 */
export default function CertificateCheckPage() {
  const code = useParams().code ?? ''
  const [check, setCheck] = useState<CertificateCheck | null>(null)
  const run = useCallback(() => {
    setCheck(null)
    void checkCertificate(code).then(setCheck)
  }, [code])
  useEffect(run, [run])

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Certificate check</h1>
      <div aria-live="polite" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        {check === null ? (
          <p className="text-slate-600">Checking the certificate…</p>
        ) : check.state === 'unknown' ? (
          <>
            <p className="text-lg font-semibold text-red-800">No certificate has this code</p>
            <p className="mt-2 text-slate-700">
              Check the address printed on the certificate, letter by letter. To ask us about a certificate,
              call {COMPANY.phone}.
            </p>
          </>
        ) : check.state === 'failed' ? (
          <>
            <p className="text-red-800">{check.message}</p>
            <button type="button" className="btn-secondary mt-3" onClick={run}>
              Try again
            </button>
          </>
        ) : (
          <Answer answer={check.answer} />
        )}
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Fumigation certificates are issued by {COMPANY.name}. This page shows only whether a certificate is
        valid, the business it was issued to and its dates.
      </p>
    </div>
  )
}

function Answer({ answer }: { answer: Extract<CertificateCheck, { state: 'found' }>['answer'] }) {
  const valid = answer.status === 'Valid'
  return (
    <>
      <p
        className={`flex items-center gap-2 text-2xl font-bold ${valid ? 'text-green-800' : 'text-red-800'}`}
      >
        {valid ? (
          <CircleCheck className="size-7 shrink-0" aria-hidden />
        ) : (
          <CircleX className="size-7 shrink-0" aria-hidden />
        )}
        {valid ? 'Valid' : 'Not valid'}
      </p>
      <p className="mt-1 text-slate-700">
        {valid
          ? `This fumigation certificate is valid until ${formatDay(answer.validUntil)}.`
          : `This fumigation certificate is not valid. ${WHY[answer.status]}`}
      </p>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 break-words">
        <dt className="font-medium text-slate-600">Business</dt>
        <dd className="min-w-0 font-semibold text-slate-900">{answer.businessName}</dd>
        <dt className="font-medium text-slate-600">Treated</dt>
        <dd>{formatDay(answer.treatedOn)}</dd>
        <dt className="font-medium text-slate-600">Issued</dt>
        <dd>{formatDay(answer.issuedOn)}</dd>
        <dt className="font-medium text-slate-600">Valid until</dt>
        <dd>{formatDay(answer.validUntil)}</dd>
      </dl>
    </>
  )
}
