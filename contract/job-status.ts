/** A field job's statuses and the moves between them: plain rules, no zod (the offline replay and the
 * job sheet load them on a phone). See docs/rules/technicians.md. */
export const JOB_STATUSES = [
  'assigned',
  'on_my_way',
  'arrived',
  'started',
  'paused',
  'completed',
  'unable',
] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

export const JOB_EVENT_TYPES = ['on_my_way', 'arrived', 'started', 'paused', 'resumed', 'unable'] as const
export type JobEventType = (typeof JOB_EVENT_TYPES)[number]

export const PHOTO_KINDS = ['before', 'after', 'issue'] as const
export type PhotoKind = (typeof PHOTO_KINDS)[number]

export const PAYMENT_METHODS = ['cash', 'transfer', 'pos'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: 'Cash',
  transfer: 'Bank transfer',
  pos: 'POS',
}

/** The status each event leads to. */
const EVENT_TARGET: Record<JobEventType, JobStatus> = {
  on_my_way: 'on_my_way',
  arrived: 'arrived',
  started: 'started',
  paused: 'paused',
  resumed: 'started',
  unable: 'unable',
}

/** The states each event may be recorded from: the moves allowed, and no others. */
const EVENT_FROM: Record<JobEventType, readonly JobStatus[]> = {
  on_my_way: ['assigned'],
  arrived: ['assigned', 'on_my_way'],
  started: ['arrived'],
  paused: ['started'],
  resumed: ['paused'],
  unable: ['assigned', 'on_my_way', 'arrived', 'started', 'paused'],
}
const COMPLETE_FROM: readonly JobStatus[] = ['arrived', 'started', 'paused']

/** The status after `event` from `status`, or null when the move is not allowed. Both sides apply it. */
export function nextJobStatus(status: JobStatus, event: JobEventType | 'completed'): JobStatus | null {
  if (event === 'completed') return COMPLETE_FROM.includes(status) ? 'completed' : null
  return EVENT_FROM[event].includes(status) ? EVENT_TARGET[event] : null
}

/** Final states: nothing more happens on the job (the admin may still reassign an unable one). */
export const isFinalJobStatus = (s: JobStatus) => s === 'completed' || s === 'unable'

/** How people read a job status (the admin's list, the customer's appointment, the job sheet). */
export const JOB_STATUS_LABEL: Record<JobStatus, string> = {
  assigned: 'Assigned',
  on_my_way: 'On my way',
  arrived: 'Arrived',
  started: 'Started',
  paused: 'Paused',
  completed: 'Completed',
  unable: 'Unable',
}

/** Default length of a job: a technician's jobs on one day start at least this far apart. */
export const DEFAULT_JOB_MINUTES = 120
