// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { OutboxEntry } from '../../src/offline/db'
import { checkOutboxBody } from '../../src/offline/kinds'
import type { OutboxKind } from '../../src/offline/kinds'
// The job kinds, as the staff api registers them (mocked here).
import '../../src/features/staff/offline'

const dismiss = vi.fn(async (_id: string) => undefined)
const resend = vi.fn(async (_entry: OutboxEntry, _body: unknown) => undefined)
vi.mock('../../src/features/staff/api', () => ({
  jobActions: {
    dismiss: (id: string) => dismiss(id),
    resend: (entry: OutboxEntry, body: unknown) => resend(entry, body),
  },
}))
const { StatusButtons } = await import('../../src/features/staff/components/job-actions')
const { CompletionForm } = await import('../../src/features/staff/components/completion-form')
const { TreatmentForm } = await import('../../src/features/staff/components/treatment-form')
const { FailedItem, SyncPanel } = await import('../../src/features/staff/components/sync-panel')
const { LogoutButton } = await import('../../src/features/staff/components/logout-button')

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.clearAllMocks()
})

/** What the job screen's save does before anything is queued: the server's schema, then the queue. */
const queueing = (kind: OutboxKind, extra: Record<string, unknown>) => {
  const queued: unknown[] = []
  const save = vi.fn(async (body: object) => {
    checkOutboxBody(kind, { ...body, ...extra })
    queued.push(body)
  })
  return { save, queued }
}

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
  const complete = () => queueing('job-complete', { occurred_at: '2026-05-10T09:00:00.000Z' })

  test('needs a signature or the reason the customer could not sign (the server’s rule); sends the payment received', async () => {
    const { save, queued } = complete()
    const ui = userEvent.setup()
    render(
      <CompletionForm
        defaultSigner="Ada Obi"
        onSave={save}
        onCancel={vi.fn()}
        userId={3}
        draft="complete:4"
      />,
    )
    expect(screen.getByLabelText('Customer name')).toHaveValue('Ada Obi')
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument()
    await ui.type(screen.getByLabelText('Summary'), 'Sprayed the kitchen')
    await ui.click(screen.getByRole('button', { name: 'Complete job' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved yet')
    expect(screen.getByText('The customer signs, or say why they could not sign')).toBeInTheDocument()
    expect(queued).toEqual([])

    await ui.click(screen.getByLabelText('Customer could not sign'))
    await ui.click(screen.getByRole('button', { name: 'Complete job' }))
    expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription(
      'The customer signs, or say why they could not sign',
    )
    expect(screen.getByLabelText('Reason')).toHaveFocus()
    await ui.type(screen.getByLabelText('Reason'), 'Travelling; the gateman let us in')
    await ui.click(screen.getByLabelText('Payment received'))
    await ui.type(screen.getByLabelText('Amount (₦)'), '25000')
    await ui.selectOptions(screen.getByLabelText('Paid by'), 'pos')
    await ui.click(screen.getByRole('button', { name: 'Complete job' }))
    expect(queued).toEqual([
      {
        summary: 'Sprayed the kitchen',
        recommendations: '',
        signer_name: 'Ada Obi',
        signature: null,
        signature_refused_reason: 'Travelling; the gateman let us in',
        payment: { amount: 25000, method: 'pos', reference: '' },
      },
    ])
  })

  test('what is typed survives a reload (per user and job) and is forgotten once queued', async () => {
    const { save } = complete()
    const ui = userEvent.setup()
    const form = (userId: number, draft = 'complete:4') => (
      <CompletionForm
        defaultSigner="Ada Obi"
        onSave={save}
        onCancel={vi.fn()}
        userId={userId}
        draft={draft}
      />
    )
    const first = render(form(3))
    await ui.type(screen.getByLabelText('Summary'), 'Sprayed the kitchen; bait behind the fridge')
    await ui.type(screen.getByLabelText('Recommendations'), 'Keep food sealed')
    first.unmount()

    // Another job, another technician on this phone: nothing of it.
    const other = render(form(3, 'complete:5'))
    expect(screen.getByLabelText('Summary')).toHaveValue('')
    other.unmount()
    const otherUser = render(form(9))
    expect(screen.getByLabelText('Summary')).toHaveValue('')
    otherUser.unmount()

    const again = render(form(3))
    expect(screen.getByLabelText('Summary')).toHaveValue('Sprayed the kitchen; bait behind the fridge')
    expect(screen.getByLabelText('Recommendations')).toHaveValue('Keep food sealed')
    await ui.click(screen.getByLabelText('Customer could not sign'))
    await ui.type(screen.getByLabelText('Reason'), 'Travelling')
    await ui.click(screen.getByRole('button', { name: 'Complete job' }))
    expect(save).toHaveBeenCalledTimes(1)
    again.unmount()
    render(form(3))
    expect(screen.getByLabelText('Summary')).toHaveValue('')
  })
})

describe('the treatment form', () => {
  test('an Area over 200 characters is refused on the phone, under the field, and what was typed stays', async () => {
    const { save, queued } = queueing('job-treatment', {
      id: crypto.randomUUID(),
      occurred_at: '2026-05-10T09:00:00.000Z',
    })
    const ui = userEvent.setup()
    render(<TreatmentForm products={[]} onSave={save} onCancel={vi.fn()} userId={3} draft="treatment:4" />)
    await ui.type(screen.getByLabelText('Product'), 'Cypermethrin 10% EC')
    await ui.type(screen.getByLabelText('Quantity'), '250')
    await ui.type(screen.getByLabelText('Target pest'), 'Cockroaches')
    const long = 'Kitchen, store, '.repeat(13) + 'and the boys quarters'
    await ui.click(screen.getByLabelText('Area'))
    await ui.paste(long)
    await ui.click(screen.getByRole('button', { name: 'Save treatment' }))
    expect(queued).toEqual([])
    expect(screen.getByLabelText('Area')).toHaveAccessibleDescription('Area must be at most 200 characters')
    expect(screen.getByLabelText('Area')).toHaveFocus()
    expect(screen.getByLabelText('Area')).toHaveValue(long)
    expect(screen.getByLabelText('Product')).toHaveValue('Cypermethrin 10% EC')

    await ui.clear(screen.getByLabelText('Area'))
    await ui.type(screen.getByLabelText('Area'), 'Kitchen and store')
    await ui.click(screen.getByRole('button', { name: 'Save treatment' }))
    expect(queued).toEqual([
      expect.objectContaining({
        product_name: 'Cypermethrin 10% EC',
        quantity: 250,
        area: 'Kitchen and store',
      }),
    ])
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

  test('a 409 reassigned is shown with what to do, and kept until discarded after a confirmation', async () => {
    const ui = userEvent.setup()
    render(
      <ul>
        <FailedItem entry={{ ...refused, about: 'Ada Obi · Fumigation, May 10, 2026 at 9:00 AM' }} />
      </ul>,
    )
    const item = screen.getByRole('listitem')
    expect(item).toHaveTextContent('Not accepted: Status “On my way”')
    expect(item).toHaveTextContent('Ada Obi · Fumigation, May 10, 2026 at 9:00 AM')
    expect(item).toHaveTextContent('reassigned to another technician')
    expect(item).toHaveTextContent('Call the office before doing more work on it.')
    await ui.click(screen.getByRole('button', { name: 'Discard…' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Discard this update? It will never reach the office.',
    )
    await ui.click(screen.getByRole('button', { name: 'Keep it' }))
    expect(dismiss).not.toHaveBeenCalled()
    await ui.click(screen.getByRole('button', { name: 'Discard…' }))
    await ui.click(screen.getByRole('button', { name: 'Discard' }))
    expect(dismiss).toHaveBeenCalledWith('e1')
  })

  test('a refused treatment opens with the server’s message, is checked again, and is resent corrected', async () => {
    const ui = userEvent.setup()
    const treatment: OutboxEntry = {
      ...refused,
      id: 't1',
      kind: 'job-treatment',
      path: 'staff/jobs/4/treatments/',
      body: {
        id: '0b6c1d3e-8a4f-4c6b-9d7e-2f1a3b5c7d9e',
        product_id: null,
        product_name: 'Cypermethrin 10% EC',
        quantity: 250,
        unit: 'ml',
        target_pest: 'Cockroaches',
        area: 'A'.repeat(201),
        method: 'Spray',
        occurred_at: '2026-05-10T09:00:00.000Z',
      },
      lastError: 'Area must be at most 200 characters',
    }
    render(
      <ul>
        <FailedItem entry={treatment} />
      </ul>,
    )
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'The server said: Area must be at most 200 characters',
    )
    await ui.click(screen.getByRole('button', { name: 'Correct and send again' }))
    const area = screen.getByLabelText('Area')
    expect(area).toHaveValue('A'.repeat(201))
    expect(screen.getByLabelText('Product')).toHaveFocus()
    await ui.click(screen.getByRole('button', { name: 'Save and send again' }))
    expect(resend).not.toHaveBeenCalled()
    expect(area).toHaveAccessibleDescription('Area must be at most 200 characters')
    expect(area).toHaveFocus()
    await ui.clear(area)
    await ui.type(area, 'Kitchen')
    await ui.clear(screen.getByLabelText('Quantity'))
    await ui.type(screen.getByLabelText('Quantity'), '300')
    await ui.click(screen.getByRole('button', { name: 'Save and send again' }))
    expect(resend).toHaveBeenCalledWith(treatment, {
      ...(treatment.body as object),
      area: 'Kitchen',
      quantity: 300,
    })
  })

  test('the sync panel counts what waits and what failed, and names each job by its customer', () => {
    render(
      <SyncPanel
        online={false}
        entries={[
          refused,
          { ...refused, id: 'e2', status: 'waiting', lastError: undefined, about: 'Ada Obi · Fumigation' },
          { ...refused, id: 'e3', status: 'waiting', lastError: undefined, group: 'job:7' },
        ]}
        jobs={[{ id: 7, full_name: 'Chidi Eze', service: 'cleaning', date: '2026-05-11', time: '14:30' }]}
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 updates waiting to sync — they go when you have data. 1 not accepted (below).',
    )
    const waiting = screen.getByRole('list', { name: 'Waiting to sync' })
    expect(waiting).toHaveTextContent('Ada Obi · FumigationStatus “On my way”')
    expect(waiting).toHaveTextContent('Chidi Eze · Cleaning, May 11, 2026 at 2:30 PM')
    expect(waiting).not.toHaveTextContent('Job #')
  })
})

describe('the logout warning', () => {
  test('says what really happens to waiting and refused updates', async () => {
    const ui = userEvent.setup()
    render(
      <MemoryRouter>
        <LogoutButton waiting={2} refused={1} />
      </MemoryRouter>,
    )
    await ui.click(screen.getByRole('button', { name: 'Log out' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).toHaveTextContent(
      '2 updates waiting to sync stay on this phone and go to the office only after you log in here again',
    )
    expect(dialog).toHaveTextContent('They are not sent while someone else is logged in on this phone.')
    expect(dialog).toHaveTextContent(
      '1 update the server did not accept stays on this phone but is never sent by itself',
    )
    expect(dialog).toHaveTextContent('Your job sheet is removed from this phone')
    expect(dialog).not.toHaveTextContent('the next time you log in')
  })
})
