// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ApiError, NetworkError } from '../../src/lib/api-client'
import { renderWithProviders, setSession } from './public-helpers'

const submitThroughOutbox = vi.fn()
vi.mock('../../src/offline/outbox', () => ({
  submitThroughOutbox: (...args: unknown[]) => submitThroughOutbox(...args),
}))
const { default: ContactForm } = await import('../../src/components/contact-form')

beforeEach(() => {
  submitThroughOutbox.mockReset()
  setSession(null)
})
afterEach(cleanup)

async function fillAndSend() {
  const ui = userEvent.setup()
  await ui.type(screen.getByLabelText('Name'), 'Bisi Adeyemi')
  await ui.type(screen.getByLabelText('Email'), 'bisi@example.ng')
  await ui.type(screen.getByLabelText('Message'), 'Do you fumigate warehouses?')
  await ui.click(screen.getByRole('button', { name: /Send Message/ }))
}

describe('ContactForm', () => {
  test('name, email and message are required, and the email field has the email type', () => {
    renderWithProviders(<ContactForm />)
    for (const label of ['Name', 'Email', 'Message']) expect(screen.getByLabelText(label)).toBeRequired()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
  })

  test('posts quick/message/ through the outbox; on success shows the server message and clears', async () => {
    setSession('user', 42)
    let finish: (v: unknown) => void = () => {}
    submitThroughOutbox.mockReturnValue(new Promise((resolve) => (finish = resolve)))
    renderWithProviders(<ContactForm />)
    await fillAndSend()
    expect(screen.getByRole('button', { name: /Sending\.\.\./ })).toBeDisabled()
    // The outbox and the message's kind load on the first send.
    await vi.waitFor(() =>
      expect(submitThroughOutbox).toHaveBeenCalledWith(
        'quick-message',
        'POST quick/message/',
        { name: 'Bisi Adeyemi', email: 'bisi@example.ng', message: 'Do you fumigate warehouses?' },
        42,
      ),
    )
    finish({ state: 'sent', data: { message: 'Thank you! Your message has been received.' } })
    expect(await screen.findByText('Thank you! Your message has been received.')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('')
    expect(screen.getByLabelText('Email')).toHaveValue('')
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  test('queued offline: says it will be sent later and clears', async () => {
    submitThroughOutbox.mockResolvedValue({ state: 'queued', entry: { id: 'x' } })
    renderWithProviders(<ContactForm />)
    await fillAndSend()
    expect(
      await screen.findByText('Saved on this phone — it will be sent as soon as the network answers'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Message')).toHaveValue('')
  })

  test('too many for now (429): says why and that the saved message is sent after the wait', async () => {
    const retryLater = 'Too many messages from this connection. Try again in 5 minutes.'
    submitThroughOutbox.mockResolvedValue({ state: 'queued', entry: { id: 'x' }, retryLater })
    renderWithProviders(<ContactForm />)
    await fillAndSend()
    expect(
      await screen.findByText(`${retryLater} Your message is saved and will be sent then.`),
    ).toBeInTheDocument()
  })

  test("a refusal (4xx) shows the server's message and keeps the form", async () => {
    submitThroughOutbox.mockRejectedValue(new ApiError(400, 'Enter a valid email address', {}))
    renderWithProviders(<ContactForm />)
    await fillAndSend()
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a valid email address')
    expect(screen.getByLabelText('Name')).toHaveValue('Bisi Adeyemi')
    expect(screen.getByLabelText('Message')).toHaveValue('Do you fumigate warehouses?')
  })

  test("any other failure shows exactly 'An Error Occured.' and keeps the form", async () => {
    submitThroughOutbox.mockRejectedValue(new NetworkError(new TypeError('Failed to fetch')))
    renderWithProviders(<ContactForm />)
    await fillAndSend()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An Error Occured\.$/)
    expect(screen.getByLabelText('Email')).toHaveValue('bisi@example.ng')
  })
})
