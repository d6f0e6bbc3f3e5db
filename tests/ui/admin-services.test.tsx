// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { mockApi, openAdminScreen, type Call } from './admin-helpers'
import { SERVICE_KINDS_KEY } from '../../src/lib/service-kinds'

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const kind = (id: number, change: Record<string, unknown>) => ({
  id,
  service: 'fumigation',
  name: `Kind ${id}`,
  description: '',
  price_rule: 'fixed',
  price: 10000,
  unit: '',
  active: true,
  position: 0,
  bookings: 0,
  ...change,
})

/** A fake admins/services/ that keeps what is saved, so the screen's list follows like the server's. */
function fakeServer(initial: ReturnType<typeof kind>[]) {
  let list = initial
  const calls = mockApi({
    'GET admins/services/': () => list,
    'POST admins/services/': (call: Call) => {
      const body = call.body as Record<string, unknown>
      if (list.some((k) => k.name === body.name)) {
        return {
          status: 409,
          body: { message: `There is already a kind named "${body.name}".`, field: 'name' },
        }
      }
      const added = kind(100, { ...body })
      list = [...list, added]
      return { status: 201, body: { message: `${added.name} added`, kind: added } }
    },
    'POST admins/services/1/': (call: Call) => {
      const body = call.body as Record<string, unknown>
      list = list.map((k) => (k.id === 1 ? { ...k, ...body } : k))
      const saved = list.find((k) => k.id === 1)!
      return {
        status: 200,
        body: {
          message: saved.active ? `${saved.name} saved` : `${saved.name} saved and hidden`,
          kind: saved,
        },
      }
    },
  })
  return calls
}

describe('/admin/services', () => {
  test("lists each service's kinds with their price text, and hides one (kept, marked Hidden)", async () => {
    const calls = fakeServer([
      kind(1, {
        name: 'General pest control',
        price_rule: 'per_unit',
        price: 8000,
        unit: 'room',
        bookings: 3,
      }),
      kind(2, { name: 'Termite treatment', price_rule: 'from', price: 60000 }),
      kind(3, { name: 'Deep cleaning', service: 'cleaning', price: 50000 }),
    ])
    const ui = await openAdminScreen('/admin/services', 'Fumigation / pest control')
    const fumigation = within(screen.getByRole('list', { name: 'Fumigation / pest control' }))
    const pest = within(fumigation.getByRole('listitem', { name: 'General pest control' }))
    expect(pest.getByText('₦8,000 per room')).toBeVisible()
    expect(pest.getByText('Order 0 · 3 bookings')).toBeVisible()
    expect(fumigation.getByText('From ₦60,000 — priced after inspection')).toBeVisible()
    expect(within(screen.getByRole('list', { name: 'Cleaning' })).getByText('₦50,000')).toBeVisible()

    await ui.click(pest.getByRole('button', { name: 'Hide General pest control' }))
    expect(await screen.findByText('General pest control saved and hidden')).toBeVisible()
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      active: false,
      price: 8000,
      unit: 'room',
    })
    expect(await pest.findByText('Hidden')).toBeVisible()
    // What customers see on this device follows: the hidden kind is gone from the kept list.
    await waitFor(() =>
      expect(
        JSON.parse(localStorage.getItem(SERVICE_KINDS_KEY) ?? '[]').map((k: { id: number }) => k.id),
      ).toEqual([2, 3]),
    )
  })

  test('adds a kind priced per unit: the form checks the contract rules first, then shows the server refusal on its field', async () => {
    const calls = fakeServer([kind(1, { name: 'Rodent control', price: 35000 })])
    const ui = await openAdminScreen('/admin/services', 'Fumigation / pest control')
    await ui.click(screen.getByRole('button', { name: 'Add to fumigation' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a kind of service' }))
    expect(dialog.getByLabelText('Service')).toHaveValue('fumigation')
    await ui.selectOptions(dialog.getByLabelText('How it is priced'), 'Price per unit')
    await ui.type(dialog.getByLabelText('Price of one unit (₦)'), 'abc')
    await ui.click(dialog.getByRole('button', { name: 'Save kind' }))
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Name is required')
    expect(dialog.getByLabelText('Price of one unit (₦)')).toHaveAccessibleDescription(
      'Price must be a number of naira, e.g. 45,000',
    )
    await waitFor(() => expect(dialog.getByLabelText('Name')).toHaveFocus())
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await ui.type(dialog.getByLabelText('Name'), 'Rodent control')
    await ui.clear(dialog.getByLabelText('Price of one unit (₦)'))
    await ui.type(dialog.getByLabelText('Price of one unit (₦)'), '₦1,500')
    await ui.click(dialog.getByRole('button', { name: 'Save kind' }))
    expect(dialog.getByLabelText('Unit')).toHaveAccessibleDescription('Name the unit: room, m², seat...')
    await ui.type(dialog.getByLabelText('Unit'), 'm²')
    await ui.click(dialog.getByRole('button', { name: 'Save kind' }))
    expect(await dialog.findByText('There is already a kind named "Rodent control".')).toBeVisible()
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')

    await ui.clear(dialog.getByLabelText('Name'))
    await ui.type(dialog.getByLabelText('Name'), 'Warehouse fumigation')
    await ui.click(dialog.getByRole('button', { name: 'Save kind' }))
    expect(await screen.findByText('Warehouse fumigation added')).toBeVisible()
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      service: 'fumigation',
      name: 'Warehouse fumigation',
      description: '',
      price_rule: 'per_unit',
      price: 1500,
      unit: 'm²',
      position: 0,
      active: true,
    })
    expect(await screen.findByText('₦1,500 per m²')).toBeVisible()
  })
})
