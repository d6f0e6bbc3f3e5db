import { useState } from 'react'
import { Archive, ArchiveRestore, Mail, MailOpen, Send } from 'lucide-react'
import type { AdminMessage, InboxView } from '../../../../contract/messages.js'
import { formatDateTime } from '../../../../contract/dates.js'
import { pages } from '../../../../contract/pages.js'
import { errorMessage } from '../../../lib/api-client'
import { Modal } from '../../../components/ui/modal'
import { useAdminMessages, useArchiveMessage, useMarkMessageRead } from '../api'
import { filterMessages } from '../filters'
import { MessageList, MessageRow } from './message-list'
import { SearchBox } from '../../../components/ui/list-filters'
import { PageHeader } from '../../../components/ui/page-header'
import { StateTag } from '../../../components/ui/state-tag'
import { ListResults, useFilteredPages } from '../../../components/ui/pagination'

const VIEWS: readonly (readonly [InboxView, string])[] = [
  ['inbox', 'Inbox'],
  ['unread', 'Unread'],
  ['archived', 'Archived'],
  ['all', 'All'],
]

const EMPTY: Record<InboxView, string> = {
  inbox: 'No messages found',
  unread: 'No unread messages',
  archived: 'No archived messages',
  all: 'No messages found',
}

export default function MessagesScreen() {
  const [view, setView] = useState<InboxView>('inbox')
  const messages = useAdminMessages(view)
  const markRead = useMarkMessageRead()
  const archive = useArchiveMessage()
  const [search, setSearch] = useState('')
  const [viewing, setViewing] = useState<AdminMessage | null>(null)
  const { pages: pagination } = useFilteredPages(messages.data, search, null, filterMessages)
  const actionError = markRead.error ?? archive.error

  const open = (m: AdminMessage) => {
    setViewing(m)
    // Reading it is what "read" means: opening marks it.
    if (!m.read) markRead.mutate({ id: m.id, read: true })
  }
  const toggleArchive = (m: AdminMessage) => {
    archive.mutate({ id: m.id, archived: !m.archived })
    setViewing(null)
  }

  return (
    <>
      <PageHeader
        title="Messages"
        link={{ to: pages.admin.sentMessages, icon: Send, label: 'Sent email & SMS' }}
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div
          role="group"
          aria-label="Show"
          className="inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-slate-200/70 p-1"
        >
          {VIEWS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={view === value}
              onClick={() => setView(value)}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                view === value ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {label}
            </button>
          ))}
        </div>
        {/* Its own full row on phones: beside the four view buttons it would shrink to its icon. */}
        <div className="flex min-w-full sm:min-w-64 sm:flex-1">
          <SearchBox value={search} onChange={setSearch} label="Search messages" />
        </div>
      </div>
      {actionError && (
        <p role="alert" className="mb-3 text-sm text-red-600">
          {errorMessage(actionError, 'Could not update the message. Try again.')}
        </p>
      )}
      <ListResults query={messages} what="messages" empty={EMPTY[view]} pages={pagination}>
        <MessageList label="Messages">
          {pagination.pageItems.map((m) => (
            <MessageRow
              key={m.id}
              className={m.read ? '' : 'bg-brand-50/50'}
              iconClassName={m.read ? 'bg-slate-100 text-slate-500' : 'bg-brand-100 text-brand-700'}
              icon={
                m.read ? <MailOpen className="size-5" aria-hidden /> : <Mail className="size-5" aria-hidden />
              }
              main={
                <>
                  <p className={`truncate text-slate-900 ${m.read ? 'font-medium' : 'font-bold'}`}>
                    {m.name}
                  </p>
                  <p className="truncate text-sm text-slate-600">
                    {m.email}
                    {!m.read && (
                      <StateTag tone="strong" small>
                        Unread
                      </StateTag>
                    )}
                    {m.archived && (
                      <StateTag tone="muted" small>
                        Archived
                      </StateTag>
                    )}
                  </p>
                </>
              }
            >
              <p className="flex-1 text-sm text-slate-500 sm:flex-none">{formatDateTime(m.date)}</p>
              <div className="flex gap-2">
                <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => open(m)}>
                  View
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2.5 py-1.5"
                  onClick={() => toggleArchive(m)}
                  aria-label={`${m.archived ? 'Move back to the inbox' : 'Archive'}: message from ${m.name}`}
                  title={m.archived ? 'Move back to the inbox' : 'Archive'}
                >
                  {m.archived ? (
                    <ArchiveRestore className="size-4" aria-hidden />
                  ) : (
                    <Archive className="size-4" aria-hidden />
                  )}
                </button>
              </div>
            </MessageRow>
          ))}
        </MessageList>
      </ListResults>
      <Modal
        open={viewing !== null}
        title={viewing ? `Message from ${viewing.name}` : ''}
        onClose={() => setViewing(null)}
        footer={
          viewing && (
            <>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  markRead.mutate({ id: viewing.id, read: false })
                  setViewing(null)
                }}
              >
                Mark as unread
              </button>
              <button type="button" className="btn-secondary" onClick={() => toggleArchive(viewing)}>
                {viewing.archived ? 'Move to inbox' : 'Archive'}
              </button>
              <a href={`mailto:${viewing.email}`} className="btn-secondary">
                Reply by email
              </a>
              <button type="button" className="btn-primary" onClick={() => setViewing(null)}>
                Close
              </button>
            </>
          )
        }
      >
        {viewing && (
          <>
            <p className="text-sm text-slate-500">
              {viewing.email} · {formatDateTime(viewing.date)}
            </p>
            <p className="mt-3 whitespace-pre-wrap text-slate-800">{viewing.message}</p>
          </>
        )}
      </Modal>
    </>
  )
}
