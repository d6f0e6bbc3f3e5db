import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { UseQueryResult } from '@tanstack/react-query'
import { Award, FileCheck2, FileSignature, ReceiptText } from 'lucide-react'
import { formatDay } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { pages } from '../../../../contract/pages.js'
import { linkButton } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { certificateUrl, reportUrl, useMyDocuments } from '../api'

/**
 * /documents: every paper the customer has from us: service reports, fumigation certificates, quotes and
 * invoices (with their receipts), newest first.
 */
export default function MyDocuments() {
  const { bookings, certificates, quotes, invoices } = useMyDocuments()
  const reports = (bookings.data ?? []).filter((b) => b.report_url)
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">My documents</h1>
      <Section title="Service reports" icon={<FileCheck2 className="size-5" aria-hidden />} query={bookings}>
        {reports.length === 0 ? (
          <Empty>Each completed visit’s report, with its certificate number, appears here.</Empty>
        ) : (
          reports.map((b) => (
            <Row key={b.id}>
              <a href={reportUrl(b.id)} target="_blank" rel="noreferrer" className={linkButton}>
                <span className="capitalize">{b.service}</span> report, {formatDay(b.date)}
              </a>
            </Row>
          ))
        )}
      </Section>
      <Section
        title="Fumigation certificates"
        icon={<Award className="size-5" aria-hidden />}
        query={certificates}
      >
        {certificates.data?.length === 0 ? (
          <Empty>A business’s fumigation certificate appears here once we issue it.</Empty>
        ) : (
          certificates.data?.map((c) => (
            <Row key={c.id} aside={`${c.status} · valid until ${formatDay(c.validUntil)}`}>
              <a
                href={certificateUrl(c.id)}
                target="_blank"
                rel="noreferrer"
                className={`${linkButton} font-mono`}
              >
                {c.number}
              </a>{' '}
              <span className="text-slate-600">{c.businessName}</span>
            </Row>
          ))
        )}
      </Section>
      <Section title="Quotes" icon={<FileSignature className="size-5" aria-hidden />} query={quotes}>
        <PaperRows papers={quotes.data} page={pages.quote} empty="No quotes yet." />
      </Section>
      <Section
        title="Invoices and receipts"
        icon={<ReceiptText className="size-5" aria-hidden />}
        query={invoices}
      >
        <PaperRows papers={invoices.data} page={pages.invoice} empty="No invoices yet." />
      </Section>
    </div>
  )
}

function Section({
  title,
  icon,
  query,
  children,
}: {
  title: string
  icon: ReactNode
  query: UseQueryResult<unknown>
  children: ReactNode
}) {
  const headingId = `documents-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 flex items-center gap-2 text-lg font-semibold text-slate-900">
        {icon} {title}
      </h2>
      <QueryGate query={query} what={title.toLowerCase()}>
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {children}
        </ul>
      </QueryGate>
    </section>
  )
}

/** Quotes and invoices: the number (to its page), the day issued, then status and total. */
function PaperRows({
  papers,
  page,
  empty,
}: {
  papers: { id: number; number: string; status: string; total: number; issuedOn: string }[] | undefined
  page: (id: number) => string
  empty: string
}) {
  if (papers?.length === 0) return <Empty>{empty}</Empty>
  return papers?.map((d) => (
    <Row key={d.id} aside={`${d.status} · ${formatNaira(d.total)}`}>
      <Link to={page(d.id)} className={`${linkButton} font-mono`}>
        {d.number}
      </Link>{' '}
      <span className="text-slate-600">{formatDay(d.issuedOn)}</span>
    </Row>
  ))
}

function Row({ children, aside }: { children: ReactNode; aside?: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
      <span className="min-w-0">{children}</span>
      {aside && <span className="text-slate-600">{aside}</span>}
    </li>
  )
}

const Empty = ({ children }: { children: ReactNode }) => (
  <li className="px-4 py-3 text-sm text-slate-600">{children}</li>
)
