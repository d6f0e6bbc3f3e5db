/**
 * What each kind of outbox entry is: its label, the server's own schema for its body, and the fields a
 * person may correct when the server refused it. The outbox checks every body with its schema before
 * queueing it, so a body the server would refuse never waits on the phone to be refused hours later.
 */
import type { z } from 'zod'
import { appointmentBody } from '../../contract/bookings.js'
import { cartSetBody } from '../../contract/cart.js'
import { quickMessageBody } from '../../contract/messages.js'
import {
  completeBody,
  jobEventBody,
  photoFields,
  treatmentBody,
  treatmentCorrectionBody,
} from '../../contract/staff.js'
import type { OutboxKind } from '../lib/worker-protocol'
import type { MultipartBody } from './db'

/** A field a person can correct, by its path in the body ("payment.amount"). */
export interface EditableField {
  path: string
  label: string
  type?: 'text' | 'number' | 'date' | 'time' | 'tel' | 'email'
  multiline?: boolean
  options?: { value: string; label: string }[]
}

export interface OutboxKindInfo {
  label: string
  /** The request schema the server validates this body with (for multipart: its text fields). */
  schema: () => z.ZodType
  /** The part of the stored body the schema reads (multipart bodies: the text fields). */
  checked?: (body: unknown) => unknown
  fields: EditableField[]
}

const TREATMENT_FIELDS: EditableField[] = [
  { path: 'product_name', label: 'Product' },
  { path: 'quantity', label: 'Quantity', type: 'number' },
  { path: 'unit', label: 'Unit' },
  { path: 'target_pest', label: 'Target pest' },
  { path: 'area', label: 'Area' },
  { path: 'method', label: 'Method' },
]

export const OUTBOX_KINDS: Record<OutboxKind, OutboxKindInfo> = {
  appointment: {
    label: 'Appointment',
    schema: () => appointmentBody(),
    fields: [
      { path: 'full_name', label: 'Customer’s name' },
      { path: 'phone_number', label: 'WhatsApp number', type: 'tel' },
      { path: 'location', label: 'Location' },
      {
        path: 'service',
        label: 'Service',
        options: [
          { value: 'fumigation', label: 'Fumigation' },
          { value: 'cleaning', label: 'Cleaning' },
        ],
      },
      { path: 'date', label: 'Date', type: 'date' },
      { path: 'time', label: 'Time', type: 'time' },
      { path: 'info', label: 'Details', multiline: true },
    ],
  },
  'quick-message': {
    label: 'Message',
    schema: () => quickMessageBody,
    fields: [
      { path: 'name', label: 'Name' },
      { path: 'email', label: 'Email', type: 'email' },
      { path: 'message', label: 'Message', multiline: true },
    ],
  },
  cart: {
    label: 'Cart change',
    schema: () => cartSetBody,
    fields: [{ path: 'quantity', label: 'Quantity', type: 'number' }],
  },
  'job-event': {
    label: 'Job status',
    schema: () => jobEventBody,
    fields: [{ path: 'note', label: 'Note', multiline: true }],
  },
  'job-treatment': { label: 'Treatment', schema: () => treatmentBody, fields: TREATMENT_FIELDS },
  'job-treatment-correction': {
    label: 'Treatment correction',
    schema: () => treatmentCorrectionBody,
    fields: [...TREATMENT_FIELDS, { path: 'reason', label: 'Reason for the correction' }],
  },
  'job-photo': {
    label: 'Photo',
    schema: () => photoFields,
    checked: (body) => (body as MultipartBody).fields,
    fields: [
      {
        path: 'fields.kind',
        label: 'Kind of photo',
        options: [
          { value: 'before', label: 'Before' },
          { value: 'after', label: 'After' },
          { value: 'issue', label: 'Issue' },
        ],
      },
    ],
  },
  'job-complete': {
    label: 'Job completion',
    schema: () => completeBody,
    fields: [
      { path: 'summary', label: 'Summary', multiline: true },
      { path: 'recommendations', label: 'Recommendations', multiline: true },
      { path: 'signer_name', label: 'Customer name' },
      { path: 'signature_refused_reason', label: 'Why the customer could not sign' },
      { path: 'payment.amount', label: 'Amount received (₦)', type: 'number' },
      { path: 'payment.reference', label: 'Payment reference' },
    ],
  },
}

/** Field path -> the first problem with it, in the server's words. */
export type FieldErrors = Record<string, string>

/** A body the server would refuse: thrown before anything is queued; the form shows `fields`. */
export class InvalidOutboxBody extends Error {
  constructor(
    message: string,
    readonly fields: FieldErrors,
  ) {
    super(message)
    this.name = 'InvalidOutboxBody'
  }
}

/** The problems the server would find with this body, by field (empty when it would accept it). */
export function outboxBodyErrors(kind: OutboxKind, body: unknown): FieldErrors {
  const info = OUTBOX_KINDS[kind]
  const parsed = info.schema().safeParse(info.checked ? info.checked(body) : body)
  if (parsed.success) return {}
  const errors: FieldErrors = {}
  const prefix = kind === 'job-photo' ? 'fields.' : ''
  for (const issue of parsed.error.issues) errors[prefix + issue.path.join('.')] ??= issue.message
  return errors
}

/** Throws InvalidOutboxBody when the server would refuse the body. */
export function checkOutboxBody(kind: OutboxKind, body: unknown) {
  const errors = outboxBodyErrors(kind, body)
  const first = Object.values(errors)[0]
  if (first !== undefined) throw new InvalidOutboxBody(first, errors)
}

/** Reads a field of a body by its path ("payment.amount"). */
export function readPath(body: unknown, path: string): unknown {
  let value: unknown = body
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

/** A copy of the body with one field set (the objects on the way copied, the rest shared). */
export function writePath(body: unknown, path: string, value: unknown): unknown {
  const [key, ...rest] = path.split('.')
  const base = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  return { ...base, [key!]: rest.length ? writePath(base[key!], rest.join('.'), value) : value }
}

/** The fields of this entry a person can correct: those its body has (an optional one left out is not offered). */
export const editableFields = (kind: OutboxKind, body: unknown) =>
  OUTBOX_KINDS[kind].fields.filter((f) => {
    const value = readPath(body, f.path)
    return value !== undefined && value !== null
  })
