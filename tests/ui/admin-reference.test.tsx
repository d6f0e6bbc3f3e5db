// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { openApiDocument } from '../../api/lib/openapi'
import { mockApi, renderAdmin } from './admin-helpers'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('API reference', () => {
  test('lists every call by feature from the server’s document, with body, answer and failures', async () => {
    const doc = openApiDocument('/api')
    const calls = mockApi({ 'GET openapi.json': doc })
    const ui = userEvent.setup()
    renderAdmin('/admin/api')
    expect(await screen.findByRole('heading', { name: 'API reference' })).toBeInTheDocument()
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET openapi.json')

    const documented = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0)
    const summaries = document.querySelectorAll('details > summary')
    expect(summaries).toHaveLength(documented)

    const users = screen.getByRole('region', { name: 'users' })
    const edit = within(users).getByText('/admins/users/{id}/').closest('details')!
    await ui.click(within(edit).getByText('/admins/users/{id}/'))
    expect(within(edit).getByRole('table', { name: /^Body/ })).toHaveTextContent('phone_number')
    expect(within(edit).getByText(/Who may call: An admin/)).toBeInTheDocument()
    expect(within(edit).getByText('404')).toBeInTheDocument()

    await ui.type(screen.getByRole('searchbox', { name: 'Search calls' }), 'password reset')
    expect(document.querySelectorAll('details > summary').length).toBeLessThan(documented)
    expect(screen.getAllByText(/password reset/i).length).toBeGreaterThan(0)
    await ui.clear(screen.getByRole('searchbox', { name: 'Search calls' }))
    await ui.type(screen.getByRole('searchbox', { name: 'Search calls' }), 'no such call anywhere')
    expect(screen.getByRole('status')).toHaveTextContent('No call matches')
  })
})
