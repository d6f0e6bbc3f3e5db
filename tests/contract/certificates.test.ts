import { describe, expect, it } from 'vitest'
import {
  CERTIFICATE_CODE_PATTERN,
  certificateStatus,
  defaultValidUntil,
  validUntilProblem,
} from '../../contract/certificates'
import { newCertificateCode } from '../../api/lib/certificates'

describe('a certificate’s status and validity', () => {
  it('is valid up to and including its last day, expired after it, and revoked whatever the day', () => {
    expect(certificateStatus(null, '2027-02-25', '2027-02-25')).toBe('Valid')
    expect(certificateStatus(null, '2027-02-25', '2027-02-26')).toBe('Expired')
    expect(certificateStatus('2026-12-01T09:00:00.000Z', '2027-02-25', '2026-12-01')).toBe('Revoked')
  })

  it('runs three calendar months from the treatment by default, and at most two years', () => {
    expect(defaultValidUntil('2026-11-25')).toBe('2027-02-25')
    expect(defaultValidUntil('2026-11-30')).toBe('2027-02-28')
    expect(validUntilProblem('2026-11-25', '2026-11-25')).toBeNull()
    expect(validUntilProblem('2026-11-25', '2026-11-24')).toBe('Valid until cannot be before the treatment')
    expect(validUntilProblem('2026-11-25', '2028-11-25')).toBeNull()
    expect(validUntilProblem('2026-11-25', '2028-11-27')).toBe(
      'Valid until can be at most two years after the treatment',
    )
  })
})

describe('the public code', () => {
  it('is 20 characters of lower-case base32, different every time', () => {
    const codes = new Set(Array.from({ length: 200 }, newCertificateCode))
    expect(codes.size).toBe(200)
    for (const code of codes) expect(code).toMatch(CERTIFICATE_CODE_PATTERN)
    // Every one of the 32 letters shows up: the bits are spread over the whole alphabet.
    expect(new Set([...codes].join('')).size).toBe(32)
  })
})
