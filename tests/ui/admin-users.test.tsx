// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { mockApi, openAdminScreen, renderAdmin, user } from './admin-helpers'
import { filterUsers } from '../../src/features/users/filters'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const USERS = [
  user(1, 'Ada Admin', 'Admin'),
  user(2, 'Sam Staff', 'Staff', '+2348051112222'),
  user(3, 'Chidi Customer', 'Customer'),
  user(4, 'Bola Buyer', 'Customer'),
]

const tableNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent)

type UI = ReturnType<typeof userEvent.setup>

async function openAddUser(ui: UI) {
  await ui.click(screen.getByRole('button', { name: 'Add New Admin User' }))
  return screen.getByRole('dialog', { name: 'Add New Admin User' })
}

async function openEditUser(ui: UI, name: string) {
  await ui.click(screen.getByRole('button', { name: `Edit ${name}` }))
  return screen.getByRole('dialog', { name: 'Edit User' })
}

/** Fills the add form for `fullName` <`email`>, with password-123 and phone 08031234567. */
async function fillNewUser(ui: UI, dialog: HTMLElement, fullName: string, email: string) {
  await ui.type(within(dialog).getByLabelText('Full Name'), fullName)
  await ui.type(within(dialog).getByLabelText('Email'), email)
  await ui.type(within(dialog).getByLabelText('Password'), 'password-123')
  await ui.type(within(dialog).getByLabelText('Phone'), '08031234567')
}

