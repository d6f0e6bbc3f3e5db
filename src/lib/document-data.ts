/**
 * How a kind of billing document (quotes, invoices) is asked for and written, the same way for each: the
 * back office's list and one document, the customer's own list and one of theirs, the signed link's page,
 * and the office's create, save and send. The feature's api.ts passes a fetcher for each that calls its
 * endpoint by name, so callApi checks the path, query, body and answer there; this module decides only how
 * each is asked: who must be logged in, what is tried offline, which documentKeys key holds the answer, and
 * where an idempotency key goes.
 */
import { useQuery } from '@tanstack/react-query'
import type { RequestOptions } from './api-client'
import { documentKeys, onlineOnlyQuery, signedInQuery, useOnlineOnlyMutation } from './query'
import { listFilterQuery } from './search'
import { useUserId } from './session'

type DocumentKeys = ReturnType<typeof documentKeys>

/** The back office's list, by status ('all': any) and search. */
export const useAdminList = <S extends string, T>(
  keys: DocumentKeys,
  status: S | 'all',
  q: string,
  list: (query: ReturnType<typeof listFilterQuery<S>>) => Promise<T>,
) => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, keys.admin(userId, status, q), () => list(listFilterQuery(status, q))),
  )
}

export const useAdminOne = <T>(keys: DocumentKeys, id: number, read: (id: number) => Promise<T>) => {
  const userId = useUserId()
  return useQuery(onlineOnlyQuery(userId, keys.adminDetail(userId, id), () => read(id)))
}

/** The customer's own documents. */
export const useMine = <T>(keys: DocumentKeys, list: () => Promise<T>) => {
  const userId = useUserId()
  return useQuery(signedInQuery(userId, keys.mine(userId), list))
}

export const useMineOne = <T>(keys: DocumentKeys, id: number, read: (id: number) => Promise<T>) => {
  const userId = useUserId()
  return useQuery(signedInQuery(userId, keys.mineDetail(userId, id), () => read(id)))
}

/** The page of a signed link, logged in or not; a refused link (expired, unknown) is not asked again. */
export const useLink = <T>(keys: DocumentKeys, token: string, read: (token: string) => Promise<T>) =>
  useQuery({ queryKey: keys.link(token), queryFn: () => read(token), retry: false })

/** A new document; the form's key makes a double click create one. */
export const useCreate = <B, T>(create: (body: B, options: RequestOptions) => Promise<T>) =>
  useOnlineOnlyMutation(({ body, key }: { body: B; key: string }) => create(body, { idempotencyKey: key }))

export const useSaveDraft = <B, T>(save: (id: number, body: B) => Promise<T>) =>
  useOnlineOnlyMutation(({ id, body }: { id: number; body: B }) => save(id, body))

/** A step of one document that takes no body (send, withdraw). */
export const useStep = <T>(step: (id: number) => Promise<T>) => useOnlineOnlyMutation(step)

/** Who acts on a document from outside the office: the holder of its signed link (no login) or the logged-in customer. */
export type Holder = { token: string } | { id: number }

/** A customer's write by each way in: the signed link's call and the customer's own. */
export interface HolderCalls<T> {
  byLink: (token: string, options: RequestOptions) => Promise<T>
  byOwner: (id: number, options: RequestOptions) => Promise<T>
}

/**
 * A customer's write on a document (accept, decline, pay): by the signed link's call or the customer's own;
 * the key makes a double tap one write.
 */
export const callAsHolder = <T>(holder: Holder, key: string, { byLink, byOwner }: HolderCalls<T>) =>
  'token' in holder
    ? byLink(holder.token, { idempotencyKey: key })
    : byOwner(holder.id, { idempotencyKey: key })
