/**
 * What each kind of outbox entry is, registered by the feature that queues it (its offline.ts): a label,
 * a one-line summary, the server's own schema for its body, the fields a person may correct when the
 * server refused it, and what the device does once the server confirmed it. The outbox checks every
 * body with its schema before queueing it, so a body the server would refuse never waits on the phone
 * to be refused hours later. This layer names no kind itself: features add theirs to OutboxKinds.
 */
import type { z } from 'zod'
import type { AppDatabase, OutboxEntry } from './db'

/**
 * The kinds the app's features register, by name: a feature adds its own with
 * `declare module '…/offline/kinds' { interface OutboxKinds { 'my-kind': true } }`,
 * so queueing an unknown kind is a type error.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface OutboxKinds {}
export type OutboxKind = keyof OutboxKinds & string

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
  /**
   * What the entry is, in one line, for the outbox panel (an entry's own `about` wins); `text` reads the
   * stored body's fields (bodyText).
   */
  summary: (entry: OutboxEntry, text: BodyText) => string
  /** The request schema the server validates this body with. */
  schema: () => z.ZodType
  /** Where in the stored body the schema's part is ("fields": a multipart body's text fields); absent: all of it. */
  checkedPath?: string
  fields: EditableField[]
  /**
   * What the device does with the server's answer once it confirmed the entry (the saved job sheet takes
   * it), in one transaction over every table with the entry's removal. Entries of such a kind keep the
   * answer until the page has applied it: the service worker replays them too, and knows no kind.
   */
  onSent?: (db: AppDatabase, entry: OutboxEntry, answer: unknown) => Promise<void>
  /** A refused entry corrected by its user: what to queue in its place (absent: the same call, new body). */
  resendAs?: (entry: OutboxEntry, body: unknown) => Pick<OutboxEntry, 'kind' | 'path' | 'body'>
}

export type BodyText = (key: string) => string

/**
 * Reads a stored body's fields as text for a summary: `text('date')`, blank when the body or the field is
 * absent (a summary never fails on an entry it is asked to describe).
 */
export function bodyText(body: unknown): BodyText {
  const fields = (body ?? {}) as Record<string, unknown>
  return (key: string) => {
    const value = fields[key]
    return value === undefined || value === null ? '' : String(value)
  }
}

const registry = new Map<string, OutboxKindInfo>()

/** Called by each feature's offline module when it loads. */
export function registerOutboxKind(kind: OutboxKind, info: OutboxKindInfo) {
  registry.set(kind, info)
}

/** The kind's description, or undefined when its feature has not registered it in this page yet. */
export const findOutboxKind = (kind: string): OutboxKindInfo | undefined => registry.get(kind)

/** The kind's description; a kind nobody registered is a programming error. */
export function outboxKind(kind: string): OutboxKindInfo {
  const info = registry.get(kind)
  if (!info)
    throw new Error(`Outbox kind "${kind}" is not registered: import its feature's offline module first`)
  return info
}

let loadAll: () => Promise<unknown> = async () => undefined

/** The app says how to load every feature's kinds (screens that list any entry need them all). */
export function setOutboxKindsLoader(loader: () => Promise<unknown>) {
  loadAll = loader
}

/** Registers every feature's kinds (once the app has set the loader; otherwise those loaded so far). */
export const loadAllOutboxKinds = () => loadAll()

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

/** What a body is checked with and which of its fields a person may correct. */
export type BodyDescription = Pick<OutboxKindInfo, 'schema' | 'checkedPath' | 'fields'>

/** The problems the server would find with this body, by field (empty when it would accept it). */
export const outboxBodyErrors = (kind: string, body: unknown) => bodyErrors(outboxKind(kind), body)

/** The same, for a body described directly (the office's correction form, sent at once). */
export function bodyErrors(info: Omit<BodyDescription, 'fields'>, body: unknown): FieldErrors {
  const at = info.checkedPath
  const parsed = info.schema().safeParse(at ? readPath(body, at) : body)
  if (parsed.success) return {}
  const errors: FieldErrors = {}
  const prefix = at ? `${at}.` : ''
  for (const issue of parsed.error.issues) errors[prefix + issue.path.join('.')] ??= issue.message
  return errors
}

/** Throws InvalidOutboxBody when the server would refuse the body. */
export function checkOutboxBody(kind: string, body: unknown) {
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
  const next = rest.length ? writePath(base[key!], rest.join('.'), value) : value
  // A list stays a list ("lines.0.unitPrice"): the server's schema reads an array there.
  if (Array.isArray(base)) return base.map((item, i) => (String(i) === key ? next : item))
  return { ...base, [key!]: next }
}

/** The fields a person can correct: those the body has (an optional one left out is not offered). */
export const editableFields = (fields: EditableField[], body: unknown) =>
  fields.filter((f) => {
    const value = readPath(body, f.path)
    return value !== undefined && value !== null
  })

/** The entry's label and one-line summary; a kind not loaded in this page is named generically. */
export function describeEntry(entry: OutboxEntry): { label: string; summary: string } {
  const info = findOutboxKind(entry.kind)
  return {
    label: info?.label ?? 'Saved change',
    summary: entry.about ?? info?.summary(entry, bodyText(entry.body)) ?? '',
  }
}
