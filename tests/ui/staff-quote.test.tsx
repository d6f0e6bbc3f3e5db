// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { OutboxEntry } from '../../src/offline/db'
import { checkOutboxBody } from '../../src/offline/kinds'
// The job kinds, as the staff api registers them (mocked here).
import '../../src/features/staff/offline'

const resend = vi.fn(async (_entry: OutboxEntry, _body: unknown) => undefined)
vi.mock('../../src/features/staff/api', () => ({
  jobActions: {
    dismiss: vi.fn(),
    resend: (entry: OutboxEntry, body: unknown) => resend(entry, body),
  },
}))
const { QuoteForm } = await import('../../src/features/staff/components/quote-form')
const { FailedItem } = await import('../../src/features/staff/components/sync-panel')

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

/** The job screen's save: the server's schema (with the client key the phone adds), then the queue. */
function queueing() {
  const queued: unknown[] = []
  const save = vi.fn(async (body: object) => {
    checkOutboxBody('job-quote', { ...body, clientKey: '0b6c1d3e-8a4f-4c6b-9d7e-2f1a3b5c7d9e' })
    queued.push(body)
  })
  return { save, queued }
}

describe('the technician’s quote form', () => {
  test('a line without a price is marked and nothing is queued; corrected, it is queued to send', async () => {
    const ui = userEvent.setup()
    const { save, queued } = queueing()
    render(<QuoteForm userId={3} draft="quote:4" onSave={save} onCancel={() => {}} />)
    await ui.type(screen.getByLabelText('Description'), 'Termite treatment, whole house')
    await ui.click(screen.getByRole('button', { name: 'Save quote' }))
    const price = screen.getByLabelText('Unit price (₦)')
    expect(price).toHaveAccessibleDescription('Unit price is required')
    expect(queued).toEqual([])
    expect(screen.getByLabelText('Description')).toHaveValue('Termite treatment, whole house')

    await ui.type(price, '40,000')
    await ui.click(screen.getByRole('button', { name: 'Add a line' }))
    await ui.type(screen.getAllByLabelText('Description')[1], 'Call-out fee')
    await ui.selectOptions(screen.getAllByLabelText('Kind')[1], 'callout')
    await ui.type(screen.getAllByLabelText('Unit price (₦)')[1], '5000')
    expect(screen.getByRole('region', { name: 'Quote total' })).toHaveTextContent('Total₦45,000.00')
    await ui.clear(screen.getByLabelText(/^Deposit \(%\)/))
    await ui.type(screen.getByLabelText(/^Deposit \(%\)/), '30')
    await ui.click(screen.getByRole('checkbox', { name: /Send to the customer now/ }))
    await ui.click(screen.getByRole('button', { name: 'Save quote' }))
    expect(queued).toEqual([
      expect.objectContaining({
        depositPercent: 30,
        send: true,
        lines: [
          expect.objectContaining({ kind: 'service', unitPrice: '40,000', quantity: 1 }),
          expect.objectContaining({ kind: 'callout', description: 'Call-out fee', unitPrice: '5000' }),
        ],
      }),
    ])
  })

  test('what is typed is kept on the phone until saved', async () => {
    const ui = userEvent.setup()
    const first = render(<QuoteForm userId={3} draft="quote:4" onSave={vi.fn()} onCancel={() => {}} />)
    await ui.type(screen.getByLabelText('Description'), 'Rodent proofing')
    first.unmount()
    render(<QuoteForm userId={3} draft="quote:4" onSave={vi.fn()} onCancel={() => {}} />)
    expect(await screen.findByDisplayValue('Rodent proofing')).toBeInTheDocument()
  })
})

test('a refused quote stays on the phone and is corrected and sent again', async () => {
  const ui = userEvent.setup()
  const entry: OutboxEntry = {
    id: 'q1',
    kind: 'job-quote',
    method: 'POST',
    path: 'staff/jobs/4/quotes/',
    body: {
      clientKey: '0b6c1d3e-8a4f-4c6b-9d7e-2f1a3b5c7d9e',
      lines: [{ kind: 'service', description: 'Termite treatment', quantity: 1, unitPrice: 0 }],
      depositPercent: 0,
      send: true,
    },
    group: 'job:4',
    userId: 3,
    createdAt: 1,
    attempts: 1,
    status: 'failed',
    lastError: 'This quote comes to ₦0: fill in the prices before sending it.',
  }
  render(
    <ul>
      <FailedItem entry={entry} />
    </ul>,
  )
  expect(screen.getByRole('listitem')).toHaveTextContent('Not accepted: Quote')
  await ui.click(screen.getByRole('button', { name: 'Correct and send again' }))
  const price = screen.getByLabelText('First line: unit price (₦)')
  await ui.clear(price)
  await ui.type(price, '40000')
  await ui.click(screen.getByRole('button', { name: 'Save and send again' }))
  expect(resend).toHaveBeenCalledTimes(1)
  const body = resend.mock.calls[0][1] as { clientKey: string; lines: { unitPrice: unknown }[] }
  // The same client key: if the first try landed after all, the server answers that quote.
  expect(body.clientKey).toBe('0b6c1d3e-8a4f-4c6b-9d7e-2f1a3b5c7d9e')
  expect(String(body.lines[0].unitPrice)).toBe('40000')
})
