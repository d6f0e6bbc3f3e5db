// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { OutboxEntry } from '../../src/offline/db'

const dismiss = vi.fn()
vi.mock('../../src/features/staff/api', () => ({ jobActions: { dismiss: (id: string) => dismiss(id) } }))
const { StatusButtons } = await import('../../src/features/staff/components/job-actions')
const { CompletionForm } = await import('../../src/features/staff/components/completion-form')
const { FailedItem, SyncPanel } = await import('../../src/features/staff/components/sync-panel')

afterEach(cleanup)

const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent)

describe('the status buttons', () => {
  test('offer only the moves the state allows, in the technician’s words', () => {
    const props = { onEvent: vi.fn(), onComplete: vi.fn() }
    const shown = (status: Parameters<typeof StatusButtons>[0]['status']) => {
      cleanup()
      render(<StatusButtons status={status} {...props} />)
      return buttons()
    }
    expect(shown('assigned')).toEqual(['On my way', 'Arrived', 'Unable to complete'])
    expect(shown('on_my_way')).toEqual(['Arrived', 'Unable to complete'])
    expect(shown('arrived')).toEqual(['Start job', 'Complete job', 'Unable to complete'])
    expect(shown('started')).toEqual(['Pause', 'Complete job', 'Unable to complete'])
    expect(shown('paused')).toEqual(['Resume', 'Complete job', 'Unable to complete'])
    expect(shown('completed')).toEqual([])
    expect(shown('unable')).toEqual([])
  })

  test('Unable to complete asks why before it is recorded', async () => {
    const onEvent = vi.fn()
    const ui = userEvent.setup()
    render(<StatusButtons status="arrived" onEvent={onEvent} onComplete={vi.fn()} />)
    await ui.click(screen.getByRole('button', { name: 'Unable to complete' }))
    await ui.type(screen.getByLabelText('Why can the job not be completed?'), 'Gate locked, nobody home')
    await ui.click(screen.getByRole('button', { name: 'Unable to complete' }))
    expect(onEvent).toHaveBeenCalledWith('unable', 'Gate locked, nobody home')
  })
})

describe('the completion form', () => {
  test('needs a signature or the reason the customer could not sign; sends the payment received', async () => {
    const onSave = vi.fn()
    const ui = userEvent.setup()
    render(<CompletionForm defaultSigner="Ada Obi" onSave={onSave} onCancel={vi.fn()} />)
    expect(screen.getByLabelText('Customer name')).toHaveValue('Ada Obi')
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument()
    await ui.type(screen.getByLabelText('Summary'), 'Sprayed the kitchen')
    await ui.click(screen.getByRole('button', { name: 'Complete job' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The customer signs in the box')
    expect(onSave).not.toHaveBeenCalled()

    await ui.click(screen.getByLabelText('Customer could not sign'))
    await ui.type(screen.getByLabelText('Reason'), 'Travelling; the gateman let us in')
    await ui.click(screen.getByLabelText('Payment received'))
    await ui.type(screen.getByLabelText('Amount (₦)'), '25000')
    await ui.selectOptions(screen.getByLabelText('Paid by'), 'pos')
    await ui.click(screen.getByRole('button', { name: 'Complete job' }))
    expect(onSave).toHaveBeenCalledWith({
      summary: 'Sprayed the kitchen',
      recommendations: '',
      signer_name: 'Ada Obi',
      signature: null,
      signature_refused_reason: 'Travelling; the gateman let us in',
      payment: { amount: 25000, method: 'pos', reference: '' },
    })
  })
})

describe('refused updates', () => {
  const refused: OutboxEntry = {
    id: 'e1',
    kind: 'job-event',
    method: 'POST',
    path: 'staff/jobs/4/events/',
    body: { type: 'on_my_way', occurred_at: '2026-05-10T08:00:00.000Z' },
    group: 'job:4',
    userId: 3,
    createdAt: 1,
    attempts: 1,
    status: 'failed',
    lastError: 'This job was reassigned to another technician. Your updates were not recorded.',
  }

  test('a 409 reassigned is shown with what to do, and kept until dismissed', async () => {
    const ui = userEvent.setup()
    render(
      <ul>
        <FailedItem entry={refused} />
      </ul>,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Not saved: Status “On my way”')
    expect(alert).toHaveTextContent('reassigned to another technician')
    expect(alert).toHaveTextContent('Call the office before doing more work on it.')
    await ui.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(dismiss).toHaveBeenCalledWith('e1')
  })

  test('the sync panel counts what waits and what failed', () => {
    render(
      <SyncPanel
        online={false}
        entries={[refused, { ...refused, id: 'e2', status: 'waiting', lastError: undefined }]}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 update waiting to sync — they go when you have data. 1 not accepted (below).',
    )
    expect(screen.getByRole('list', { name: 'Waiting to sync' })).toHaveTextContent(
      'Job #4: Status “On my way”',
    )
  })
})
