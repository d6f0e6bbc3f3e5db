/**
 * The quick message as an outbox kind: loaded by the contact form together with the outbox when the
 * visitor sends, so the pages that show the form load neither the outbox nor the schema before.
 */
import { quickMessageBody } from '../../contract/messages.js'
import { registerOutboxKind } from '../offline/kinds'

declare module '../offline/kinds' {
  interface OutboxKinds {
    'quick-message': true
  }
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value))

registerOutboxKind('quick-message', {
  label: 'Message',
  summary: ({ body }) => {
    const b = (body ?? {}) as Record<string, unknown>
    const message = text(b.message)
    return `${text(b.name)} (${text(b.email)}): ${message.length > 80 ? `${message.slice(0, 80)}…` : message}`
  },
  schema: () => quickMessageBody,
  fields: [
    { path: 'name', label: 'Name' },
    { path: 'email', label: 'Email', type: 'email' },
    { path: 'message', label: 'Message', multiline: true },
  ],
})
