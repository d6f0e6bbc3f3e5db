import type { OutboxEntry } from './db'

/** Pages and the service worker announce sent outbox entries here, so every open tab refreshes. */
export const OUTBOX_CHANNEL = 'greenshield-outbox'

export interface OutboxSentMessage {
  type: 'sent'
  kind: OutboxEntry['kind']
}
