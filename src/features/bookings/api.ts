/** Bookings' data: keys, calls, queries and mutations for /book and the back office's Bookings screen. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AppointmentRequest,
  BookingSettingsRequest,
  RescheduleRequest,
} from '../../../contract/bookings.js'
import type { TreatmentCorrectionRequest } from '../../../contract/staff.js'
import { callApi, callPath, callUrl } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, useOnlineOnlyMutation, useUserMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'
import { submitThroughOutbox } from '../../offline/outbox'
import { useOwnedSnapshotQuery } from '../../offline/snapshot'
// The booking's outbox kind is known before one is queued.
import './offline'

export const bookingKeys = {
  all: (userId: number | null) => [...userScope(userId), 'bookings'] as const,
  /** GET appointment/: an admin gets every booking, anyone else their own (the key names who asked). */
  list: (userId: number | null) => [...bookingKeys.all(userId), 'list'] as const,
  technicians: (userId: number | null) => [...bookingKeys.all(userId), 'technicians'] as const,
  day: (userId: number | null, date: string) => [...bookingKeys.all(userId), 'jobs', date] as const,
  job: (userId: number | null, id: number | null) => [...bookingKeys.all(userId), 'job', id] as const,
  /** The cut-off and working hours: the same for everyone. */
  settings: ['booking-settings'] as const,
  /** Opened by whoever holds a reminder's link, logged in or not: outside any user's scope. */
  link: (token: string) => ['booking-link', token] as const,
}

/** GET booking-settings/: when a booking is an emergency call-out, and until when it can be changed. */
export const useBookingSettings = () =>
  useQuery({
    queryKey: bookingKeys.settings,
    queryFn: () => callApi('GET booking-settings/'),
    staleTime: 10 * 60_000,
  })

export const useSaveBookingSettings = () =>
  useOnlineOnlyMutation(
    (body: BookingSettingsRequest) => callApi('POST admins/booking-settings/', { body }),
    [bookingKeys.settings],
  )

/** The customer cancels their own booking (appointment/{id}/cancel/). */
export const useCancelMyBooking = () =>
  useUserMutation((id: number) => callApi('POST appointment/{id}/cancel/', { params: { id } }))

/** The customer moves their own booking (appointment/{id}/reschedule/). */
export const useRescheduleMyBooking = () =>
  useUserMutation(({ id, body }: { id: number; body: RescheduleRequest }) =>
    callApi('POST appointment/{id}/reschedule/', { params: { id }, body }),
  )

export const fetchBookings = () => callApi('GET appointment/')

/** The service report of a booking whose job has one (`report_url` set): a page to open. */
export const serviceReportUrl = (bookingId: number) =>
  callUrl('GET staff/jobs/{id}/report', { id: bookingId })

export const bookingsQuery = (userId: number | null) =>
  queryOptions({ queryKey: bookingKeys.list(userId), queryFn: fetchBookings, enabled: userId !== null })

/** The customer's own bookings: the saved copy on this device at once (and offline), then the server's. */
export function useBookings() {
  const userId = useUserId()
  return useOwnedSnapshotQuery({
    queryKey: bookingKeys.list(userId),
    userId,
    fetch: fetchBookings,
    table: (db) => db.bookings,
  })
}
/** The back office's list: tried even offline, so a failure shows its Retry panel at once. */
export const useAdminBookings = () => useQuery({ ...bookingsQuery(useUserId()), ...CALL_EVEN_OFFLINE })

/** POST appointment/ through the outbox, so a booking made offline is sent when the network returns. */
export const bookAppointment = (body: AppointmentRequest, userId: number | null) =>
  submitThroughOutbox('appointment', 'POST appointment/', body, userId)

/**
 * Books through the outbox, whatever the network (never paused offline: it is saved on the device first).
 * A booking that reached the server changed the user's lists and wrote a notification: they refresh
 * behind the answer, not before it (on a silent network that refresh would hold "Booking..." until its
 * deadline). A queued one refreshes them when the outbox sends it.
 */
