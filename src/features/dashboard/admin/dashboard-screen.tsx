import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import {
  Banknote,
  CalendarCheck,
  CheckCircle2,
  Home,
  Package,
  ShoppingBag,
  Users,
  Wallet,
} from 'lucide-react'
import { formatNaira } from '../../../../contract/money.js'
import { formatDate, formatDateTime } from '../../../../contract/dates.js'
import { localPhone } from '../../../../contract/phone.js'
import { errorMessage } from '../../../lib/api-client'
import { Modal } from '../../../components/ui/modal'
import {
  useMoveWithdrawal,
  usePayoutAccountSaved,
  useRequestWithdrawal,
  useStats,
  useWithdrawals,
} from '../api'
import { monthName } from '../months'
import { MoneySection } from './money-section'
import { NO_PAYOUT_ACCOUNT, withdrawalBody, type Withdrawal } from '../../../../contract/withdrawals.js'
import type { DashboardStats, TakenOnSite } from '../../../../contract/dashboard.js'
import { PAYMENT_METHOD_LABEL } from '../../../../contract/job-status.js'
import { pages } from '../../../../contract/pages.js'
import { Card } from '../../../components/ui/page-header'
import { QueryGate } from '../../../components/ui/query-state'
import { StatusBadge } from '../../../components/ui/status-badge'
import { PlainTable, type TableColumn } from '../../../components/ui/plain-table'
import { useActionError } from '../../../components/ui/use-action-error'
import { Field } from '../../../components/ui/field'
import { FormError, ResultLine, type FormResult } from '../../../components/ui/form-actions'

const QUICK_LINKS = [
  { to: pages.home, label: 'Home Page', icon: Home },
  { to: pages.products, label: 'Product Page', icon: Package },
  { to: pages.book, label: 'Appointment Page', icon: CalendarCheck },
  { to: pages.admin.orders, label: 'Orders', icon: ShoppingBag },
]

function Stat({
  label,
  value,
  icon: Icon,
  action,
}: {
  label: string
  value: string
  icon: typeof Users
  action?: React.ReactNode
}) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-500">{label}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="size-6" aria-hidden />
        </span>
      </div>
      {action}
    </Card>
  )
}

const ON_SITE_NOTE =
  'Cash, transfers and POS payments technicians recorded on their reports. Not part of the balance: ' +
  'this money never passed through the payment gateway, so it cannot be withdrawn here.'

