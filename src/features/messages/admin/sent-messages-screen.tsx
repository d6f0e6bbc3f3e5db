import { useState } from 'react'
import { ArrowLeft, BellRing, Mail, MessageCircle, MessageSquareText } from 'lucide-react'
import type { SentMessage, SentMessageStatus } from '../../../../contract/messages.js'
import { MESSAGE_CHANNELS, type MessageChannel } from '../../../../contract/message-channels.js'
import { formatDateTime } from '../../../../contract/dates.js'
import { pages } from '../../../../contract/pages.js'
import { Modal } from '../../../components/ui/modal'
import { useSentMessages } from '../api'
import { MessageList, MessageRow } from './message-list'
import { FilterBar, SelectFilter } from '../../../components/ui/list-filters'
import { PageHeader } from '../../../components/ui/page-header'
import { ListResults, usePagination } from '../../../components/ui/pagination'

type StatusFilter = SentMessageStatus | 'all'
const STATUS_OPTIONS: readonly (readonly [StatusFilter, string])[] = [
  ['all', 'All'],
  ['sent', 'Sent'],
  ['pending', 'Waiting to be sent'],
  ['failed', 'Failed'],
]

type ChannelFilter = MessageChannel | 'all'
const CHANNEL_OPTIONS: readonly (readonly [ChannelFilter, string])[] = [
  ['all', 'All channels'],
  ...MESSAGE_CHANNELS.map((c) => [c.key, c.label] as const),
]

const channelLabel = (channel: MessageChannel) =>
  MESSAGE_CHANNELS.find((c) => c.key === channel)?.label ?? channel
const CHANNEL_ICONS: Record<MessageChannel, typeof Mail> = {
  email: Mail,
  sms: MessageSquareText,
  whatsapp: MessageCircle,
  push: BellRing,
}
/** The setting that would send each channel for real, named when a message was only logged. */
const SETTING: Record<MessageChannel, string> = {
  email: 'SMTP_URL',
  sms: 'SMS_PROVIDER',
  whatsapp: 'WHATSAPP_PROVIDER',
  // Never logged: push needs no setting (the server makes its VAPID keys).
  push: 'VAPID_PUBLIC_KEY',
}
const transportName = (transport: string) =>
  transport === 'smtp' ? 'SMTP' : transport === 'webpush' ? 'web push' : transport

/** How each message left, in words: "log" means nothing is configured for that channel. */
function how(m: SentMessage): string {
  if (m.status === 'pending') {
    return m.attempts ? `Retrying at ${formatDateTime(m.next_attempt_at)}` : 'Waiting to be sent'
  }
  if (m.status === 'failed') return `Failed after ${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`
  if (m.transport === 'log') return `Logged only (${SETTING[m.channel]} not set)`
  return `Sent by ${transportName(m.transport)}`
}

/** The link between a WhatsApp message that failed and the SMS sent in its place, in words. */
function fallbackText(m: SentMessage): string | null {
  if (m.fallback_id !== null) return `SMS sent in its place: message #${m.fallback_id}`
  if (m.fallback_of !== null) return `In place of WhatsApp message #${m.fallback_of}, which failed`
  if (m.channel === 'whatsapp' && m.status === 'failed') return 'SMS in its place: being queued'
  return null
}

/** Channel, transport and attempts of one message, for its line and its dialog. */
const details = (m: SentMessage) =>
  [
    `${channelLabel(m.channel)} to ${m.recipient}`,
    m.transport && `by ${transportName(m.transport)}`,
    `${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`,
  ]
    .filter(Boolean)
    .join(' · ')

const statusColour = (m: SentMessage) =>
  m.status === 'failed'
    ? 'bg-red-100 text-red-800'
    : m.status === 'pending'
      ? 'bg-yellow-100 text-yellow-800'
      : m.transport === 'log'
        ? 'bg-slate-200 text-slate-700'
        : 'bg-green-100 text-green-800'

/**
 * /admin/sent-messages: every email, SMS and WhatsApp message the server sent, is retrying, or gave up on
 * (newest first), each WhatsApp failure with the SMS sent in its place.
 */
export default function SentMessagesScreen() {
  const [status, setStatus] = useState<StatusFilter>('all')
  const [channel, setChannel] = useState<ChannelFilter>('all')
  const sent = useSentMessages(status, channel)
  const pagination = usePagination(sent.data ?? [], `${status} ${channel}`)
  const [viewing, setViewing] = useState<SentMessage | null>(null)

  return (
    <>
      <PageHeader
        title="Sent messages"
        link={{ to: pages.admin.messages, icon: ArrowLeft, label: 'Messages' }}
      />
      <p className="-mt-3 mb-4 max-w-2xl text-sm text-slate-600">
        Email, SMS and WhatsApp to customers and admins. A failed send is retried automatically; a WhatsApp
        message that fails is sent again by SMS. With nothing configured, messages are written to the server
        log and listed here.
      </p>
      <FilterBar>
        <SelectFilter value={status} onChange={setStatus} label="Status" options={STATUS_OPTIONS} />
        <SelectFilter value={channel} onChange={setChannel} label="Channel" options={CHANNEL_OPTIONS} />
      </FilterBar>
      <ListResults query={sent} what="sent messages" empty="No messages yet" pages={pagination}>
        <MessageList label="Sent messages">
          {pagination.pageItems.map((m) => {
            const Icon = CHANNEL_ICONS[m.channel]
            const fallback = fallbackText(m)
            return (
              <MessageRow
                key={m.id}
                iconClassName="bg-brand-50 text-brand-700"
                icon={<Icon className="size-5" aria-hidden />}
                main={
                  <>
                    <p className="truncate font-semibold text-slate-900">
                      <span className="text-slate-500">#{m.id}</span>{' '}
                      {m.subject || m.template.replaceAll('_', ' ')}
                    </p>
                    <p className="truncate text-sm text-slate-600">{details(m)}</p>
                    {m.last_error && m.status !== 'sent' && (
                      <p className="truncate text-xs text-red-700">{m.last_error}</p>
                    )}
                    {fallback && <p className="text-xs font-medium text-slate-700">{fallback}</p>}
                  </>
                }
              >
                <div className="flex flex-1 flex-col gap-1 text-sm sm:flex-none sm:items-end">
                  <span
                    className={`inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusColour(m)}`}
                  >
                    {how(m)}
                  </span>
                  <time dateTime={m.sent_at ?? m.created_at} className="text-slate-500">
                    {formatDateTime(m.sent_at ?? m.created_at)}
                  </time>
                </div>
                <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setViewing(m)}>
                  View
                </button>
              </MessageRow>
            )
          })}
        </MessageList>
      </ListResults>
      <Modal
        open={viewing !== null}
        title={viewing ? viewing.subject || viewing.template.replaceAll('_', ' ') : ''}
        onClose={() => setViewing(null)}
        size="lg"
        closeButton
      >
        {viewing && (
          <>
            <p className="text-sm text-slate-500">
              {details(viewing)} · {how(viewing)}
            </p>
            {viewing.last_error && (
              <p className="mt-2 text-sm text-red-700">Last error: {viewing.last_error}</p>
            )}
            {fallbackText(viewing) && <p className="mt-2 text-sm text-slate-700">{fallbackText(viewing)}</p>}
            <pre className="mt-3 font-sans whitespace-pre-wrap text-slate-800">
              {viewing.body || 'Not written yet: it is waiting for its first attempt.'}
            </pre>
          </>
        )}
      </Modal>
    </>
  )
}