export function useBookAppointment() {
  const queryClient = useQueryClient()
  const userId = useUserId()
  return useMutation({
    networkMode: 'always',
    mutationFn: (vars: { body: AppointmentRequest; userId: number | null }) =>
      bookAppointment(vars.body, vars.userId),
    onSuccess: (result) => {
      if (result.state === 'sent') void queryClient.invalidateQueries({ queryKey: userScope(userId) })
    },
  })
}

/** Pending -> Confirmed -> Completed. */
export const useAdvanceBooking = () =>
  useOnlineOnlyMutation((id: number) => callApi('POST admins/actions/{id}/', { params: { id } }))

/** The admin moves a booking to another time (admins/bookings/{id}/reschedule/); a clash comes back 409. */
export const useAdminReschedule = () =>
  useOnlineOnlyMutation(({ id, body }: { id: number; body: RescheduleRequest }) =>
    callApi('POST admins/bookings/{id}/reschedule/', { params: { id }, body }),
  )

/** Rejecting keeps the booking, with status Cancelled. */
export const useRejectBooking = () =>
  useOnlineOnlyMutation((id: number) => callApi('DELETE admins/delete/{id}/booking/', { params: { id } }))

// ---------- dispatch: assigning technicians ----------

/** The Staff accounts, for the technician picker. */
export const useTechnicians = (enabled: boolean) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: bookingKeys.technicians(userId),
    queryFn: async () => (await callApi('GET get/users/')).filter((u) => u.role === 'Staff'),
    enabled: enabled && userId !== null,
  })
}

/** Every technician's jobs on one day (the picker shows who is free when). */
export const useJobsOn = (date: string | null) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: bookingKeys.day(userId, date ?? ''),
    queryFn: () => callApi('GET staff/jobs/', { query: { from: date!, to: date! } }),
    enabled: date !== null && userId !== null,
  })
}

/** One job with its treatments, for the booking's details (admins read every job). */
export const useJob = (id: number | null) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: bookingKeys.job(userId, id),
    queryFn: () => callApi('GET staff/jobs/{id}/', { params: { id: id! } }),
    enabled: id !== null && userId !== null,
  })
}

/** The office corrects a treatment of a job (also a completed one): who and when are kept by the server. */
export const useCorrectTreatment = () =>
  useOnlineOnlyMutation(
    ({
      jobId,
      treatmentId,
      body,
    }: {
      jobId: number
      treatmentId: string
      body: TreatmentCorrectionRequest
    }) =>
      callApi(
        'POST staff/jobs/{id}/treatments/{treatmentId}/correction/',
        { params: { id: jobId, treatmentId }, body },
        { idempotencyKey: crypto.randomUUID() },
      ),
  )

/** Assign, reassign (another staff_id) or unassign (null); a clash comes back 409 with the server's words. */
export const useAssignBooking = () =>
  useOnlineOnlyMutation(({ id, staffId }: { id: number; staffId: number | null }) =>
    callApi('POST admins/bookings/{id}/assign/', { params: { id }, body: { staff_id: staffId } }),
  )

/** Where a treatment's correction is posted (the office's editor shows it as the phone's outbox would). */
export const treatmentCorrectionPath = (jobId: number, treatmentId: string) =>
  callPath('POST staff/jobs/{id}/treatments/{treatmentId}/correction/', { id: jobId, treatmentId })

/** The booking a reminder's link opens (booking-links/{token}/), without logging in. */
export const useBookingLink = (token: string) =>
  useQuery({
    queryKey: bookingKeys.link(token),
    queryFn: () => callApi('GET booking-links/{token}/', { params: { token } }),
    retry: false,
  })

/** What the holder of a reminder's link answers: they will be there, or cancel. */
export const answerBookingLink = (token: string, answer: 'confirm' | 'cancel') =>
  callApi(`POST booking-links/{token}/${answer}/`, { params: { token } })

export const rescheduleBookingLink = (token: string, body: RescheduleRequest) =>
  callApi('POST booking-links/{token}/reschedule/', { params: { token }, body })
