import { useState, type FormEvent } from 'react'
import { Pencil, Trash2, UserPlus } from 'lucide-react'
import type { AdminUser, AdminUserUpdateRequest } from '../../../../contract/users.js'
import { localPhone } from '../../../../contract/phone.js'
import { errorMessage } from '../../../lib/api-client'
import { Modal } from '../../../components/ui/modal'
import { TextField } from '../../../components/ui/text-field'
import { useFormFields } from '../../../components/ui/use-form-fields'
import type { RegisterAdminRequest } from '../../../../contract/auth.js'
import { useAddAdmin, useDeleteUser, useSendPasswordReset, useUpdateUser, useUsers } from '../api'
import { filterUsers } from '../filters'
import { DeleteDialog, useDeleteConfirm } from '../../../components/ui/delete-dialog'
import { DataTable } from '../../../components/ui/data-table'
import { FilterBar, SearchBox, SelectFilter } from '../../../components/ui/list-filters'
import { PageHeader } from '../../../components/ui/page-header'
import { ListResults, useListFilters } from '../../../components/ui/pagination'
import { Field } from '../../../components/ui/field'
import { FormActions, ResultLine, type FormResult } from '../../../components/ui/form-actions'
import { CardTop, MobileCards } from '../../../components/ui/mobile-cards'
import { RowAction } from '../../../components/ui/row-action'
import { useActionError } from '../../../components/ui/use-action-error'

const ROLE_OPTIONS = [
  ['all', 'All Roles'],
  ['admin', 'Admin'],
  ['staff', 'Staff'],
  ['customer', 'Customer'],
] as const

/** A user's phone number as written in Nigeria, a dash when there is none. */
const phoneOf = (u: AdminUser) => (u.phone_number ? localPhone(u.phone_number) : '—')

/** The add-user form: every field filled in, the role chosen (Admin or Staff). */
type NewUserForm = Required<RegisterAdminRequest>
const EMPTY_ADMIN: NewUserForm = { fullName: '', email: '', password: '', phoneNumber: '', role: 'admin' }

function AddAdminDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { form, setForm, bind } = useFormFields(EMPTY_ADMIN)
  const { error, setError, attempt } = useActionError('An error occurred, try again later')
  const addAdmin = useAddAdmin()

  function close() {
    setForm(EMPTY_ADMIN)
    setError('')
    onClose()
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (await attempt(() => addAdmin.mutateAsync(form))) close()
  }

  const fields = [
    { key: 'fullName', label: 'Full Name', type: 'text', autoComplete: 'name' },
    { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { key: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
    { key: 'phoneNumber', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  ] as const

  return (
    <Modal open={open} title="Add New Admin User" onClose={close}>
      <form onSubmit={submit} className="space-y-4">
        {fields.map(({ key, label, type, autoComplete }) => (
          <TextField
            key={key}
            id={`admin-${key}`}
            label={label}
            type={type}
            required
            autoComplete={autoComplete}
            {...bind(key)}
          />
        ))}
        <Field id="admin-role" label="Role">
          <select className="field" {...bind('role')}>
            <option value="admin">Admin</option>
            <option value="staff">Staff (field technician)</option>
          </select>
        </Field>
        <FormActions
          error={error}
          className="flex justify-end gap-3 pt-2"
          onCancel={close}
          pending={addAdmin.isPending}
          submitLabel="Add User"
          pendingLabel="Adding User..."
        />
      </form>
    </Modal>
  )
}

/** The mobile card's Edit: role and phone number (POST admins/users/{id}/). */
function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal open={user !== null} title="Edit User" onClose={onClose} size="sm">
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  )
}

function EditUserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { form, bind } = useFormFields({
    role: user.role.toLowerCase() as NonNullable<AdminUserUpdateRequest['role']>,
    phone_number: localPhone(user.phone_number),
  })
  const { error, attempt } = useActionError('An error occurred, try again later')
  const update = useUpdateUser()

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (await attempt(() => update.mutateAsync({ id: user.id, ...form }))) onClose()
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">
        {user.full_name} · {user.username}
      </p>
      <Field id="edit-role" label="Role">
        <select {...bind('role')} className="field">
          <option value="admin">Admin</option>
          <option value="staff">Staff</option>
          <option value="customer">Customer</option>
        </select>
      </Field>
      <TextField id="edit-phone" label="Phone No" type="tel" {...bind('phone_number')} />
      <FormActions
        error={error}
        onCancel={onClose}
        pending={update.isPending}
        submitLabel="Save"
        pendingLabel="Saving..."
      />
      <PasswordResetSender user={user} />
    </form>
  )
}

