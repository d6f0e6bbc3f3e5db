// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import MyDocuments from '../../src/features/documents/pages/my-documents'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const booking = (id: number, status: string, report: boolean) => ({
  id,
  full_name: 'Ada Customer',
  phone_number: '08031234567',
  service: 'fumigation',
  info: '',
  date: '2026-11-20',
  time: '10:00',
  status,
  location: '3 Marina Road',
  emergency: false,
  report_url: report ? `staff/jobs/${id}/report` : null,
})

test('my documents lists the service reports, certificates, quotes and invoices, each linking to its page', async () => {
  setSession('user')
  mockFetch({
    'GET appointment/': json(200, [booking(7, 'Completed', true), booking(8, 'Pending', false)]),
    'GET quotes/': json(200, [
      {
        id: 3,
        number: 'Q-2026-0003',
        status: 'Accepted',
        billedName: 'Ada Customer',
        customerId: 7,
        bookingId: 7,
        issuedOn: '2026-11-18',
        validUntil: '2026-12-02',
        total: 45_000,
        depositPercent: 0,
      },
    ]),
    'GET invoices/': json(200, []),
    'GET certificates/': json(200, [
      {
        id: 4,
        number: 'FC-2026-0004',
        bookingId: 7,
        businessName: 'Marina Foods Ltd',
        premises: '3 Marina Road',
        treatedOn: '2026-11-20',
        issuedOn: '2026-11-21',
        validUntil: '2027-02-20',
        status: 'Valid',
        revokedAt: null,
        revokeReason: '',
        verifyUrl: 'https://greenshield.ng/certificates/abcdefghijklmnopqrst',
        treatments: [],
      },
    ]),
  })
  renderWithProviders(<MyDocuments />, '/documents')
  const reports = await screen.findByRole('region', { name: 'Service reports' })
  const report = await within(reports).findByRole('link', { name: 'fumigation report, November 20, 2026' })
  expect(report.getAttribute('href')).toBe('/api/staff/jobs/7/report')
  expect(within(reports).getAllByRole('link')).toHaveLength(1)
  const certificates = screen.getByRole('region', { name: 'Fumigation certificates' })
  const certificate = await within(certificates).findByRole('link', { name: 'FC-2026-0004' })
  // The printable page, with its public address on it.
  expect(certificate.getAttribute('href')).toBe('/api/certificates/4/print')
  expect(certificates.textContent).toContain('Marina Foods Ltd')
  expect(certificates.textContent).toContain('Valid · valid until February 20, 2027')
  const quotes = screen.getByRole('region', { name: 'Quotes' })
  expect(within(quotes).getByRole('link', { name: 'Q-2026-0003' }).getAttribute('href')).toBe('/quotes/3')
  expect(quotes.textContent).toContain('Accepted · ₦45,000.00')
  expect(await screen.findByText('No invoices yet.')).toBeTruthy()
})
