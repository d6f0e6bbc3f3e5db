// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import type { OutboxEntry } from '../../src/offline/db'
import { STALE_AFTER_MS } from '../../src/offline/replay'

const actions = vi.hoisted(() => ({
  retryOutboxEntry: vi.fn(async () => undefined),
  resendOutboxEntry: vi.fn(async () => undefined),
  discardOutboxEntry: vi.fn(async () => undefined),
  replayOutboxNow: vi.fn(async () => undefined),
}))
vi.mock('../../src/offline/outbox', () => actions)
vi.mock('../../src/offline/sync', () => ({ replayOutboxNow: actions.replayOutboxNow }))

const { OutboxPanel } = await import('../../src/app/pwa/outbox-panel')

const base = { method: 'POST' as const, userId: 3, attempts: 1 }
const waiting: OutboxEntry = {
  ...base,
  id: 'waiting-1',
  kind: 'appointment',
  path: 'appointment/',
  body: {
    phone_number: '08031234567',
    location: 'Ikeja',
    service: 'fumigation',
    date: '2030-01-15',
    time: '10:30',
    info: '',
  },
  createdAt: Date.now() - 60_000,
  status: 'waiting',
}
const failed: OutboxEntry = {
  ...base,
  id: 'failed-1',
  kind: 'quick-message',
  path: 'quick/message/',
  body: { name: 'Ada', email: 'ada@example', message: 'Call me' },
  createdAt: Date.now() - 30_000,
  status: 'failed',
  lastError: 'Enter a valid email address',
}
const stale: OutboxEntry = { ...waiting, id: 'stale-1', createdAt: Date.now() - STALE_AFTER_MS - 3600_000 }
const auth: OutboxEntry = { ...waiting, id: 'auth-1', status: 'auth' }

function renderPanel(entries: OutboxEntry[]) {
  return render(
    <MemoryRouter>
      <OutboxPanel open onClose={() => {}} entries={entries} />
    </MemoryRouter>,
  )
}
const item = (name: RegExp) =>
  screen.getAllByRole('listitem').find((li) => name.test(li.getAttribute('aria-label') ?? ''))!

beforeEach(() => Object.values(actions).forEach((fn) => fn.mockClear()))
afterEach(cleanup)

describe('OutboxPanel', () => {
  it('lists each entry with its kind, summary, time and status; stale ones are marked, not hidden', () => {
    renderPanel([waiting, failed, stale, auth])
    expect(screen.getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getAllByText('Fumigation on January 15, 2030 at 10:30 AM, Ikeja')).toHaveLength(3)
    expect(screen.getAllByText('Waiting for connection')).toHaveLength(2)
    expect(screen.getByText('Failed: Enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText(/Needs login/)).toBeInTheDocument()
    expect(screen.getAllByText('Stale: saved over 7 days ago')).toHaveLength(1)
    expect(screen.getAllByText(/^Saved .* at /)).toHaveLength(4)
    // Only refused entries can be corrected.
    expect(screen.getAllByRole('button', { name: 'Correct and send again' })).toHaveLength(1)
  })

  it('Retry now retries that entry', async () => {
    renderPanel([waiting])
    await userEvent.click(screen.getByRole('button', { name: 'Retry now' }))
    expect(actions.retryOutboxEntry).toHaveBeenCalledWith('waiting-1')
  })

  it('Correct and send again shows the fields of a refused entry, checks them again, and re-queues the corrected body', async () => {
    renderPanel([failed])
    await userEvent.click(screen.getByRole('button', { name: 'Correct and send again' }))
    const email = screen.getByLabelText('Email')
    expect(email).toHaveValue('ada@example')
    expect(screen.getByLabelText('Name')).toHaveValue('Ada')
    expect(screen.getByLabelText('Message')).toHaveValue('Call me')
    // Sent as it is, the server would refuse it again: said under the field, nothing re-queued.
    await userEvent.click(screen.getByRole('button', { name: 'Save and send again' }))
    expect(email).toHaveAccessibleDescription('Enter a valid email address')
    expect(email).toHaveFocus()
    expect(actions.resendOutboxEntry).not.toHaveBeenCalled()
    await userEvent.clear(email)
    await userEvent.type(email, 'ada@example.ng')
    await userEvent.click(screen.getByRole('button', { name: 'Save and send again' }))
    expect(actions.resendOutboxEntry).toHaveBeenCalledWith(failed, {
      name: 'Ada',
      email: 'ada@example.ng',
      message: 'Call me',
    })
    expect(actions.replayOutboxNow).toHaveBeenCalledWith({ force: true })
  })

  it('names a technician’s job update by its customer, not its number', () => {
    renderPanel([
      {
        ...failed,
        id: 'job-1',
        kind: 'job-event',
        path: 'staff/jobs/5/events/',
        group: 'job:5',
        body: { type: 'arrived', occurred_at: '2026-05-10T08:00:00.000Z' },
        about: 'Chidi Eze · Cleaning, May 11, 2026 at 2:30 PM',
      },
    ])
    expect(screen.getByRole('listitem')).toHaveTextContent('Chidi Eze · Cleaning, May 11, 2026 at 2:30 PM')
    expect(screen.getByRole('listitem')).not.toHaveTextContent('Job #5')
  })

  it('Discard asks first; Cancel keeps the entry', async () => {
    renderPanel([waiting, failed])
    const entry = item(/^Message/)
    await userEvent.click(within(entry).getByRole('button', { name: 'Discard' }))
    expect(within(entry).getByRole('alert')).toHaveTextContent('Discard this message? It will not be sent.')
    await userEvent.click(within(entry).getByRole('button', { name: 'Cancel' }))
    expect(actions.discardOutboxEntry).not.toHaveBeenCalled()

    await userEvent.click(within(entry).getByRole('button', { name: 'Discard' }))
    await userEvent.click(within(within(entry).getByRole('alert')).getByRole('button', { name: 'Discard' }))
    expect(actions.discardOutboxEntry).toHaveBeenCalledWith('failed-1')
  })
})
