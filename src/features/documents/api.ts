/**
 * The customer's documents in one place (/documents): service reports, certificates, quotes and invoices, read from the
 * calls that own them. Online only: each kind's own screen keeps what works offline.
 */
import { useQueries } from '@tanstack/react-query'
import { callApi, callUrl } from '../../lib/api-client'
import { onlineOnlyQuery } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const documentKeys = {
  all: (userId: number | null) => [...userScope(userId), 'documents'] as const,
  of: (userId: number | null, kind: 'bookings' | 'certificates' | 'quotes' | 'invoices') =>
    [...documentKeys.all(userId), kind] as const,
}

/** A completed visit's service report: a page to open or print. */
export const reportUrl = (bookingId: number) => callUrl('GET staff/jobs/{id}/report', { id: bookingId })

/** A fumigation certificate: a printable page with its public address on it. */
export const certificateUrl = (id: number) => callUrl('GET certificates/{id}/print', { id })

export function useMyDocuments() {
  const userId = useUserId()
  const [bookings, certificates, quotes, invoices] = useQueries({
    queries: [
      onlineOnlyQuery(userId, documentKeys.of(userId, 'bookings'), () => callApi('GET appointment/')),
      onlineOnlyQuery(userId, documentKeys.of(userId, 'certificates'), () => callApi('GET certificates/')),
      onlineOnlyQuery(userId, documentKeys.of(userId, 'quotes'), () => callApi('GET quotes/')),
      onlineOnlyQuery(userId, documentKeys.of(userId, 'invoices'), () => callApi('GET invoices/')),
    ],
  })
  return { bookings, certificates, quotes, invoices }
}
