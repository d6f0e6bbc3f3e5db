import { useState } from 'react'
import { CalendarDays, List } from 'lucide-react'
import { Link } from 'react-router'
import { bookingAction, canCancelBooking, type Booking } from '../../../../contract/bookings.js'
import { formatDay, formatTime } from '../../../../contract/dates.js'
import { localPhone, whatsappLink } from '../../../../contract/phone.js'
import { JOB_STATUS_LABEL } from '../../../../contract/job-status.js'
import { pages } from '../../../../contract/pages.js'
import { AssignDialog } from './assign-dialog'
import { JobTreatments } from './job-treatments'
import { Modal } from '../../../components/ui/modal'
import {
  serviceReportUrl,
  useAdminBookings,
  useAdminReschedule,
  useAdvanceBooking,
  useRejectBooking,
} from '../api'
import { RescheduleDialog } from '../components/reschedule-dialog'
import { BookingCalendar } from './booking-calendar'
import { filterBookings } from '../filters'
import { ConfirmDialog, useConfirmAction } from '../../../components/ui/confirm-dialog'
import { DataTable } from '../../../components/ui/data-table'
import { FilterBar, SearchBox, SelectFilter } from '../../../components/ui/list-filters'
import { PageHeader, linkButton } from '../../../components/ui/page-header'
import { ListResults, useListFilters } from '../../../components/ui/pagination'
import { QueryGate } from '../../../components/ui/query-state'
import { StatusBadge } from '../../../components/ui/status-badge'
import { CardTop, MobileCards } from '../../../components/ui/mobile-cards'

const STATUS_OPTIONS = [
  ['all', 'All Status'],
  ['attention', 'Needs attention'],
  ['pending', 'Pending'],
  ['confirmed', 'Confirmed'],
  ['completed', 'Completed'],
  ['cancelled', 'Cancelled'],
] as const

/** Only bookings still to be done get a technician (the server answers 409 not_assignable for the others). */
const canAssign = canCancelBooking
/** The button's words: 'confirm' completes the booking, so its dialog says so. */
const ACTION_LABEL = { approve: 'approve', confirm: 'Mark as completed' } as const

/** The booking's Lagos date and time as written, whatever the admin's device zone ("March 10, 2026 at 10:00 AM"). */
const when = (b: Booking) => `${formatDay(b.date)} at ${formatTime(b.time)}`

/** A confirmation's question, then which booking it is about: customer, service and time. */
function aboutBooking(question: string, b: Booking | null) {
  return (
    <>
      {question}
      {b && (
        <span className="mt-2 block font-semibold text-slate-900">
          {b.full_name} · <span className="capitalize">{b.service}</span> · {when(b)}
        </span>
      )}
    </>
  )
}

/** Booked outside the working hours: respond within 2 to 4 hours (docs/rules/bookings.md). */
function EmergencyBadge({ booking }: { booking: Booking }) {
  if (!booking.emergency) return null
  return (
    <span className="ml-1.5 inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">
      Emergency call-out
    </span>
  )
}

/**
 * The technician could not complete the job: the badge and their reason, and what the admin can do.
 * Shown beside the status in the list and at the top of the details.
 */
export function AttentionNote({ booking, full }: { booking: Booking; full?: boolean }) {
  if (!booking.needs_attention) return null
  return (
    <div className={full ? 'rounded-lg border border-amber-300 bg-amber-50 p-3' : 'mt-1.5 max-w-40'}>
      <span className="inline-flex rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        Needs attention
      </span>
      <p className={`mt-1 text-xs break-words text-slate-800 ${full ? 'text-sm' : ''}`}>
        <span className="font-semibold">Unable to complete:</span> {booking.unable_reason}
      </p>
      {full && (
        <p className="mt-1 text-sm text-slate-700">
          Reschedule it, assign a technician or cancel it (reject).
        </p>
      )}
    </div>
  )
}

function WhatsappNumber({ phone }: { phone: string }) {
  const link = whatsappLink(phone)
  const shown = localPhone(phone)
  return link ? (
    <a href={link} target="_blank" rel="noopener noreferrer" className={linkButton}>
      {shown}
    </a>
  ) : (
    <span>{shown}</span>
  )
}

/** The technician and the job's live status; a completed job links its service report. */
export function TechnicianCell({ booking, onAssign }: { booking: Booking; onAssign: (b: Booking) => void }) {
  const assignable = canAssign(booking.status)
  if (!booking.technician && !booking.report_url && !assignable)
    return <span className="text-slate-400">—</span>
  return (
    <div className="space-y-0.5">
      {booking.technician && <p className="font-medium text-slate-900">{booking.technician.name}</p>}
      {booking.job_status && <p className="text-xs text-slate-600">{JOB_STATUS_LABEL[booking.job_status]}</p>}
      {booking.report_url && (
        <a href={serviceReportUrl(booking.id)} target="_blank" rel="noreferrer" className={linkButton}>
          Service report
        </a>
      )}
      {assignable && (
        <button type="button" className={linkButton} onClick={() => onAssign(booking)}>
          {booking.technician ? 'reassign' : 'assign'}
        </button>
      )}
    </div>
  )
}

function DetailsDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  return (
    <Modal open={booking !== null} title={booking?.full_name ?? ''} onClose={onClose}>
      {booking && (
        <div className="space-y-3 text-sm">
          <StatusBadge status={booking.status} />
          <AttentionNote booking={booking} full />
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
            <dt className="font-medium text-slate-500">Service</dt>
            <dd className="capitalize">{booking.service}</dd>
            {booking.service_kind && (
              <>
                <dt className="font-medium text-slate-500">Kind</dt>
                <dd>
                  {booking.service_kind.name}
                  {booking.units != null && ` (${booking.units})`}
                </dd>
              </>
            )}
            {booking.estimate_text && (
              <>
                <dt className="font-medium text-slate-500">Estimate</dt>
                <dd>{booking.estimate_text}</dd>
              </>
            )}
            <dt className="font-medium text-slate-500">Date &amp; Time</dt>
            <dd>
              {when(booking)}
              <EmergencyBadge booking={booking} />
            </dd>
            <dt className="font-medium text-slate-500">Location</dt>
            <dd>{booking.location}</dd>
            <dt className="font-medium text-slate-500">Whatsapp no</dt>
            <dd>
              <WhatsappNumber phone={booking.phone_number} />
            </dd>
          </dl>
          <div>
            <h3 className="font-medium text-slate-500">Booking info</h3>
            <p className="mt-1 whitespace-pre-wrap text-slate-800">{booking.info || 'No details given.'}</p>
          </div>
          {(booking.technician || booking.report_url) && <JobTreatments jobId={booking.id} />}
          {booking.status !== 'Cancelled' && (
            <div className="flex flex-wrap gap-2">
              <Link to={`${pages.admin.quotes}?booking=${booking.id}`} className="btn-secondary">
                Write a quote
              </Link>
              <Link to={`${pages.admin.invoices}?booking=${booking.id}`} className="btn-secondary">
                Create invoice
              </Link>
              {booking.status === 'Completed' && (
                <Link to={`${pages.admin.certificates}?booking=${booking.id}`} className="btn-secondary">
                  Issue certificate
                </Link>
              )}
            </div>
          )}
        </div>
      )}
    </Modal>
  )
}

/** Under the date, as "assign" is under the technician: the Actions column keeps its width at 1366 px. */
function RescheduleButton({
  booking,
  onReschedule,
}: {
  booking: Booking
  onReschedule: (b: Booking) => void
}) {
  if (!canCancelBooking(booking.status)) return null
  return (
    <button type="button" className={`${linkButton} block`} onClick={() => onReschedule(booking)}>
      reschedule
    </button>
  )
}

function ActionButtons({
  booking,
  onAdvance,
  onReject,
  wide,
}: {
  booking: Booking
  onAdvance: (b: Booking) => void
  onReject: (b: Booking) => void
  wide?: boolean
}) {
  // A job the technician could not complete is not "completed": the admin reschedules, reassigns or cancels.
  const action = booking.needs_attention ? null : bookingAction(booking.status)
  const size = wide ? 'flex-1 py-2' : 'whitespace-nowrap px-3 py-1.5'
  // Lower case as the office has always read them ('approve', 'confirm'), like the 'view' link.
  return (
    <div className={`flex gap-2 ${wide ? '' : 'flex-wrap'}`}>
      {action && (
        <button type="button" className={`btn-primary ${size}`} onClick={() => onAdvance(booking)}>
          {ACTION_LABEL[action]}
        </button>
      )}

      {canCancelBooking(booking.status) && (
        <button
          type="button"
          className={`btn-secondary text-red-700 ${size}`}
          onClick={() => onReject(booking)}
        >
          reject
        </button>
      )}
    </div>
  )
}

