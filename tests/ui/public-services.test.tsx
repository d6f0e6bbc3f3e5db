// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import Services from '../../src/features/marketing/pages/services'
import { resetServiceKindsCall, SERVICE_KINDS_KEY } from '../../src/lib/service-kinds'
import { freshDeviceForEachTest, json, mockFetch, renderWithProviders } from './public-helpers'

const kind = (id: number, change: Record<string, unknown>) => ({
  id,
  service: 'fumigation',
  description: '',
  unit: '',
  active: true,
  position: id,
  ...change,
})
const KINDS = [
  kind(1, { name: 'Whole-flat fumigation', price_rule: 'fixed', price: 45000 }),
  kind(2, { name: 'General pest control', price_rule: 'per_unit', price: 8000, unit: 'room' }),
  kind(3, { name: 'Termite treatment', price_rule: 'from', price: 60000, description: 'Soil and wood' }),
  kind(4, {
    name: 'Upholstery cleaning',
    service: 'cleaning',
    price_rule: 'per_unit',
    price: 5000,
    unit: 'seat',
  }),
]

/** The price lines of one service's section, as "name: price". */
const pricesOf = async (sectionName: string) => {
  const section = screen.getByRole('region', { name: sectionName })
  const list = await within(section).findByRole('list', { name: 'Prices' })
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent)
}

freshDeviceForEachTest(resetServiceKindsCall)

describe('/services: the prices the admin set', () => {
  test("each service lists its kinds with their price text; the products' section has none", async () => {
    mockFetch({ 'GET services/': json(200, KINDS) })
    renderWithProviders(<Services />, '/services')
    expect(await pricesOf('Pest Control & Fumigation')).toEqual([
      'Whole-flat fumigation₦45,000',
      'General pest control₦8,000 per room',
      'Termite treatmentFrom ₦60,000 — priced after inspectionSoil and wood',
    ])
    expect(await pricesOf('Upholstery & Deep Cleaning')).toEqual(['Upholstery cleaning₦5,000 per seat'])
    const shop = screen.getByRole('region', { name: 'Sale of Cleaning Chemicals' })
    expect(within(shop).queryByRole('list', { name: 'Prices' })).toBeNull()
  })

  test('offline, the list kept from the last visit shows', async () => {
    mockFetch({ 'GET services/': json(200, KINDS) })
    renderWithProviders(<Services />, '/services')
    await pricesOf('Upholstery & Deep Cleaning')
    expect(JSON.parse(localStorage.getItem(SERVICE_KINDS_KEY) ?? '[]')).toHaveLength(4)
    cleanup()

    resetServiceKindsCall()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderWithProviders(<Services />, '/services')
    expect(await pricesOf('Pest Control & Fumigation')).toContain('General pest control₦8,000 per room')
  })
})
