import { describe, expect, it } from 'vitest'
import { isRetryable } from '../../src/offline/replay'
import { IN_PROGRESS_MESSAGE } from '../../api/middleware/idempotency'

describe('isRetryable', () => {
  it('retries the server\'s "in progress" answer, whatever its wording around the stable phrase', () => {
    expect(isRetryable(409, IN_PROGRESS_MESSAGE)).toBe(true)
  })
  it('retries server trouble and rate limits', () => {
    for (const status of [500, 502, 503, 504, 408, 425, 429]) expect(isRetryable(status, '')).toBe(true)
  })
  it('keeps other refusals final: a conflict that is an answer, bad input, forbidden', () => {
    expect(isRetryable(409, 'An account with this email already exists.')).toBe(false)
    expect(isRetryable(400, 'Email is required')).toBe(false)
    expect(isRetryable(403, 'CSRF token missing or incorrect.')).toBe(false)
    expect(isRetryable(422, 'This Idempotency-Key was already used for a different request.')).toBe(false)
  })
})