/** The latest payments technicians took at the customer's, newest first. */
function TakenOnSiteCard({ onSite }: { onSite: TakenOnSite }) {
  return (
    <Card className="overflow-hidden">
      <div className="px-5 pt-5 pb-3">
        <h2 className="text-lg font-semibold text-slate-900">Latest payments taken on site</h2>
        <p className="mt-1 text-sm text-slate-600">{ON_SITE_NOTE}</p>
      </div>
      {onSite.latest.length === 0 ? (
        <p className="px-5 pb-5 text-slate-500">No payments recorded by technicians yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100 px-5 pb-3 text-sm" aria-label="Payments taken on site">
          {onSite.latest.map((p) => (
            <li
              key={p.booking_id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-2.5"
            >
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900">
                  {p.customer} · <span className="capitalize">{p.service}</span> (job #{p.booking_id})
                </span>
                <span className="block text-slate-600">
                  {PAYMENT_METHOD_LABEL[p.method]}
                  {p.reference ? ` · Ref ${p.reference}` : ''} · taken by {p.technician}
                </span>
                <span className="block text-xs text-slate-500">{formatDateTime(p.occurred_at)}</span>
              </span>
              <span className="font-semibold whitespace-nowrap text-slate-900">{formatNaira(p.amount)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** Records a withdrawal request (amount 1..balance, checked by the server) and lists earlier ones. */
function WithdrawDialog({ open, balance, onClose }: { open: boolean; balance: number; onClose: () => void }) {
  const [amount, setAmount] = useState('')
  const [result, setResult] = useState<FormResult>(null)
  const withdraw = useRequestWithdrawal()
  const history = useWithdrawals(open)
  const payoutSaved = usePayoutAccountSaved(open)
  const noAccount = payoutSaved.data === false

  async function submit(e: FormEvent) {
    e.preventDefault()
    setResult(null)
    try {
      // The server's own rule: "25,000" and "₦25,000" are amounts too.
      const checked = withdrawalBody.safeParse({ amount })
      if (!checked.success) {
        setResult({ ok: false, text: checked.error.issues[0].message })
        return
      }
      if (checked.data.amount > balance) {
        setResult({
          ok: false,
          text: `The amount is more than the available balance of ${formatNaira(balance)}.`,
        })
        return
      }
      const answer = await withdraw.mutateAsync(checked.data.amount)
      setResult({ ok: true, text: answer.message })
      setAmount('')
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'An error occurred, try again later') })
    }
  }

  // The dialog stays mounted: a reopened dialog starts blank, not with the last request's answer.
  function close() {
    setAmount('')
    setResult(null)
    onClose()
  }

  return (
    <Modal open={open} title="Withdraw" onClose={close}>
      <p className="text-sm text-slate-600">Available balance: {formatNaira(balance)}</p>
      {noAccount && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" id="withdraw-no-account">
          {NO_PAYOUT_ACCOUNT}{' '}
          <Link to={pages.admin.settings} className="font-semibold underline">
            Open Settings
          </Link>
        </p>
      )}
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <Field id="withdraw-amount" label="Amount (₦)" className="min-w-40 flex-1">
          <input
            inputMode="decimal"
            autoComplete="off"
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            className="field"
          />
        </Field>
        <button
          type="submit"
          className="btn-primary"
          disabled={withdraw.isPending || noAccount}
          aria-describedby={noAccount ? 'withdraw-no-account' : undefined}
        >
          {withdraw.isPending ? 'Requesting...' : 'Request withdrawal'}
        </button>
      </form>
      {result && (
        <ResultLine
          result={result}
          className="mt-3 text-sm"
          okClassName="text-green-700"
          errorClassName="text-red-700"
        />
      )}
      <h3 className="mt-6 mb-2 font-semibold text-slate-800">Previous requests</h3>
      <QueryGate query={history} what="withdrawal requests">
        {history.data?.length ? (
          <ul
            className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm"
            aria-label="Withdrawal requests"
          >
            {history.data.map((w) => (
              <WithdrawalItem key={w.id} withdrawal={w} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No withdrawal requests yet.</p>
        )}
      </QueryGate>
    </Modal>
  )
}

/** One request: amount, account, who or what asked, its status, and the admin's moves while Pending. */
function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const move = useMoveWithdrawal()
  const [paying, setPaying] = useState(false)
  const [reference, setReference] = useState('')
  const { error, attempt } = useActionError('An error occurred, try again later')
  const send = async (body: { status: 'Paid'; reference: string } | { status: 'Cancelled' }) => {
    if (await attempt(() => move.mutateAsync({ id: w.id, body }))) setPaying(false)
  }
  return (
    <li className="py-2" aria-label={`${formatNaira(w.amount)} withdrawal, ${w.status}`}>
      <div className="flex items-start justify-between gap-3">
        <span>
          <span className="font-medium">{formatNaira(w.amount)}</span>
          {w.automatic && <span className="ml-1.5 text-xs font-semibold text-brand-700">Automatic</span>}
          <span className="block text-xs text-slate-500">
            {formatDateTime(w.created)}
            {w.admin ? ` · ${w.admin}` : ''}
          </span>
          {w.account_number && (
            <span className="block text-xs text-slate-600">
              To {w.account_name} · {w.bank_name} {w.account_number}
            </span>
          )}
          {w.reference && <span className="block text-xs text-slate-600">Reference {w.reference}</span>}
        </span>
        <StatusBadge status={w.status} />
      </div>
      {w.status === 'Pending' && !paying && (
        <div className="mt-1.5 flex gap-2">
          <button type="button" className="btn-secondary px-2.5 py-1 text-xs" onClick={() => setPaying(true)}>
            Mark as paid
          </button>
          <button
            type="button"
            className="btn-secondary px-2.5 py-1 text-xs text-red-700"
            onClick={() => void send({ status: 'Cancelled' })}
            disabled={move.isPending}
          >
            Cancel request
          </button>
        </div>
      )}
      {paying && (
        <form
          className="mt-1.5 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            void send({ status: 'Paid', reference })
          }}
        >
          <Field
            id={`withdrawal-${w.id}-reference`}
            label="Transfer reference"
            labelClassName="text-xs font-medium text-slate-600"
          >
            <input
              className="field py-1 text-sm"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          </Field>
          <button type="submit" className="btn-primary px-2.5 py-1 text-xs" disabled={move.isPending}>
            Save as paid
          </button>
          <button
            type="button"
            className="btn-secondary px-2.5 py-1 text-xs"
            onClick={() => setPaying(false)}
          >
            Back
          </button>
        </form>
      )}
      <FormError className="mt-1 text-xs text-red-700" message={error} />
    </li>
  )
}

/** The latest bookings' table, from sm up (phones get a list). */
const LATEST_BOOKING_COLUMNS: readonly TableColumn<DashboardStats['latest_bookings'][number]>[] = [
  { label: 'Name', cell: (b) => b.full_name, className: 'font-medium text-slate-900' },
  { label: 'Service', cell: (b) => b.service, className: 'capitalize' },
  { label: 'Phone', cell: (b) => localPhone(b.phone_number), className: 'whitespace-nowrap' },
  { label: 'Date', cell: (b) => formatDate(`${b.date}T00:00`), className: 'whitespace-nowrap' },
  { label: 'Status', cell: (b) => <StatusBadge status={b.status} /> },
]

export default function Dashboard() {
  const stats = useStats()
  const [withdrawOpen, setWithdrawOpen] = useState(false)
  const data = stats.data

  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Dashboard</h1>
      <QueryGate query={stats} what="the dashboard">
        {data && (
          <div className="space-y-6">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Stat
                label="Total Bookings"
                value={String(data.total_bookings.total_bookings)}
                icon={CalendarCheck}
              />
              <Stat
                label="Balance"
                value={formatNaira(data.balance)}
                icon={Wallet}
                action={
                  <button
                    type="button"
                    className="btn-primary mt-3 w-full"
                    onClick={() => setWithdrawOpen(true)}
                  >
                    Withdraw
                  </button>
                }
              />
              <Stat
                label="Completed Services"
                value={String(data.completed.completed_services)}
                icon={CheckCircle2}
              />
              <Stat
                label={`Taken on site, ${monthName(data.taken_on_site.month)}`}
                value={formatNaira(data.taken_on_site.month_total)}
                icon={Banknote}
                action={
                  <p className="mt-2 text-xs text-slate-600">
                    {data.taken_on_site.month_count} payment{data.taken_on_site.month_count === 1 ? '' : 's'}{' '}
                    by technicians. Not part of the balance.
                  </p>
                }
              />
            </div>
            <MoneySection />
            <TakenOnSiteCard onSite={data.taken_on_site} />

            <Card className="p-5">
              <h2 className="mb-3 text-lg font-semibold text-slate-900">Quick Links</h2>
              <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
                {QUICK_LINKS.map(({ to, label, icon: Icon }) => (
                  <Link
                    key={to}
                    to={to}
                    className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-3 text-sm font-medium text-slate-800 hover:border-brand-600 hover:text-brand-800"
                  >
                    <Icon className="size-5 text-brand-700" aria-hidden />
                    {label}
                  </Link>
                ))}
              </div>
            </Card>

            {/* One column below xl is minmax(0, 1fr): a long e-mail in Users is cut (truncate), not widening the page. */}
            <div className="grid grid-cols-1 gap-6 xl:grid-cols-3">
              <Card className="overflow-hidden xl:col-span-2">
                <h2 className="px-5 pt-5 pb-3 text-lg font-semibold text-slate-900">Latest Bookings</h2>
                {data.latest_bookings.length === 0 ? (
                  <p className="px-5 pb-5 text-slate-500">No bookings yet.</p>
                ) : (
                  <>
                    <ul className="divide-y divide-slate-100 px-5 pb-3 text-sm sm:hidden">
                      {data.latest_bookings.map((b) => (
                        <li key={b.id} className="flex items-start justify-between gap-3 py-2.5">
                          <span className="min-w-0">
                            <span className="block truncate font-medium text-slate-900">{b.full_name}</span>
                            <span className="block text-slate-500">
                              <span className="capitalize">{b.service}</span> ·{' '}
                              {formatDate(`${b.date}T00:00`)}
                            </span>
                            <span className="block text-slate-500">{localPhone(b.phone_number)}</span>
                          </span>
                          <StatusBadge status={b.status} />
                        </li>
                      ))}
                    </ul>
                    <div className="hidden overflow-x-auto sm:block">
                      <PlainTable
                        rows={data.latest_bookings}
                        rowKey={(b) => b.id}
                        columns={LATEST_BOOKING_COLUMNS}
                        look="card"
                      />
                    </div>
                  </>
                )}
              </Card>
              <Card className="p-5">
                <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <Users className="size-5 text-brand-700" aria-hidden /> Users
                </h2>
                <ul className="divide-y divide-slate-100 text-sm">
                  {data.users.map((u) => (
                    <li key={u.email} className="flex items-center justify-between gap-3 py-2">
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-900">
                          {u.full_name || u.email}
                        </span>
                        <span className="block truncate text-slate-500">{u.email}</span>
                      </span>
                      <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        {u.role}
                      </span>
                    </li>
                  ))}
                </ul>
                <Link
                  to={pages.admin.users}
                  className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
                >
                  All users
                </Link>
              </Card>
            </div>
          </div>
        )}
      </QueryGate>
      {data && (
        <WithdrawDialog open={withdrawOpen} balance={data.balance} onClose={() => setWithdrawOpen(false)} />
      )}
    </>
  )
}
