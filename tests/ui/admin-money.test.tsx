// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { dashboardStats, mockApi, renderAdmin } from './admin-helpers'
import type { IncomeMonth, MoneySummary } from '../../contract/dashboard'
import { addMonths, BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const STATS = dashboardStats(61_000, '2026-11')

const stream = (income: number, refunds = 0, onSite = 0) => ({
  income,
  refunds,
  net: income - refunds,
  on_site: onSite,
})
const months: IncomeMonth[] = Array.from({ length: 12 }, (_, i) => ({
  month: addMonths('2025-12', i),
  products: stream(0),
  services: stream(0),
}))
months[10] = { month: '2026-10', products: stream(15_000), services: stream(0) }
months[11] = { month: '2026-11', products: stream(20_000, 2_000), services: stream(4_500, 0, 4_500) }

const MONEY: MoneySummary = {
  months,
  by_method: [
    { method: 'card', source: 'gateway', count: 2, amount: 20_000 },
    { method: 'cash', source: 'on_site', count: 1, amount: 4_500 },
  ],
  this_month: { month: '2026-11', income: 22_500, count: 3 },
  last_month: { month: '2026-10', income: 15_000, count: 2 },
  change_percent: 50,
  balance: { gateway_income: 74_500, refunds: 2_000, withdrawn: 11_500, balance: 61_000, on_site: 4_500 },
  outstanding: [
    { age: '0–30 days', count: 2, due: 40_000 },
    { age: '31–60 days', count: 0, due: 0 },
    { age: 'Over 60 days', count: 1, due: 12_500 },
  ],
}

describe('Dashboard: the owner’s money', () => {
  test('income by month as a chart with a summary, and the same figures as a table', async () => {
    mockApi({ 'GET get/stat': STATS, 'GET admins/money/': MONEY })
    const ui = userEvent.setup()
    renderAdmin('/admin')
    const chart = await screen.findByRole('img', { name: /^Income by month/ })
    expect(chart).toHaveAccessibleName(
      'Income by month, December 2025 to November 2026: ₦37,500.00 in all; highest in November 2026 ' +
        'with ₦22,500.00; November 2026 so far ₦22,500.00.',
    )
    // Bars: October's products; November's products and its services money, all taken on site (striped).
    const bars = [...chart.querySelectorAll('rect[x]')]
    expect(bars).toHaveLength(3)
    expect(bars[2]).toHaveAttribute('fill', expect.stringMatching(/^url\(#/))
    // Heights in proportion: November's products (₦18,000) are 18/22.5 of the tallest bar.
    expect(Number(bars[1]!.getAttribute('height'))).toBeCloseTo((160 * 18) / 22.5)

    const toggle = screen.getByRole('button', { name: 'Show as table' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('table', { name: /Income by month/ })).toBeNull()
    await ui.click(toggle)
    expect(screen.getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true')
    const table = screen.getByRole('table', { name: 'Income by month (naira, refunds subtracted)' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(13)
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('December 2025')
    const november = within(table).getByRole('row', { name: /November 2026/ })
    expect(
      within(november)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['₦18,000.00', '₦4,500.00', '₦4,500.00', '₦2,000.00', '₦22,500.00'])

    // This month against last, by method, and what makes the balance.
    expect(screen.getByText('Up 50% on last month')).toBeInTheDocument()
    expect(screen.getByText('November 2026 so far')).toBeInTheDocument()
    const methods = within(screen.getByRole('list', { name: 'Payments by method this month' })).getAllByRole(
      'listitem',
    )
    expect(methods[0]).toHaveTextContent('Card · Payment gateway₦20,000.002 payments')
    expect(methods[1]).toHaveTextContent('Cash · Taken on site₦4,500.001 payment')
    expect(screen.getByText('Less withdrawals').nextSibling).toHaveTextContent('− ₦11,500.00')
    expect(screen.getByText(/₦4,500.00 taken on site by technicians/)).toBeInTheDocument()

    // What customers still owe, by how long ago the invoice was sent.
    const owed = screen.getByRole('heading', { name: 'Outstanding invoices' }).parentElement!
    expect(within(owed).getByText('₦52,500.00 due on 3 invoices')).toBeInTheDocument()
    expect(within(owed).getByText(/Over 60 days/).nextSibling).toHaveTextContent('₦12,500.00')
  })

  test('a fall, and no month to compare with, are said in words', async () => {
    mockApi({
      'GET get/stat': STATS,
      'GET admins/money/': { ...MONEY, change_percent: -12.5 },
    })
    renderAdmin('/admin')
    expect(await screen.findByText('Down 12.5% on last month')).toBeInTheDocument()
    cleanup()
    mockApi({ 'GET get/stat': STATS, 'GET admins/money/': { ...MONEY, change_percent: null } })
    renderAdmin('/admin')
    expect(await screen.findByText('No income last month to compare with.')).toBeInTheDocument()
  })

  test('the export form checks the range, then downloads the CSV of it', async () => {
    mockApi({ 'GET get/stat': STATS, 'GET admins/money/': MONEY })
    const downloads: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.href)
    })
    const ui = userEvent.setup()
    renderAdmin('/admin')
    const form = (await screen.findByRole('heading', { name: 'Export for the accountant' })).parentElement!
    const from = within(form).getByLabelText('From')
    const to = within(form).getByLabelText('To')
    // This Lagos month so far, to start with.
    const today = todayIso(new Date(), BUSINESS_TIME_ZONE)
    expect(from).toHaveValue(`${today.slice(0, 8)}01`)
    expect(to).toHaveValue(today)

    await ui.clear(from)
    await ui.type(from, '2026-03-10')
    await ui.clear(to)
    await ui.type(to, '2026-03-01')
    await ui.click(within(form).getByRole('button', { name: 'Download CSV' }))
    expect(within(form).getByText('To must be on or after From')).toBeInTheDocument()
    expect(to).toHaveAttribute('aria-invalid', 'true')
    await vi.waitFor(() => expect(to).toHaveFocus())
    expect(downloads).toEqual([])

    await ui.clear(from)
    await ui.type(from, '2025-01-01')
    await ui.clear(to)
    await ui.type(to, '2026-01-02')
    await ui.click(within(form).getByRole('button', { name: 'Download CSV' }))
    expect(within(form).getByText(/at most 366 days/)).toBeInTheDocument()
    expect(downloads).toEqual([])

    await ui.clear(from)
    await ui.type(from, '2026-01-01')
    await ui.click(within(form).getByRole('button', { name: 'Download CSV' }))
    expect(to).not.toHaveAttribute('aria-invalid')
    expect(downloads).toHaveLength(1)
    const url = new URL(downloads[0]!)
    expect(url.pathname).toBe('/api/admins/money/export.csv')
    expect(Object.fromEntries(url.searchParams)).toEqual({ from: '2026-01-01', to: '2026-01-02' })
    expect(
      within(form).getByText('Downloading the payments CSV of January 1, 2026 to January 2, 2026.'),
    ).toBeVisible()

    // The invoices issued in the same days, the other file.
    await ui.selectOptions(within(form).getByLabelText('File'), 'Invoices issued')
    await ui.click(within(form).getByRole('button', { name: 'Download CSV' }))
    const invoices = new URL(downloads[1]!)
    expect(invoices.pathname).toBe('/api/admins/money/invoices.csv')
    expect(Object.fromEntries(invoices.searchParams)).toEqual({ from: '2026-01-01', to: '2026-01-02' })

    await ui.click(within(form).getByRole('button', { name: 'This month' }))
    expect(from).toHaveValue(`${today.slice(0, 8)}01`)
  })
})
