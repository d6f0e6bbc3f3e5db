/** A booking as an outbox kind: imported by ./api.ts, so it is known before one is queued. */
import { appointmentBody } from '../../../contract/bookings.js'
import { formatDate, formatTime } from '../../../contract/dates.js'
import { registerOutboxKind } from '../../offline/kinds'

declare module '../../offline/kinds' {
  interface OutboxKinds {
    appointment: true
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

registerOutboxKind('appointment', {
  label: 'Appointment',
  summary: ({ body }) => {
    const b = (body ?? {}) as Record<string, unknown>
    const service = text(b.service)
    const day = /^\d{4}-\d{2}-\d{2}$/.test(text(b.date))
      ? formatDate(`${text(b.date)}T00:00:00`)
      : text(b.date)
    // The estimate line the form showed when it was queued (kept on the device only).
    const estimate = text(b.estimate_label)
    return (
      `${service.charAt(0).toUpperCase()}${service.slice(1)} on ${day} at ${formatTime(text(b.time))}, ` +
      `${text(b.location)}${estimate ? `. ${estimate}` : ''}`
    )
  },
  schema: () => appointmentBody(),
  fields: [
    { path: 'full_name', label: 'Customer’s name' },
    { path: 'phone_number', label: 'WhatsApp number', type: 'tel' },
    { path: 'location', label: 'Location' },
    {
      path: 'service',
      label: 'Service',
      options: [
        { value: 'fumigation', label: 'Fumigation' },
        { value: 'cleaning', label: 'Cleaning' },
      ],
    },
    { path: 'units', label: 'Number of units', type: 'number' },
    { path: 'date', label: 'Date', type: 'date' },
    { path: 'time', label: 'Time', type: 'time' },
    { path: 'info', label: 'Details', multiline: true },
  ],
})
