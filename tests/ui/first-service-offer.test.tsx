// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import Sign from '../../src/features/account/pages/sign-up'
import { CallToAction } from '../../src/features/marketing/components/call-to-action'
import { resetBillingCall } from '../../src/lib/first-service-offer'
import { json, mockFetch, renderWithProviders } from './public-helpers'

const billing = (change: Record<string, unknown> = {}) => ({
  vatRatePercent: 0,
  firstServiceOffer: true,
  firstServicePercent: 20,
  ...change,
})

beforeEach(() => {
  localStorage.clear()
  resetBillingCall()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the first-service offer, as the admin set it', () => {
  test('sign-up says what it is and what it applies to, with the percentage the admin chose', async () => {
    mockFetch({ 'GET billing-settings/': json(200, billing({ firstServicePercent: 15 })) })
    renderWithProviders(<Sign />, '/sign')
    expect(await screen.findByText('15% off your first service')).toBeInTheDocument()
    expect(
      screen.getByText(/comes off the work on your first service invoice \(not products/),
    ).toBeInTheDocument()
  })

  test('the pages promise nothing while the offer is off, also on the next visit without a connection', async () => {
    mockFetch({ 'GET billing-settings/': json(200, billing({ firstServiceOffer: false })) })
    renderWithProviders(<CallToAction />, '/')
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument()
    cleanup()
    resetBillingCall()
    vi.unstubAllGlobals()
    mockFetch({})
    renderWithProviders(<CallToAction />, '/')
    expect(await screen.findByRole('link', { name: 'Sign up' })).toBeInTheDocument()
    expect(screen.queryByText(/% off/)).toBeNull()
  })

  test('before the server answers, the default offer shows (as the page was prerendered)', async () => {
    mockFetch({})
    renderWithProviders(<CallToAction />, '/')
    expect(screen.getByRole('link', { name: 'Sign up: 20% off your first service' })).toBeInTheDocument()
  })
})
