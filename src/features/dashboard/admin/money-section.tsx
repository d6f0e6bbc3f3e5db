import { useState, type FormEvent } from 'react'
import { ArrowDownRight, ArrowUpRight } from 'lucide-react'
import type { MoneySummary } from '../../../../contract/dashboard.js'
import { MONEY_SOURCE_LABEL, moneyExportQuery, moneyMethodLabel } from '../../../../contract/ledger.js'
import { BUSINESS_TIME_ZONE, formatDay, todayIso } from '../../../../contract/dates.js'
import { formatNaira } from '../../../../contract/money.js'
import { Card } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { Field } from '../../../components/ui/field'
import { FormActions, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { fieldErrors } from '../../../lib/field-errors'
import { focusFirstInvalid } from '../../../lib/focus-first-invalid'
import { invoicesExportUrl, moneyExportUrl, useMoney } from '../api'
import { monthName } from '../months'
import { IncomeChart } from './income-chart'

const payments = (n: number) => `${n} payment${n === 1 ? '' : 's'}`
const invoices = (n: number) => `${n} invoice${n === 1 ? '' : 's'}`

/** This month so far against the whole of last month: income net of refunds and how many payments. */
function ThisMonthCard({ money }: { money: MoneySummary }) {
  const { this_month: now, last_month: last, change_percent: change } = money
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">This month against last</h3>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-slate-600">{monthName(now.month)} so far</dt>
          <dd className="text-2xl font-bold text-slate-900">{formatNaira(now.income)}</dd>
          <dd className="text-slate-600">{payments(now.count)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{monthName(last.month)}</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatNaira(last.income)}</dd>
          <dd className="text-slate-600">{payments(last.count)}</dd>
        </div>
      </dl>
      <p className="mt-3 flex items-center gap-1.5 text-sm font-medium">
        {change === null ? (
          <span className="text-slate-600">No income last month to compare with.</span>
        ) : change >= 0 ? (
          <>
            <ArrowUpRight className="size-4 text-brand-700" aria-hidden />
            <span className="text-brand-800">Up {change}% on last month</span>
          </>
        ) : (
          <>
            <ArrowDownRight className="size-4 text-red-700" aria-hidden />
            <span className="text-red-800">Down {Math.abs(change)}% on last month</span>
          </>
        )}
      </p>
    </Card>
  )
}

