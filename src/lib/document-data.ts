/**
 * The reads and writes a kind of billing document (quotes, invoices) makes the same way: the back office's
 * list and one document, the customer's own list and one of theirs, the signed link's page, and the
 * office's create, save and send. The feature's api.ts names its calls and keys (documentKeys), so its
 * paths are written there; how each is asked (who must be logged in, what is tried offline) is decided here.
 */
import { useQuery } from '@tanstack/react-query'
import type { ApiCall, ApiEndpoints } from '../../contract/api.js'
import type { CallAnswer, CallInput, PathOf, PathParams } from '../../contract/endpoint.js'
import { callApi, type RequestOptions } from './api-client'
import { documentKeys, onlineOnlyQuery, signedInQuery, useOnlineOnlyMutation } from './query'
import { listFilterQuery } from './search'
import { useUserId } from './session'

type DocumentKeys = ReturnType<typeof documentKeys>

/** The calls whose path names exactly these parameters (none: never). */
type CallsBy<Param extends string> = {
  [K in ApiCall]: [keyof PathParams<PathOf<K>>] extends [Param]
    ? [Param] extends [keyof PathParams<PathOf<K>>]
      ? K
      : never
    : never
}[ApiCall]
type BodyOf<K extends ApiCall> = CallInput<ApiEndpoints, K> extends { body: infer B } ? B : never

/**
 * callApi for a call its helper's constraint already matched to this input: TypeScript cannot work out a
 * generic call's input, only a named one's.
 */
const call = <K extends ApiCall>(key: K, input?: object, options?: RequestOptions) =>
  (callApi as (key: K, input?: object, options?: RequestOptions) => Promise<CallAnswer<ApiEndpoints, K>>)(
    key,
    input,
    options,
  )

/** The back office's list, by status ('all': any) and search. */
export const useAdminList = <K extends CallsBy<never>, S extends string>(
  keys: DocumentKeys,
  list: K,
  status: S | 'all',
  q: string,
) => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, keys.admin(userId, status, q), () =>
      call(list, { query: listFilterQuery(status, q) }),
    ),
  )
}

export const useAdminOne = <K extends CallsBy<'id'>>(keys: DocumentKeys, read: K, id: number) => {
  const userId = useUserId()
  return useQuery(onlineOnlyQuery(userId, keys.adminDetail(userId, id), () => call(read, { params: { id } })))
}

/** The customer's own documents. */
export const useMine = <K extends CallsBy<never>>(keys: DocumentKeys, list: K) => {
  const userId = useUserId()
  return useQuery(signedInQuery(userId, keys.mine(userId), () => call(list)))
}

export const useMineOne = <K extends CallsBy<'id'>>(keys: DocumentKeys, read: K, id: number) => {
  const userId = useUserId()
  return useQuery(signedInQuery(userId, keys.mineDetail(userId, id), () => call(read, { params: { id } })))
}

/** The page of a signed link, logged in or not; a refused link (expired, unknown) is not asked again. */
export const useLink = <K extends CallsBy<'token'>>(keys: DocumentKeys, read: K, token: string) =>
  useQuery({ queryKey: keys.link(token), queryFn: () => call(read, { params: { token } }), retry: false })

/** A new document; the form's key makes a double click create one. */
export const useCreate = <K extends CallsBy<never>>(create: K) =>
  useOnlineOnlyMutation(({ body, key }: { body: BodyOf<K>; key: string }) =>
    call(create, { body }, { idempotencyKey: key }),
  )

export const useSaveDraft = <K extends CallsBy<'id'>>(save: K) =>
  useOnlineOnlyMutation(({ id, body }: { id: number; body: BodyOf<K> }) =>
    call(save, { params: { id }, body }),
  )

/** A step of one document that takes no body (send, withdraw). */
export const useStep = <K extends CallsBy<'id'>>(step: K) =>
  useOnlineOnlyMutation((id: number) => call(step, { params: { id } }))

/** Who acts on a document from outside the office: the holder of its signed link (no login) or the logged-in customer. */
export type Holder = { token: string } | { id: number }

/**
 * A customer's write on a document (accept, decline, pay): by the signed link's call or the customer's own,
 * with the same body; the key makes a double tap one write.
 */
export const callAsHolder = <ByLink extends CallsBy<'token'>, ByOwner extends CallsBy<'id'>>(
  holder: Holder,
  [byLink, byOwner]: [ByLink, ByOwner],
  body: BodyOf<ByLink> & BodyOf<ByOwner>,
  key: string,
) =>
  'token' in holder
    ? call(byLink, { params: { token: holder.token }, body }, { idempotencyKey: key })
    : call(byOwner, { params: { id: holder.id }, body }, { idempotencyKey: key })
