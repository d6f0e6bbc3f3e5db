/**
 * The public check of a certificate's code (/certificates/:code), the page a printed certificate sends
 * anyone to: a plain call, without the query library or zod, so a first visit from a phone loads little.
 */
import type { CertificateCheckAnswer } from '../../../contract/certificates.js'
import { ApiError, callApi } from '../../lib/api-client'

export type CertificateCheck =
  | { state: 'found'; answer: CertificateCheckAnswer }
  | { state: 'unknown' }
  | { state: 'failed'; message: string }

export async function checkCertificate(code: string): Promise<CertificateCheck> {
  try {
    return { state: 'found', answer: await callApi('GET certificates/verify/{code}/', { params: { code } }) }
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { state: 'unknown' }
    return {
      state: 'failed',
      message:
        err instanceof ApiError
          ? err.message
          : 'We could not reach our server. Check your connection and try again.',
    }
  }
}
