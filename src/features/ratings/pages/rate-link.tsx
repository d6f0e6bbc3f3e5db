import { useState, type FormEvent } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { Star } from 'lucide-react'
import type { RatingLinkAnswer } from '../../../../contract/ratings.js'
import { formatDay } from '../../../../contract/dates.js'
import { errorMessage } from '../../../lib/api-client'
import { Field } from '../../../components/ui/field'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormError, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { QueryGate } from '../../../components/ui/query-state'
import { useRateVisit, useRatingLink } from '../api'

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent']

/**
 * /rate/:token: the completion message's link. Without logging in, the customer gives the visit 1 to 5 stars
 * (?stars=5 from a one-tap link preselects them), a comment, and may let us show it as a testimonial.
 */
export default function RateLinkPage() {
  const token = useParams().token ?? ''
  const link = useRatingLink(token)
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">How did we do?</h1>
      <QueryGate query={link} what="your visit">
        {link.data && <RateForm token={token} view={link.data} />}
      </QueryGate>
    </div>
  )
}

function RateForm({ token, view }: { token: string; view: RatingLinkAnswer }) {
  const [params] = useSearchParams()
  const fromLink = Number(params.get('stars'))
  const [stars, setStars] = useState(view.rating?.stars ?? (fromLink >= 1 && fromLink <= 5 ? fromLink : 0))
  const [comment, setComment] = useState(view.rating?.comment ?? '')
  const [publish, setPublish] = useState(view.rating?.publish ?? false)
  const [starsError, setStarsError] = useState('')
  const [error, setError] = useState('')
  const [result, setResult] = useState<FormResult>(null)
  const rate = useRateVisit(token)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError('')
    setResult(null)
    if (stars === 0) {
      setStarsError('Choose from 1 to 5 stars')
      document.getElementById('rate-star-1')?.focus()
      return
    }
    rate.mutate(
      { stars, comment, publish },
      {
        onSuccess: (answer) => setResult({ ok: true, text: answer.message }),
        onError: (err) =>
          setError(errorMessage(err, 'We could not send your rating. Check your connection and try again.')),
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Rate the visit"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-slate-700">
        Your <span className="capitalize">{view.service}</span> visit of {formatDay(view.date)}
        {view.technician && <> with {view.technician}</>}.
      </p>
      <fieldset aria-describedby={starsError ? 'rate-stars-error' : undefined}>
        <legend className="field-label">Your rating</legend>
        <div className="flex flex-wrap gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              htmlFor={`rate-star-${n}`}
              className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                id={`rate-star-${n}`}
                type="radio"
                name="stars"
                value={n}
                className="sr-only"
                checked={stars === n}
                onChange={() => {
                  setStars(n)
                  setStarsError('')
                }}
              />
              <Star
                className={`size-9 ${n <= stars ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
                aria-hidden
              />
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}: {STAR_WORDS[n]}
              </span>
            </label>
          ))}
        </div>
        {stars > 0 && <p className="text-sm text-slate-700">{STAR_WORDS[stars]}</p>}
        {starsError && (
          <p id="rate-stars-error" className="text-sm text-red-700">
            {starsError}
          </p>
        )}
      </fieldset>
      <Field id="rate-comment" label="Comment (optional)">
        <textarea
          className="field min-h-24"
          maxLength={1000}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </Field>
      <Checkbox
        label="You may show my rating and comment on your site, with my first name."
        className="flex items-start gap-2 text-sm text-slate-700"
        boxClassName="mt-0.5 size-4 accent-brand-700"
        checked={publish}
        onChange={(e) => setPublish(e.target.checked)}
      />
      <FormError message={error} />
      <ResultLine result={result} className="text-sm font-medium" />
      <button type="submit" className="btn-primary" disabled={rate.isPending}>
        {rate.isPending ? 'Sending…' : view.rating ? 'Change my rating' : 'Send my rating'}
      </button>
    </form>
  )
}
