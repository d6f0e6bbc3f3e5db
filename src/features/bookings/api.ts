import type { AppointmentRequest, Booking, MessageAnswer } from '../../../contract/index.js'
import { submitThroughOutbox } from '../../offline/outbox'
import { api } from '../../lib/api-client'

export const BOOKINGS_KEY = ['bookings'] as const

/** POST appointment/ through the outbox, so a booking made offline is sent when the network returns. */
export const bookAppointment = (body: AppointmentRequest, userId: number | null) =>
  submitThroughOutbox<MessageAnswer & { id: number }>('appointment', 'appointment/', body, userId)

/** GET appointment/: an admin gets every booking, anyone else their own. */
export const fetchBookings = () => api.get<Booking[]>('appointment/')