/** How a reset can go; a code by SMS only to a user with a phone number. */
const RESET_CHANNELS = [
  ['email', 'Email a reset link'],
  ['sms', 'Text a reset code'],
] as const

/** A user who forgot their password: the admin sends a reset (link by email, or a code by SMS). */
function PasswordResetSender({ user }: { user: AdminUser }) {
  const send = useSendPasswordReset()
  const [result, setResult] = useState<FormResult>(null)
  async function sendBy(channel: (typeof RESET_CHANNELS)[number][0]) {
    setResult(null)
    try {
      const answer = await send.mutateAsync({ id: user.id, channel })
      setResult({ ok: true, text: answer.message })
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, 'An error occurred, try again later') })
    }
  }
  return (
    <div className="border-t border-slate-200 pt-4">
      <p className="text-sm font-semibold text-slate-900">Forgotten password</p>
      <div className="mt-2 flex flex-wrap gap-2">
        {RESET_CHANNELS.filter(([channel]) => channel === 'email' || user.phone_number).map(
          ([channel, label]) => (
            <button
              key={channel}
              type="button"
              className="btn-secondary"
              disabled={send.isPending}
              onClick={() => sendBy(channel)}
            >
              {label}
            </button>
          ),
        )}
      </div>
      {result && <ResultLine result={result} className="mt-2 text-sm" errorClassName="text-red-700" />}
    </div>
  )
}

/**
 * A user's Edit and Delete: in the table, named after the user (a pair on every row); on a phone's card,
 * sharing its width under the name they belong to.
 */
function UserActions({
  user,
  inTable,
  onEdit,
  onDelete,
}: {
  user: AdminUser
  inTable?: boolean
  onEdit: (user: AdminUser) => void
  onDelete: (user: AdminUser) => void
}) {
  const size = inTable ? 'px-3 py-1.5' : 'flex-1 py-2'
  const actions = [
    { icon: Pencil, verb: 'Edit', tone: 'btn-secondary', run: onEdit },
    { icon: Trash2, verb: 'Delete', tone: 'btn-danger', run: onDelete },
  ]
  return (
    <div className={inTable ? 'flex gap-2' : 'mt-3 flex gap-2'}>
      {actions.map(({ icon, verb, tone, run }) => (
        <RowAction
          key={verb}
          icon={icon}
          verb={verb}
          name={inTable ? user.full_name : undefined}
          className={`${tone} ${size}`}
          onClick={() => run(user)}
        />
      ))}
    </div>
  )
}

export default function UsersScreen() {
  const users = useUsers()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const deleting = useDeleteConfirm<AdminUser>(useDeleteUser())

  const { pages, searchBox, select } = useListFilters(users.data, 'all', filterUsers)

  return (
    <>
      <PageHeader
        title="User Management"
        add={{ icon: UserPlus, label: 'Add New Admin User', onClick: () => setAdding(true) }}
      />
      <FilterBar>
        <SearchBox {...searchBox} label="Search users" />
        <SelectFilter {...select} label="Filter by role" options={ROLE_OPTIONS} />
      </FilterBar>
      <ListResults query={users} what="users" empty="No users found" pages={pages}>
        <DataTable
          rows={pages.pageItems}
          columns={[
            { label: 'Name', cell: (u) => u.full_name, className: 'font-medium text-slate-900' },
            { label: 'Email', cell: (u) => u.username },
            { label: 'Phone No', cell: phoneOf, className: 'whitespace-nowrap' },
            { label: 'Role', cell: (u) => u.role },
            {
              label: 'Actions',
              cell: (u) => (
                <UserActions user={u} inTable onEdit={setEditing} onDelete={(user) => deleting.ask(user)} />
              ),
            },
          ]}
        />
        <MobileCards items={pages.pageItems} cardClassName="p-4">
          {(u) => (
            <>
              <CardTop
                title={u.full_name}
                badge={
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {u.role}
                  </span>
                }
              >
                <p className="truncate text-sm text-slate-600">{u.username}</p>
                <p className="text-sm text-slate-600">{phoneOf(u)}</p>
              </CardTop>
              <UserActions user={u} onEdit={setEditing} onDelete={(user) => deleting.ask(user)} />
            </>
          )}
        </MobileCards>
      </ListResults>

      <AddAdminDialog open={adding} onClose={() => setAdding(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        {...deleting.dialog}
        title="Delete User"
        message={`Are you sure you want to delete ${deleting.target?.full_name || 'this user'}?`}
      />
    </>
  )
}
