import { useState } from 'react'
import { formatDay } from '../../../../contract/dates.js'
import type { AdminRatingsAnswer } from '../../../../contract/ratings.js'
import { errorMessage } from '../../../lib/api-client'
import { ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { EmptyState, QueryGate } from '../../../components/ui/query-state'
import { usePublishRating, useOfficeRatings } from '../api'
import { Stars } from '../components/stars'

/** /admin/ratings: how customers rate the visits, per technician and per service; testimonials to show. */
export default function RatingsScreen() {
  const ratings = useOfficeRatings()
  return (
    <>
      <PageHeader title="Ratings" />
      <QueryGate query={ratings} what="the ratings">
        {ratings.data && ratings.data.recent.length === 0 ? (
          <EmptyState>
            No ratings yet. Customers rate a visit from the message sent when it is completed.
          </EmptyState>
        ) : (
          ratings.data && <RatingsView data={ratings.data} />
        )}
      </QueryGate>
    </>
  )
}

function Averages({
  title,
  rows,
}: {
  title: string
  rows: { key: string; name: string; count: number; average: number }[]
}) {
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <li key={r.key} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 font-medium text-slate-900 capitalize">{r.name}</span>
            <span className="flex items-center gap-2 text-slate-700">
              <Stars stars={r.average} /> {r.average.toFixed(1)} ({r.count}{' '}
              {r.count === 1 ? 'rating' : 'ratings'})
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

function RatingsView({ data }: { data: AdminRatingsAnswer }) {
  const publish = usePublishRating()
  const [result, setResult] = useState<FormResult>(null)
  const toggle = async (bookingId: number, published: boolean) => {
    try {
      setResult({ ok: true, text: (await publish.mutateAsync({ id: bookingId, published })).message })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'Could not change it. Please try again.') })
    }
  }
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Averages
          title="By technician"
          rows={data.byTechnician.map((t) => ({ key: String(t.staffId), ...t }))}
        />
        <Averages
          title="By service"
          rows={data.byService.map((s) => ({ key: s.service, name: s.service, ...s }))}
        />
      </div>
      <ResultLine result={result} className="text-sm font-medium" />
      <Card className="p-5">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Latest ratings</h2>
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Latest ratings">
          {data.recent.map((r) => (
            <li key={r.bookingId} className="space-y-1 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Stars stars={r.stars} />
                <span className="text-slate-600">
                  {r.customer} · <span className="capitalize">{r.service}</span> · {formatDay(r.date)}
                  {r.technician && ` · ${r.technician}`}
                </span>
              </div>
              {r.comment && <p className="break-words text-slate-800">“{r.comment}”</p>}
              {r.publish ? (
                <button
                  type="button"
                  className="btn-secondary px-3 py-1.5 text-sm"
                  disabled={publish.isPending}
                  onClick={() => void toggle(r.bookingId, r.publishedAt === null)}
                >
                  {r.publishedAt === null ? 'Show on Reviews' : 'Stop showing'}
                </button>
              ) : (
                <p className="text-xs text-slate-500">The customer did not agree to show it.</p>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}
