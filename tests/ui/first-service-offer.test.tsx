// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import Sign from '../../src/features/account/pages/sign-up'
import { CallToAction } from '../../src/features/marketing/components/call-to-action'
import { BookButton } from '../../src/components/book-button'
import { resetBillingCall } from '../../src/lib/first-service-offer'
import { freshDeviceForEachTest, json, mockFetch, renderWithProviders } from './public-helpers'

const billing = (change: Record<string, unknown> = {}) => ({
  vatRatePercent: 0,
  firstServiceOffer: true,
  firstServicePercent: 20,
  ...change,
})

freshDeviceForEachTest(resetBillingCall)

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

  test('the header’s Book button asks for the offer only when its login dialog opens', async () => {
    const calls = mockFetch({ 'GET billing-settings/': json(200, billing({ firstServicePercent: 25 })) })
    renderWithProviders(<BookButton />, '/')
    const ui = userEvent.setup()
    const book = await screen.findByRole('button', { name: 'Book an Appointment' })
    expect(calls.filter((c) => c.path === 'billing-settings/')).toEqual([])
    await ui.click(book)
    const dialog = await screen.findByRole('dialog', { name: 'Login Required' })
    expect(
      await within(dialog).findByText(/and get 25% off the work of your first service\./),
    ).toBeInTheDocument()
  })
})
