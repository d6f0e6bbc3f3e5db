// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { QuoteAnswer } from '../../contract/quotes'
import { AnswerQuote } from '../../src/features/quotes/components/answer-quote'
import { QuoteDocument } from '../../src/features/quotes/components/quote-document'
import { acceptedByAmaka, serviceLine, totalsWithoutDiscounts, UNANSWERED_QUOTE } from './billing-fixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const quote = (change: Partial<QuoteAnswer> = {}): QuoteAnswer => ({
  id: 7,
  number: 'Q-2026-0007',
  status: 'Sent',
  billedName: 'Amaka Obi',
  customerId: 3,
  bookingId: 12,
  issuedOn: '2026-11-23',
  validUntil: '2026-12-07',
  total: 50000,
  depositPercent: 30,
  deposit: 15000,
  billedTo: { name: 'Amaka Obi', phone: '', email: '', address: '' },
  sentAt: '2026-11-23T09:00:00.000Z',
  ...UNANSWERED_QUOTE,
  note: '',
  offerPercent: 20,
  lines: [serviceLine('Termite treatment', 50000)],
  totals: totalsWithoutDiscounts(50000),
  invoice: null,
  ...change,
})

/** The answer calls the form makes (path, body, Idempotency-Key), answered in turn by `answers`. */
function mockAnswer(answers: { status: number; body: unknown }[]) {
  const calls: { path: string; body: unknown; key: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname
      if (path === '/api/token') return Response.json({ token: 't' })
      calls.push({
        path,
        body: JSON.parse(String(init.body)),
        key: new Headers(init.headers).get('Idempotency-Key'),
      })
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]
      return Response.json(answer.body, { status: answer.status })
    }),
  )
  return calls
}

const accepted = quote(
  acceptedByAmaka({ status: 'Sent', total: 15000, deposit: true, link: '/i/invoice.40.1.sig' }),
)

function renderAnswer(q: QuoteAnswer, onAnswered = vi.fn()) {
  const view = render(
    <MemoryRouter>
      <AnswerQuote quote={q} who={{ token: 'tok' }} onAnswered={onAnswered} />
    </MemoryRouter>,
  )
  return {
    onAnswered,
    rerender: (next: QuoteAnswer) =>
      view.rerender(
        <MemoryRouter>
          <AnswerQuote quote={next} who={{ token: 'tok' }} onAnswered={onAnswered} />
        </MemoryRouter>,
      ),
  }
}

describe('accepting a quote by its link', () => {
  test('asks for a name before sending anything, and says the deposit accepting asks', async () => {
    const calls = mockAnswer([])
    renderAnswer(quote())
    expect(screen.getByText(/Accepting asks a deposit of ₦15,000\.00 \(30%\)/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }))
    const name = screen.getByLabelText('Your full name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Type your name to accept')).toBeTruthy()
    expect(document.activeElement).toBe(name)
    expect(calls).toEqual([])
  })

  test('sends the name once with a key; the answer’s deposit invoice can then be paid by its link', async () => {
    const calls = mockAnswer([
      { status: 200, body: { message: 'Quote Q-2026-0007 accepted by Amaka Obi.', quote: accepted } },
    ])
    const { onAnswered, rerender } = renderAnswer(quote())
    await userEvent.type(screen.getByLabelText('Your full name'), 'Amaka Obi')
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }))
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ path: '/api/quote-links/tok/accept/', body: { name: 'Amaka Obi' } })
    expect(calls[0].key).toMatch(/^[0-9a-f-]{36}$/)
    expect(onAnswered).toHaveBeenCalledWith(accepted)
    rerender(accepted)
    const pay = screen.getByRole('link', { name: 'Pay the ₦15,000.00 deposit (invoice INV-2026-0040)' })
    expect(pay.getAttribute('href')).toBe('/i/invoice.40.1.sig')
    expect(screen.getByText(/Accepted by Amaka Obi on/)).toBeTruthy()
  })

  test('shows the server’s refusal of an expired quote, keeping the name typed', async () => {
    mockAnswer([
      {
        status: 409,
        body: {
          message:
            'Quote Q-2026-0007 expired on 7 December 2026, so it cannot be accepted. Ask us for a new one.',
        },
      },
    ])
    renderAnswer(quote())
    await userEvent.type(screen.getByLabelText('Your full name'), 'Amaka Obi')
    await userEvent.click(screen.getByRole('button', { name: 'Accept quote' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/expired on 7 December 2026/)
    expect(screen.getByLabelText('Your full name')).toHaveProperty('value', 'Amaka Obi')
  })

  test('declining sends the reason', async () => {
    const calls = mockAnswer([
      {
        status: 200,
        body: { message: 'You declined quote Q-2026-0007.', quote: quote({ status: 'Declined' }) },
      },
    ])
    renderAnswer(quote())
    await userEvent.click(screen.getByRole('button', { name: 'Decline instead' }))
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Too dear')
    await userEvent.click(screen.getByRole('button', { name: 'Decline quote' }))
    expect(calls[0]).toMatchObject({ path: '/api/quote-links/tok/decline/', body: { reason: 'Too dear' } })
  })

  test('an expired quote offers no form', () => {
    mockAnswer([])
    renderAnswer(quote({ status: 'Expired' }))
    expect(screen.queryByRole('button', { name: 'Accept quote' })).toBeNull()
    expect(screen.getByText(/This quote was valid until .+2026\. Ask us for a new one\./)).toBeTruthy()
  })
})

test('the printable quote says the first-service offer comes off the invoice', () => {
  render(<QuoteDocument quote={quote()} />)
  expect(screen.getByText(/20% off your first service is taken off the invoice/)).toBeTruthy()
  expect(screen.getByText('Deposit on acceptance (30%)')).toBeTruthy()
})
