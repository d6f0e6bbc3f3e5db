import { Printer } from 'lucide-react'
import { LINE_KIND_LABELS, type DocumentLineAnswer } from '../../../contract/documents.js'
import { COMPANY_CONTACT } from '../../../contract/company.js'
import { formatDay } from '../../../contract/dates.js'
import { formatNaira } from '../../../contract/money.js'
import { localPhone } from '../../../contract/phone.js'
import { TotalsRows, type TotalsLike } from './lines-editor'

/** What DocumentView prints; a quote's or an invoice's answer is given as it is, with these read from it. */
export interface PrintableDocument {
  /** "Invoice" or "Quote". */
  title: string
  number: string
  status: string
  issuedOn: string
  /** [label, YYYY-MM-DD]: "Due by" on an invoice, "Valid until" on a quote. */
  dateLine?: [string, string]
  billedTo: { name: string; phone: string; email: string; address: string }
  lines: readonly DocumentLineAnswer[]
  totals: TotalsLike
  /** Rows under the total: paid, amount due. */
  extra?: [string, number][]
  note?: string
}

/** The button that prints the page: in the print dialog, "Save as PDF" gives the customer their copy. */
export function PrintButton() {
  return (
    <button type="button" className="btn-secondary print:hidden" onClick={() => window.print()}>
      <Printer className="size-4" aria-hidden /> Print or save as PDF
    </button>
  )
}

/**
 * A quote or an invoice as the customer keeps it: the company, the number and dates, who is billed, the
 * lines and the money. Marked `printable`: index.css prints it alone, without the page's chrome.
 */
export function DocumentView({ doc }: { doc: PrintableDocument }) {
  const billed = doc.billedTo
  return (
    <article
      className="printable rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 sm:p-8"
      aria-label={`${doc.title} ${doc.number}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <div className="min-w-0">
          <p className="text-base font-bold text-brand-800">{COMPANY_CONTACT.name}</p>
          <p>{COMPANY_CONTACT.address}</p>
          <p>
            {COMPANY_CONTACT.phone} · {COMPANY_CONTACT.email}
          </p>
        </div>
        <div className="text-left sm:text-right">
          <h2 className="text-xl font-bold text-slate-900">
            {doc.title} {doc.number}
          </h2>
          <p>Status: {doc.status}</p>
          <p>Issued {formatDay(doc.issuedOn)}</p>
          {doc.dateLine && (
            <p>
              {doc.dateLine[0]} {formatDay(doc.dateLine[1])}
            </p>
          )}
        </div>
      </header>
      <section className="border-b border-slate-200 py-4" aria-label="Billed to">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Billed to</h3>
        <p className="font-semibold text-slate-900">{billed.name}</p>
        {billed.address && <p className="break-words">{billed.address}</p>}
        {billed.phone && <p>{localPhone(billed.phone)}</p>}
        {billed.email && <p className="break-all">{billed.email}</p>}
      </section>
      <section className="py-4" aria-label="Lines">
        <ul className="divide-y divide-slate-100">
          {doc.lines.map((line, i) => (
            <li key={i} className="grid grid-cols-[1fr_auto] gap-x-4 py-2">
              <div className="min-w-0">
                <p className="break-words text-slate-900">{line.description}</p>
                <p className="text-xs text-slate-600">
                  {LINE_KIND_LABELS[line.kind]} · {line.quantity} × {formatNaira(line.unitPrice)}
                </p>
              </div>
              <p className="text-right tabular-nums">{formatNaira(line.total)}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="border-t border-slate-200 pt-4" aria-label="Totals">
        <TotalsRows totals={doc.totals} extra={doc.extra} />
      </section>
      {doc.note && <p className="mt-4 whitespace-pre-wrap text-slate-700">{doc.note}</p>}
    </article>
  )
}
