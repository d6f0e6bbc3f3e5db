/** A booking as an outbox kind: imported by ./api.ts, so it is known before one is queued. */
import { appointmentBody } from '../../../contract/bookings.js'
import { formatDate, formatTime } from '../../../contract/dates.js'
import { registerOutboxKind } from '../../offline/kinds'

declare module '../../offline/kinds' {
  interface OutboxKinds {
    appointment: true
  }
}

registerOutboxKind('appointment', {
  label: 'Appointment',
  summary: (_entry, text) => {
    const service = text('service')
    const date = text('date')
    const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(`${date}T00:00:00`) : date
    // The estimate line the form showed when it was queued (kept on the device only).
    const estimate = text('estimate_label')
    return (
      `${service.charAt(0).toUpperCase()}${service.slice(1)} on ${day} at ${formatTime(text('time'))}, ` +
      `${text('location')}${estimate ? `. ${estimate}` : ''}`
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
