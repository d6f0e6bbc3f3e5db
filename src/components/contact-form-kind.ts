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

registerOutboxKind('quick-message', {
  label: 'Message',
  summary: (_entry, text) => {
    const message = text('message')
    return `${text('name')} (${text('email')}): ${message.length > 80 ? `${message.slice(0, 80)}…` : message}`
  },
  schema: () => quickMessageBody,
  fields: [
    { path: 'name', label: 'Name' },
    { path: 'email', label: 'Email', type: 'email' },
    { path: 'message', label: 'Message', multiline: true },
  ],
})
