import type { AdminMessage } from '../../../contract/messages.js'
import { fieldHas, normalizeQuery } from '../../lib/search'

export function filterMessages(messages: AdminMessage[], search: string): AdminMessage[] {
  const q = normalizeQuery(search)
  return q ? messages.filter((m) => fieldHas(m.name, q) || fieldHas(m.email, q)) : messages
}
