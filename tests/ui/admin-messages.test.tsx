// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { mockApi, openAdminScreen, renderAdmin } from './admin-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const MESSAGES = [
  {
    id: 1,
    name: 'Kemi Ade',
    email: 'kemi@example.ng',
    date: '2026-03-01T09:30:00.000Z',
    message: 'Do you treat termites?',
  },
  {
    id: 2,
    name: 'John Okafor',
    email: 'john@works.ng',
    date: '2026-03-02T14:00:00.000Z',
    message: 'Quote for an office.',
  },
  {
    id: 3,
    name: 'Halima Sani',
    email: 'halima@example.ng',
    date: '2026-03-03T08:00:00.000Z',
    message: 'Thanks!',
  },
]

const entryNames = () =>
  within(screen.getByRole('list', { name: 'Messages' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent)

describe('Messages', () => {
  test('search by name or email narrows the list; empty shows No messages found', async () => {
    mockApi({ 'GET admins/messages/': MESSAGES })
    const ui = await openAdminScreen('/admin/messages', 'Messages')
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument()
    expect(entryNames()).toEqual(['Kemi Ade', 'John Okafor', 'Halima Sani'])
    const search = screen.getByPlaceholderText('Search messages...')
    await ui.type(search, 'EXAMPLE.ng')
    expect(entryNames()).toEqual(['Kemi Ade', 'Halima Sani'])
    await ui.clear(search)
    await ui.type(search, 'okafor')
    expect(entryNames()).toEqual(['John Okafor'])
    await ui.type(search, 'zzz')
    expect(screen.getByText('No messages found')).toBeInTheDocument()
  })

  test('each entry shows name, email, date and View opens the text', async () => {
    mockApi({ 'GET admins/messages/': MESSAGES })
    const ui = userEvent.setup()
    renderAdmin('/admin/messages')
    await screen.findByRole('list', { name: 'Messages' })
    const first = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem')[0]
    expect(first).toHaveTextContent('kemi@example.ng')
    expect(first).toHaveTextContent('March 1, 2026')
    await ui.click(within(first).getByRole('button', { name: 'View' }))
    expect(screen.getByRole('dialog')).toHaveTextContent('Do you treat termites?')
  })

  test('an empty inbox says No messages found', async () => {
    mockApi({ 'GET admins/messages/': [] })
    renderAdmin('/admin/messages')
    expect(await screen.findByText('No messages found')).toBeInTheDocument()
  })
})