describe('User Management', () => {
  test('the role filter and the search really narrow the list', async () => {
    mockApi({ 'GET get/users/': USERS })
    const ui = await openAdminScreen('/admin/users')
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument()
    expect(tableNames()).toEqual(['Ada Admin', 'Sam Staff', 'Chidi Customer', 'Bola Buyer'])

    const role = screen.getByRole('combobox', { name: 'Filter by role' })
    expect([...role.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['all', 'All Roles'],
      ['admin', 'Admin'],
      ['staff', 'Staff'],
      ['customer', 'Customer'],
    ])
    await ui.selectOptions(role, 'customer')
    expect(tableNames()).toEqual(['Chidi Customer', 'Bola Buyer'])
    await ui.type(screen.getByRole('searchbox', { name: 'Search users' }), 'BOLA')
    expect(tableNames()).toEqual(['Bola Buyer'])
    await ui.selectOptions(role, 'admin')
    expect(screen.getByText('No users found')).toBeInTheDocument()
  })

  test('search matches the phone number typed with the leading 0', () => {
    expect(filterUsers(USERS, '0805111', 'all').map((u) => u.id)).toEqual([2])
    expect(filterUsers(USERS, '', 'staff').map((u) => u.id)).toEqual([2])
  })

  test('adding an admin posts the form and reloads the list', async () => {
    let list = USERS
    const calls = mockApi({
      'GET get/users/': () => list,
      'POST register/admin/': () => {
        list = [...USERS, user(5, 'New Admin', 'Admin')]
        return { status: 200, body: { message: 'Admin user created.' } }
      },
    })
    const ui = await openAdminScreen('/admin/users')
    const dialog = await openAddUser(ui)
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email')
    await fillNewUser(ui, dialog, 'New Admin', 'new.admin@test.ng')
    await ui.click(within(dialog).getByRole('button', { name: 'Add User' }))
    await waitFor(() => expect(tableNames()).toContain('New Admin'))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      fullName: 'New Admin',
      email: 'new.admin@test.ng',
      password: 'password-123',
      phoneNumber: '08031234567',
      role: 'admin',
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  test('the add form adds a technician with Role: Staff', async () => {
    const calls = mockApi({
      'GET get/users/': USERS,
      'POST register/admin/': { status: 200, body: { message: 'Technician Femi created.' } },
    })
    const ui = await openAdminScreen('/admin/users')
    const dialog = await openAddUser(ui)
    const role = within(dialog).getByLabelText('Role')
    expect([...role.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Admin',
      'Staff (field technician)',
    ])
    await fillNewUser(ui, dialog, 'Femi', 'femi@test.ng')
    await ui.selectOptions(role, 'staff')
    await ui.click(within(dialog).getByRole('button', { name: 'Add User' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      email: 'femi@test.ng',
      role: 'staff',
    })
  })

  test('a refused add shows the server message in the dialog', async () => {
    mockApi({
      'GET get/users/': USERS,
      'POST register/admin/': {
        status: 409,
        body: { message: 'An account with this email already exists.' },
      },
    })
    const ui = await openAdminScreen('/admin/users')
    const dialog = await openAddUser(ui)
    await fillNewUser(ui, dialog, 'X', 'ada.admin@test.ng')
    await ui.click(within(dialog).getByRole('button', { name: 'Add User' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An account with this email already exists.',
    )
  })

  test('delete: 204 closes the dialog and reloads; a refusal shows the message', async () => {
    let list = USERS
    mockApi({
      'GET get/users/': () => list,
      'DELETE admins/delete/4/user/': () => {
        list = USERS.filter((u) => u.id !== 4)
        return { status: 204 }
      },
      'DELETE admins/delete/1/user/': {
        status: 400,
        body: { message: 'You cannot delete your own account.' },
      },
    })
    const ui = await openAdminScreen('/admin/users')

    await ui.click(screen.getByRole('button', { name: 'Delete Ada Admin' }))
    let dialog = screen.getByRole('dialog')
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete your own account.')
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await ui.click(screen.getByRole('button', { name: 'Delete Bola Buyer' }))
    dialog = screen.getByRole('dialog')
    await ui.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(tableNames()).not.toContain('Bola Buyer'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  test('edit saves role and phone through admins/users/{id}/', async () => {
    const calls = mockApi({
      'GET get/users/': USERS,
      'POST admins/users/3/': { status: 200, body: { message: 'ok' } },
    })
    const ui = await openAdminScreen('/admin/users')
    const dialog = await openEditUser(ui, 'Chidi Customer')
    await ui.selectOptions(within(dialog).getByLabelText('Role'), 'staff')
    await ui.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: 'admins/users/3/',
      body: { role: 'staff', phone_number: '08031234567' },
    })
  })

  test('a user who forgot their password is sent a reset link from the Edit dialog', async () => {
    const calls = mockApi({
      'GET get/users/': USERS,
      'POST admins/users/3/password-reset/': {
        status: 200,
        body: { message: 'A reset link is on its way to chidi.customer@test.ng.' },
      },
    })
    const ui = await openAdminScreen('/admin/users')
    const dialog = await openEditUser(ui, 'Chidi Customer')
    await ui.click(within(dialog).getByRole('button', { name: 'Email a reset link' }))
    expect(await within(dialog).findByRole('status')).toHaveTextContent('A reset link is on its way')
    expect(calls.find((c) => c.path === 'admins/users/3/password-reset/')?.body).toEqual({ channel: 'email' })
  })

  test('more than 50 users paginate; filtering goes back to page 1', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      user(i + 1, `Person ${i + 1}`, i % 2 ? 'Customer' : 'Staff'),
    )
    mockApi({ 'GET get/users/': many })
    const ui = userEvent.setup()
    renderAdmin('/admin/users')
    expect(await screen.findByText('Showing 1–50 of 120')).toBeInTheDocument()
    expect(tableNames()).toHaveLength(50)
    await ui.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByText('Showing 51–100 of 120')).toBeInTheDocument()
    expect(tableNames()[0]).toBe('Person 51')
    await ui.click(screen.getByRole('button', { name: /Next/ }))
    expect(screen.getByText('Showing 101–120 of 120')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Filter by role' }), 'staff')
    expect(screen.getByText('Showing 1–50 of 60')).toBeInTheDocument()
  })

  test('a failed reload keeps the loaded list under the Retry panel, which is busy while retrying', async () => {
    let list = USERS
    let reload: 'fail' | 'hold' | 'ok' = 'ok'
    let release = () => {}
    mockApi({
      'GET get/users/': () => {
        if (reload === 'fail') return { status: 503, body: { message: 'Database is busy' } }
        if (reload === 'hold') return new Promise((resolve) => (release = () => resolve(list)))
        return list
      },
      'DELETE admins/delete/4/user/': () => {
        list = USERS.filter((u) => u.id !== 4)
        reload = 'fail'
        return { status: 204 }
      },
    })
    const ui = await openAdminScreen('/admin/users')
    await ui.click(screen.getByRole('button', { name: 'Delete Bola Buyer' }))
    await ui.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }))

    // The delete went through; the reload after it did not: the rows stay, with the panel above them.
    const panel = await screen.findByRole('alert')
    expect(panel).toHaveTextContent('Database is busy')
    expect(tableNames()).toEqual(['Ada Admin', 'Sam Staff', 'Chidi Customer', 'Bola Buyer'])

    reload = 'hold'
    await ui.click(within(panel).getByRole('button', { name: 'Retry' }))
    expect(within(panel).getByRole('button', { name: 'Retrying...' })).toBeDisabled()
    release()
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(tableNames()).toEqual(['Ada Admin', 'Sam Staff', 'Chidi Customer'])
  })

  test('offline, a delete fails at once with the message in the dialog instead of staying busy', async () => {
    mockApi({ 'GET get/users/': USERS })
    const ui = await openAdminScreen('/admin/users')
    onlineManager.setOnline(false)
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch')
        }),
      )
      await ui.click(screen.getByRole('button', { name: 'Delete Bola Buyer' }))
      const dialog = screen.getByRole('dialog')
      await ui.click(within(dialog).getByRole('button', { name: 'Delete' }))
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('An error occurred, try again later')
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled()
    } finally {
      onlineManager.setOnline(true)
    }
  })

  test('a failed load shows a retryable error panel', async () => {
    let fail = true
    mockApi({
      'GET get/users/': () => (fail ? { status: 500, body: { message: 'Database is busy' } } : USERS),
    })
    const ui = userEvent.setup()
    renderAdmin('/admin/users')
    expect(await screen.findByRole('alert')).toHaveTextContent('Database is busy')
    fail = false
    await ui.click(screen.getByRole('button', { name: 'Retry' }))
    await screen.findByRole('table')
    expect(tableNames()).toHaveLength(4)
  })
})