/** This month's payments by method and by where they came (gateway, on site), largest first. */
function ByMethodCard({ money }: { money: MoneySummary }) {
  const largest = Math.max(1, ...money.by_method.map((m) => m.amount))
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">Payments by method</h3>
      <p className="text-sm text-slate-600">{monthName(money.this_month.month)}</p>
      {money.by_method.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No payments this month yet.</p>
      ) : (
        <ul className="mt-3 space-y-3 text-sm" aria-label="Payments by method this month">
          {money.by_method.map((m) => (
            <li key={`${m.source} ${m.method}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium text-slate-900">
                  {moneyMethodLabel(m.method)}{' '}
                  <span className="font-normal text-slate-600">· {MONEY_SOURCE_LABEL[m.source]}</span>
                </span>
                <span className="font-semibold whitespace-nowrap text-slate-900">
                  {formatNaira(m.amount)}
                </span>
              </div>
              <div className="mt-1 flex items-center gap-2">
                <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                  <span
                    className="block h-full rounded-full bg-brand-600"
                    style={{ width: `${(m.amount / largest) * 100}%` }}
                  />
                </span>
                <span className="text-xs whitespace-nowrap text-slate-600">{payments(m.count)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** What the balance is made of: the gateway's settlements less refunds and withdrawals. */
function BalanceCard({ money }: { money: MoneySummary }) {
  const b = money.balance
  const rows = [
    ['Settled by the payment gateway', formatNaira(b.gateway_income)],
    ['Less refunds', `− ${formatNaira(b.refunds)}`],
    ['Less withdrawals', `− ${formatNaira(b.withdrawn)}`],
  ]
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">How the balance is made</h3>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className="whitespace-nowrap text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-3 py-1.5 font-semibold">
          <dt>Balance</dt>
          <dd className="whitespace-nowrap">{formatNaira(b.balance)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        Apart: {formatNaira(b.on_site)} taken on site by technicians, which never passed through the gateway.
      </p>
    </Card>
  )
}

/** What customers still owe on sent invoices, by how long ago they were sent. */
function OutstandingCard({ money }: { money: MoneySummary }) {
  const total = money.outstanding.reduce((sum, a) => sum + a.due, 0)
  const count = money.outstanding.reduce((n, a) => n + a.count, 0)
  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">Outstanding invoices</h3>
      <p className="text-sm text-slate-600">
        {count === 0
          ? 'Nothing is owed on sent invoices.'
          : `${formatNaira(total)} due on ${invoices(count)}`}
      </p>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {money.outstanding.map((a) => (
          <div key={a.age} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <dt className="text-slate-600">
              Sent {a.age} ago <span className="text-slate-500">· {invoices(a.count)}</span>
            </dt>
            <dd
              className={`whitespace-nowrap ${a.due > 0 ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
            >
              {formatNaira(a.due)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

/** Starts the browser's download of a file the server sends as an attachment; the page stays. */
function download(url: string) {
  const link = document.createElement('a')
  link.href = url
  link.download = ''
  document.body.append(link)
  link.click()
  link.remove()
}

/** What the accountant can download: the ledger's events, or the invoices issued. */
const EXPORTS = {
  money: { label: 'Payments, refunds and withdrawals', what: 'the payments CSV', url: moneyExportUrl },
  invoices: { label: 'Invoices issued', what: 'the invoices CSV', url: invoicesExportUrl },
}

/** From, To and Download CSV: the ledger of a range of Lagos days, for the accountant. */
function ExportForm() {
  const thisMonth = () => {
    const today = todayIso(new Date(), BUSINESS_TIME_ZONE)
    return { from: `${today.slice(0, 8)}01`, to: today }
  }
  const [range, setRange] = useState(thisMonth)
  const [file, setFile] = useState<keyof typeof EXPORTS>('money')
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  const [result, setResult] = useState<FormResult>(null)

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    setResult(null)
    // The server's own rules (real dates, From before To, at most a year), so a refusal shows at once.
    const checked = moneyExportQuery.safeParse(range)
    if (!checked.success) {
      setErrors(fieldErrors(checked.error))
      focusFirstInvalid(e.currentTarget)
      return
    }
    setErrors({})
    download(EXPORTS[file].url(checked.data))
    setResult({
      ok: true,
      text: `Downloading ${EXPORTS[file].what} of ${formatDay(checked.data.from)} to ${formatDay(checked.data.to)}.`,
    })
  }

  const change = (name: 'from' | 'to') => (e: React.ChangeEvent<HTMLInputElement>) => {
    setRange((r) => ({ ...r, [name]: e.target.value }))
    setErrors((old) => ({ ...old, [name]: undefined }))
  }

  return (
    <Card className="p-5">
      <h3 className="text-lg font-semibold text-slate-900">Export for the accountant</h3>
      <p className="mt-1 text-sm text-slate-600">
        The days you choose (Lagos time), one row each, as a CSV file a spreadsheet opens.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <Field id="money-export-file" label="File">
          <select
            className="field"
            value={file}
            onChange={(e) => setFile(e.target.value as keyof typeof EXPORTS)}
          >
            {Object.entries(EXPORTS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="money-export-from" label="From" error={errors.from}>
            <input type="date" className="field" value={range.from} onChange={change('from')} required />
          </Field>
          <Field id="money-export-to" label="To" error={errors.to} hint="At most 366 days.">
            <input type="date" className="field" value={range.to} onChange={change('to')} required />
          </Field>
        </div>
        <FormActions
          onCancel={() => {
            setRange(thisMonth())
            setErrors({})
            setResult(null)
          }}
          cancelLabel="This month"
          pending={false}
          submitLabel="Download CSV"
          className="flex flex-wrap justify-end gap-3"
        />
        <ResultLine result={result} />
      </form>
    </Card>
  )
}

/** The owner's money on the dashboard: income by month, this month, the balance's parts, the export. */
export function MoneySection() {
  const money = useMoney()
  return (
    <section aria-labelledby="money-heading" className="space-y-4">
      <h2 id="money-heading" className="text-xl font-bold text-slate-900">
        Money
      </h2>
      <div className="grid gap-4 *:min-w-0 lg:grid-cols-3">
        <QueryGate query={money} what="the money figures">
          {money.data && (
            <>
              <Card className="p-5 lg:col-span-2">
                <h3 className="mb-1 text-lg font-semibold text-slate-900">Income by month</h3>
                <p className="mb-3 text-sm text-slate-600">
                  The last 12 months, refunds subtracted. Money taken on site is striped: it never passed
                  through the payment gateway.
                </p>
                <IncomeChart months={money.data.months} />
              </Card>
              <ThisMonthCard money={money.data} />
              <ByMethodCard money={money.data} />
              <BalanceCard money={money.data} />
              <OutstandingCard money={money.data} />
            </>
          )}
        </QueryGate>
        {/* The export needs none of the figures: it works even when they fail to load. */}
        <ExportForm />
      </div>
    </section>
  )
}
