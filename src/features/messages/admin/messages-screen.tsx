import { useState } from 'react'
import { Mail } from 'lucide-react'
import type { AdminMessage } from '../../../../contract/messages.js'
import { formatDateTime } from '../../../../contract/dates.js'
import { Modal } from '../../../components/ui/modal'
import { useAdminMessages } from '../api'
import { filterMessages } from '../filters'
import { SearchBox } from '../../../components/ui/list-filters'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { ListResults, useFilteredPages } from '../../../components/ui/pagination'

export default function MessagesScreen() {
  const messages = useAdminMessages()
  const [search, setSearch] = useState('')
  const [viewing, setViewing] = useState<AdminMessage | null>(null)
  const { pages } = useFilteredPages(messages.data, search, null, filterMessages)

  return (
    <>
      <PageHeader title="Messages" />
      <div className="mb-4 flex">
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Search messages"
          placeholder="Search messages..."
        />
      </div>
      <ListResults query={messages} what="messages" empty="No messages found" pages={pages}>
        <Card>
          <ul className="divide-y divide-slate-100" aria-label="Messages">
            {pages.pageItems.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-3 p-4 sm:flex-nowrap">
                <span className="hidden rounded-full bg-brand-50 p-2 text-brand-700 sm:block">
                  <Mail className="size-5" aria-hidden />
                </span>
                <div className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                  <p className="truncate font-semibold text-slate-900">{m.name}</p>
                  <p className="truncate text-sm text-slate-600">{m.email}</p>
                </div>
                <p className="flex-1 text-sm text-slate-500 sm:flex-none">{formatDateTime(m.date)}</p>
                <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setViewing(m)}>
                  View
                </button>
              </li>
            ))}
          </ul>
        </Card>
      </ListResults>
      <Modal
        open={viewing !== null}
        title={viewing ? `Message from ${viewing.name}` : ''}
        onClose={() => setViewing(null)}
        footer={
          viewing && (
            <>
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
