/**
 * Certificates' data for the back office (Certificates, and the issue form a booking's details open). The
 * public check at /certificates/:code reads through check.ts, which stays free of the query library.
 */
import { useQuery } from '@tanstack/react-query'
import type { CertificateStatus, IssueCertificateRequest } from '../../../contract/certificates.js'
import { callApi, callUrl } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { listFilterQuery } from '../../lib/search'
import { useUserId } from '../../lib/session'

export const certificateKeys = {
  all: (userId: number | null) => [...userScope(userId), 'certificates'] as const,
  admin: (userId: number | null, status: string, q: string) =>
    [...certificateKeys.all(userId), 'admin', status, q] as const,
  draft: (userId: number | null, bookingId: number) =>
    [...certificateKeys.all(userId), 'draft', bookingId] as const,
}

/** The printable certificate (a page of its own, for the customer and admins). */
export const certificatePrintUrl = (id: number) => callUrl('GET certificates/{id}/print', { id })

export const useAdminCertificates = (status: CertificateStatus | 'all', q: string) => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, certificateKeys.admin(userId, status, q), () =>
      callApi('GET admins/certificates/', { query: listFilterQuery(status, q) }),
    ),
  )
}

/** What the issue form starts from for a booking (none asked until a booking number is chosen). */
export const useCertificateDraft = (bookingId: number | null) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: certificateKeys.draft(userId, bookingId ?? 0),
    queryFn: () => callApi('GET admins/bookings/{id}/certificate-draft/', { params: { id: bookingId! } }),
    enabled: userId !== null && bookingId !== null,
    retry: false,
  })
}

export const useIssueCertificate = () =>
  useOnlineOnlyMutation(({ body, key }: { body: IssueCertificateRequest; key: string }) =>
    callApi('POST admins/certificates/', { body }, { idempotencyKey: key }),
  )

export const useRevokeCertificate = () =>
  useOnlineOnlyMutation(({ id, reason }: { id: number; reason: string }) =>
    callApi('POST admins/certificates/{id}/revoke/', { params: { id }, body: { reason } }),
  )
