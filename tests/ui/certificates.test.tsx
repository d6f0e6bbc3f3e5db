// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { CertificateAnswer, CertificateDraftAnswer } from '../../contract/certificates'
import CertificateCheckPage from '../../src/features/certificates/pages/certificate-check'
import { mockApi, renderAdmin } from './admin-helpers'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const TREATMENT = {
  productName: 'Cypermethrin 10% EC',
  activeIngredient: 'Cypermethrin 10% EC',
  registrationNo: 'A5-1234',
  quantity: 250,
  unit: 'ml',
  targetPest: 'Cockroaches',
}

const draft = (change: Partial<CertificateDraftAnswer> = {}): CertificateDraftAnswer => ({
  bookingId: 7,
  businessName: 'Amaka Obi',
  premises: '3 Marina Road, Lagos Island',
  treatedOn: '2026-11-23',
  validUntil: '2027-02-23',
  treatments: [TREATMENT],
  existing: null,
  ...change,
})

const certificate = (change: Partial<CertificateAnswer> = {}): CertificateAnswer => ({
  id: 4,
  number: 'FC-2026-0004',
  bookingId: 7,
  businessName: 'Marina Foods Ltd',
  premises: '3 Marina Road, Lagos Island',
  treatedOn: '2026-11-23',
  issuedOn: '2026-11-23',
  validUntil: '2027-02-23',
  status: 'Valid',
  revokedAt: null,
  revokeReason: '',
  verifyUrl: 'http://localhost:8080/certificates/abcdefghijklmnopqrst',
  treatments: [TREATMENT],
  ...change,
})