export default function BookingsScreen() {
  const bookings = useAdminBookings()
  const [calendar, setCalendar] = useState(false)
  const [viewing, setViewing] = useState<Booking | null>(null)
  const [assigning, setAssigning] = useState<Booking | null>(null)
  const [moving, setMoving] = useState<Booking | null>(null)
  const [notice, setNotice] = useState('')
  const reschedule = useAdminReschedule()
  const advancing = useConfirmAction<Booking>()
  const rejecting = useConfirmAction<Booking>()
  const advance = useAdvanceBooking()
  const reject = useRejectBooking()

  const { filtered, pages, searchBox, select } = useListFilters(bookings.data, 'all', filterBookings)

  const askAdvance = advancing.ask
  const askReject = rejecting.ask
  const advanceVerb = advancing.target ? bookingAction(advancing.target.status) : null

  return (
    <>
      <PageHeader
        title="Bookings Management"
        actions={
          <button
            type="button"
            className="btn-secondary"
            aria-pressed={calendar}
            onClick={() => setCalendar((c) => !c)}
          >
            {calendar ? (
              <List className="size-4" aria-hidden />
            ) : (
              <CalendarDays className="size-4" aria-hidden />
            )}
            {calendar ? 'List' : 'Calendar'}
          </button>
        }
      />
      <FilterBar>
        <SearchBox
          {...searchBox}
          label="Search bookings"
          placeholder="Search by name, phone or location..."
        />
        <SelectFilter {...select} label="Filter by status" options={STATUS_OPTIONS} />
      </FilterBar>
      <p
        role="status"
        className={notice ? 'mb-4 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800' : 'sr-only'}
      >
        {notice}
      </p>
      {calendar ? (
        <QueryGate query={bookings} what="bookings">
          <BookingCalendar bookings={filtered} onView={setViewing} />
        </QueryGate>
      ) : (
        <ListResults query={bookings} what="bookings" empty="No bookings found" pages={pages}>
          <DataTable
            rows={pages.pageItems}
            columns={[
              { label: 'Customer', cell: (b) => b.full_name, className: 'font-medium text-slate-900' },
              {
                label: 'Whatsapp no',
                cell: (b) => <WhatsappNumber phone={b.phone_number} />,
                className: 'whitespace-nowrap',
              },
              { label: 'Service', cell: (b) => b.service, className: 'capitalize' },
              {
                label: 'Details',
                cell: (b) => (
                  <button type="button" className={linkButton} onClick={() => setViewing(b)}>
                    view
                  </button>
                ),
              },
              {
                label: 'Date & Time',
                cell: (b) => (
                  <>
                    {/* Day and time on two lines: the table fits a 1366 px laptop without scrolling sideways. */}
                    <span className="block whitespace-nowrap">{formatDay(b.date)}</span>
                    <span className="block whitespace-nowrap text-slate-600">{formatTime(b.time)}</span>
                    <EmergencyBadge booking={b} />
                    <RescheduleButton booking={b} onReschedule={setMoving} />
                  </>
                ),
              },
              {
                label: 'Status',
                cell: (b) => (
                  <>
                    <StatusBadge status={b.status} />
                    <AttentionNote booking={b} />
                  </>
                ),
              },
              { label: 'Technician', cell: (b) => <TechnicianCell booking={b} onAssign={setAssigning} /> },
              {
                label: 'Actions',
                cell: (b) => <ActionButtons booking={b} onAdvance={askAdvance} onReject={askReject} />,
              },
            ]}
          />
          <MobileCards items={pages.pageItems} label="Bookings">
            {(b) => (
              <>
                <CardTop title={b.full_name} badge={<StatusBadge status={b.status} />}>
                  <p className="text-slate-600 capitalize">{b.service}</p>
                </CardTop>
                <AttentionNote booking={b} />
                <p className="mt-2 text-slate-600">
                  {when(b)}
                  <EmergencyBadge booking={b} />
                </p>
                <RescheduleButton booking={b} onReschedule={setMoving} />
                <p className="text-slate-600">{b.location}</p>
                <p className="mt-1">
                  <WhatsappNumber phone={b.phone_number} />
                </p>
                <div className="mt-2">
                  <TechnicianCell booking={b} onAssign={setAssigning} />
                </div>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                  <button type="button" className={linkButton} onClick={() => setViewing(b)}>
                    View Details
                  </button>
                  <ActionButtons booking={b} onAdvance={askAdvance} onReject={askReject} />
                </div>
              </>
            )}
          </MobileCards>
        </ListResults>
      )}

      <DetailsDialog booking={viewing} onClose={() => setViewing(null)} />
      {moving && (
        <RescheduleDialog
          booking={moving}
          send={async (body) => {
            const answer = await reschedule.mutateAsync({ id: moving.id, body })
            setNotice(answer.message)
            return answer.booking
          }}
          busy={reschedule.isPending}
          intro={`${moving.full_name}, ${moving.service}, now ${when(moving)}. The customer will be told.`}
          onClose={() => setMoving(null)}
          onDone={() => setMoving(null)}
        />
      )}
      <AssignDialog booking={assigning} onClose={() => setAssigning(null)} />
      <ConfirmDialog
        {...advancing.dialog((b) => advance.mutateAsync(b.id), advance.isPending)}
        title={advanceVerb === 'confirm' ? 'Mark as completed' : 'Approve Booking'}
        message={aboutBooking(
          advanceVerb === 'confirm'
            ? 'Did the visit take place and was the service done? The customer will be told their service ' +
                'was completed.' +
                (advancing.target?.technician
                  ? ` ${advancing.target.technician.name} is assigned: their report normally completes this job.`
                  : '')
            : 'Are you sure you want to approve?',
          advancing.target,
        )}
        confirmLabel={advanceVerb === 'confirm' ? 'Yes, mark as completed' : 'Approve'}
        busyLabel={advanceVerb === 'confirm' ? 'Saving...' : 'Approving...'}
      />
      <ConfirmDialog
        {...rejecting.dialog((b) => reject.mutateAsync(b.id), reject.isPending)}
        title="Reject Booking"
        message={aboutBooking('Do you want to reject this booking?', rejecting.target)}
        confirmLabel="Reject"
        busyLabel="Rejecting..."
        cancelLabel="No"
        danger
      />
    </>
  )
}
