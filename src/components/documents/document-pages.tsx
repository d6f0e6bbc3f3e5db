import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { UseQueryResult } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { formatDay } from '../../../contract/dates.js'
import { formatNaira } from '../../../contract/money.js'
import { Card, PageHeader, linkButton } from '../ui/page-header'
import { EmptyState, QueryGate } from '../ui/query-state'
import { PrintButton } from './document-view'

/** The way back from one document to its list ("All quotes", "My invoices"); left off the printed page. */
function BackToList({ to, label, className }: { to: string; label: string; className: string }) {
  return (
    <Link
      to={to}
      className={`${linkButton} ${className} inline-flex items-center gap-1 text-sm print:hidden`}
    >
      <ArrowLeft className="size-4" aria-hidden /> {label}
    </Link>
  )
}

/**
 * The back office's page of one quote or invoice (/admin/…/:id): back to the list, then the feature's
 * details once its query has loaded the document the address names.
 */
export function AdminDocumentScreen<T>({
  back,
  useDocument,
  what,
  children,
}: {
  /** [path, words]: ['/admin/quotes', 'All quotes']. */
  back: [string, string]
  useDocument: (id: number) => UseQueryResult<T>
  /** "the quote": "Loading the quote...", "Could not load the quote." */
  what: string
  children: (doc: T) => ReactNode
}) {
  const query = useDocument(Number(useParams().id))
  return (
    <>
      <BackToList to={back[0]} label={back[1]} className="mb-3" />
      <QueryGate query={query} what={what}>
        {query.data && children(query.data)}
      </QueryGate>
    </>
  )
}

/**
 * The head of a quote's or an invoice's back-office page: its title, then its status, "Send to the customer"
 * while it is a draft (`send` given), the feature's own buttons and printing.
 */
export function AdminDocumentHeader({
  title,
  status,
  send,
  children,
}: {
  /** "Quote Q-0012". */
  title: string
  status: ReactNode
  send?: { onClick: () => void; pending: boolean }
  children?: ReactNode
}) {
  return (
    <PageHeader
      title={title}
      actions={
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          {status}
          {send && (
            <button type="button" className="btn-primary" onClick={send.onClick} disabled={send.pending}>
              {send.pending ? 'Sending…' : 'Send to the customer'}
            </button>
          )}
          {children}
          <PrintButton />
        </div>
      }
    />
  )
}

/** The address a sent document's customer opens without logging in, for the office to pass on. */
export function CustomerLinkLine({ link }: { link: string | null }) {
  if (!link) return null
  return (
    <p className="text-sm text-slate-700 print:hidden">
      Link for the customer (opens without logging in):{' '}
      <a className={`${linkButton} break-all`} href={link}>
        {`${window.location.origin}${link}`}
      </a>
    </p>
  )
}

/**
 * A quote or an invoice as its customer opens it, from their account (with the way back to their list) or from
 * the link in the email or SMS: its number, what they can do about it (pay, accept), printing, the document.
 */
export function CustomerDocumentPage<T extends { number: string }>({
  back,
  query,
  title,
  what,
  answer,
  document,
}: {
  /** [path, words] from the customer's account: ['/quotes', 'My quotes']; none on a link's page. */
  back?: [string, string]
  query: UseQueryResult<T>
  /** "Quote": the heading reads "Quote Q-0012". */
  title: string
  /** "the quote": "Loading the quote...". */
  what: string
  /** What the customer does about it, above the print button. */
  answer: (doc: T) => ReactNode
  document: (doc: T) => ReactNode
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {back && <BackToList to={back[0]} label={back[1]} className="mb-4" />}
      <QueryGate query={query} what={what}>
        {query.data && (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold text-slate-900">
              {title} {query.data.number}
            </h1>
            {answer(query.data)}
            <PrintButton />
            {document(query.data)}
          </div>
        )}
      </QueryGate>
    </div>
  )
}

/** The customer's list of their quotes or invoices: each one's number (a link to it), date, total and status. */
export function CustomerDocumentsPage<
  T extends { id: number; number: string; issuedOn: string; total: number },
>({
  title,
  query,
  what,
  empty,
  href,
  more,
  status,
}: {
  /** "My invoices". */
  title: string
  query: UseQueryResult<T[]>
  /** "your invoices": "Loading your invoices...". */
  what: string
  /** What the page says while there are none. */
  empty: string
  /** The document's own page: `/invoices/${id}`. */
  href: (doc: T) => string
  /** A line under the total when there is more to say (what is due, until when it can be accepted). */
  more: (doc: T) => ReactNode
  status: (doc: T) => ReactNode
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      <QueryGate query={query} what={what}>
        {query.data?.length === 0 ? (
          <EmptyState>{empty}</EmptyState>
        ) : (
          <ul className="space-y-3">
            {query.data?.map((doc) => (
              <li key={doc.id}>
                <Card className="flex flex-wrap items-start justify-between gap-3 p-4 text-sm">
                  <div className="min-w-0">
                    <Link to={href(doc)} className={`${linkButton} font-mono text-base`}>
                      {doc.number}
                    </Link>
                    <p className="text-slate-600">
                      Issued {formatDay(doc.issuedOn)} · total {formatNaira(doc.total)}
                    </p>
                    {more(doc)}
                  </div>
                  {status(doc)}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
    </div>
  )
}