describe('the office issues a certificate', () => {
  test('a booking’s link opens the form filled from the booking; a refusal keeps what was typed, under its field', async () => {
    let tries = 0
    const calls = mockApi({
      'GET admins/certificates/': [],
      // Once issued, the booking's draft names it (the list and the draft are read again).
      'GET admins/bookings/7/certificate-draft/': () =>
        tries === 2 ? draft({ existing: certificate() }) : draft(),
      'POST admins/certificates/': () =>
        ++tries === 1
          ? {
              status: 400,
              body: {
                field: 'validUntil',
                message: 'Valid until can be at most two years after the treatment',
              },
            }
          : { message: 'Certificate FC-2026-0004 issued.', certificate: certificate() },
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/certificates?booking=7')
    const form = await screen.findByRole('form', { name: 'New certificate' })
    const name = within(form).getByLabelText(/^Business name/)
    expect(name).toHaveValue('Amaka Obi')
    expect(within(form).getByLabelText('Premises address')).toHaveValue('3 Marina Road, Lagos Island')
    expect(within(form).getByLabelText(/^Valid until/)).toHaveValue('2027-02-23')
    expect(form.textContent).toContain('Cypermethrin 10% EC, 250 ml · Cypermethrin 10% EC · NAFDAC A5-1234')

    await ui.clear(name)
    await ui.type(name, 'Marina Foods Ltd')
    const validUntil = within(form).getByLabelText(/^Valid until/)
    await ui.clear(validUntil)
    await ui.type(validUntil, '2030-01-01')
    await ui.click(within(form).getByRole('button', { name: 'Issue certificate' }))
    expect(
      await within(form).findByText('Valid until can be at most two years after the treatment'),
    ).toBeTruthy()
    expect(validUntil).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(validUntil).toHaveFocus())
    expect(name).toHaveValue('Marina Foods Ltd')
    expect(validUntil).toHaveValue('2030-01-01')

    await ui.clear(validUntil)
    await ui.type(validUntil, '2027-05-23')
    await ui.click(within(form).getByRole('button', { name: 'Issue certificate' }))
    expect(
      await screen.findByText(/Certificate FC-2026-0004 issued\. The customer has been told\./),
    ).toBeTruthy()
    const print = screen.getByRole('link', { name: 'Open certificate FC-2026-0004 to print it' })
    expect(print.getAttribute('href')).toBe('/api/certificates/4/print')
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts.map((p) => p.body)).toEqual([
      {
        bookingId: 7,
        businessName: 'Marina Foods Ltd',
        premises: '3 Marina Road, Lagos Island',
        validUntil: '2030-01-01',
      },
      {
        bookingId: 7,
        businessName: 'Marina Foods Ltd',
        premises: '3 Marina Road, Lagos Island',
        validUntil: '2027-05-23',
      },
    ])
  })

  test('a blank business name is refused before sending; a booking with a certificate says so', async () => {
    const calls = mockApi({
      'GET admins/certificates/': [certificate()],
      'GET admins/bookings/7/certificate-draft/': draft(),
      'GET admins/bookings/8/certificate-draft/': draft({
        bookingId: 8,
        existing: certificate({ bookingId: 8 }),
      }),
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/certificates?booking=7')
    const form = await screen.findByRole('form', { name: 'New certificate' })
    await ui.clear(within(form).getByLabelText(/^Business name/))
    await ui.click(within(form).getByRole('button', { name: 'Issue certificate' }))
    await waitFor(() => expect(within(form).getByLabelText(/^Business name/)).toHaveFocus())
    expect(form.textContent).toContain('Business name is required')
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    cleanup()

    renderAdmin('/admin/certificates?booking=8')
    expect(
      await screen.findByText(/Booking #8 already has certificate/, { selector: 'p' }),
    ).toHaveTextContent('FC-2026-0004 (Valid, valid until February 23, 2027). Revoke it in the list below')
  })
})

describe('the public check at /certificates/:code', () => {
  const open = (code: string) => {
    setSession(null)
    renderWithProviders(
      <Routes>
        <Route path="/certificates/:code" element={<CertificateCheckPage />} />
      </Routes>,
      `/certificates/${code}`,
    )
  }
  const answer = (status: string) =>
    json(200, {
      status,
      businessName: 'Marina Foods Ltd',
      treatedOn: '2026-11-23',
      issuedOn: '2026-11-24',
      validUntil: '2027-02-23',
    })

  test('a valid certificate reads Valid, with the business name and its dates', async () => {
    mockFetch({ 'GET certificates/verify/abcdefghijklmnopqrst/': answer('Valid') })
    open('abcdefghijklmnopqrst')
    expect(await screen.findByText('Valid')).toBeTruthy()
    expect(screen.getByText('This fumigation certificate is valid until February 23, 2027.')).toBeTruthy()
    expect(screen.getByText('Marina Foods Ltd')).toBeTruthy()
    expect(screen.getByText('November 23, 2026')).toBeTruthy()
    expect(screen.getByText('November 24, 2026')).toBeTruthy()
  })

  test('a revoked or expired one reads Not valid, and why', async () => {
    mockFetch({ 'GET certificates/verify/abcdefghijklmnopqrst/': answer('Revoked') })
    open('abcdefghijklmnopqrst')
    expect(await screen.findByText('Not valid')).toBeTruthy()
    expect(screen.getByText(/GreenShield has withdrawn it\./)).toBeTruthy()
    cleanup()
    mockFetch({ 'GET certificates/verify/abcdefghijklmnopqrst/': answer('Expired') })
    open('abcdefghijklmnopqrst')
    expect(await screen.findByText('Not valid')).toBeTruthy()
    expect(screen.getByText(/Its validity has ended\./)).toBeTruthy()
  })

  test('an unknown code says no certificate has it; a failure offers to try again', async () => {
    mockFetch({
      'GET certificates/verify/zzzzzzzzzzzzzzzzzzzz/': json(404, {
        message: 'No certificate has this code.',
      }),
    })
    open('zzzzzzzzzzzzzzzzzzzz')
    expect(await screen.findByText('No certificate has this code')).toBeTruthy()
    cleanup()

    let calls = 0
    mockFetch({
      'GET certificates/verify/abcdefghijklmnopqrst/': () =>
        ++calls === 1
          ? json(429, { message: 'Too many certificate codes tried. Try again in 60 minute(s).' })
          : answer('Valid'),
    })
    open('abcdefghijklmnopqrst')
    expect(
      await screen.findByText('Too many certificate codes tried. Try again in 60 minute(s).'),
    ).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Valid')).toBeTruthy()
  })
})
