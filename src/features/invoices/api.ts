/** Invoices' data: the back office's Invoices screens, the customer's /invoices, and the link page /i/:token. */
import { useQuery } from '@tanstack/react-query'
import type { BillingSettingsRequest } from '../../../contract/billing.js'
import type {
  CreateInvoiceRequest,
  InvoiceDraftRequest,
  InvoiceStatus,
  InvoicePaymentOutcome,
  ManualPaymentRequest,
  PayInvoiceRequest,
} from '../../../contract/invoices.js'
import { callApiWithStatus, callApi } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, useOnlineOnlyMutation, userScope, useUserMutation } from '../../lib/query'
import { rememberBilling } from '../../lib/first-service-offer'
import { useUserId } from '../../lib/session'

export const invoiceKeys = {
  all: (userId: number | null) => [...userScope(userId), 'invoices'] as const,
  admin: (userId: number | null, status: string, q: string) =>
    [...invoiceKeys.all(userId), 'admin', status, q] as const,
  adminDetail: (userId: number | null, id: number) =>
    [...invoiceKeys.all(userId), 'admin-detail', id] as const,
  mine: (userId: number | null) => [...invoiceKeys.all(userId), 'mine'] as const,
  mineDetail: (userId: number | null, id: number) => [...invoiceKeys.all(userId), 'mine', id] as const,
  customers: (userId: number | null) => [...userScope(userId), 'invoice-customers'] as const,
  billing: (userId: number | null) => [...userScope(userId), 'billing-settings'] as const,
  /** Opened by whoever holds the link, logged in or not: outside any user's scope. */
  link: (token: string) => ['invoice-link', token] as const,
  linkPayment: (token: string, txRef: string) => ['invoice-link', token, 'payment', txRef] as const,
  minePayment: (userId: number | null, id: number, txRef: string) =>
    [...invoiceKeys.all(userId), 'mine', id, 'payment', txRef] as const,
}

export const useAdminInvoices = (status: InvoiceStatus | 'all', q: string) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: invoiceKeys.admin(userId, status, q),
    queryFn: () =>
      callApi('GET admins/invoices/', {
        query: { status: status === 'all' ? undefined : status, q: q || undefined },
      }),
    enabled: userId !== null,
  })
}

export const useAdminInvoice = (id: number) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: invoiceKeys.adminDetail(userId, id),
    queryFn: () => callApi('GET admins/invoices/{id}/', { params: { id } }),
    enabled: userId !== null,
  })
}

/** The accounts a blank invoice can bill: customers only. */
export const useInvoiceCustomers = () => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: invoiceKeys.customers(userId),
    queryFn: async () => (await callApi('GET get/users/')).filter((u) => u.role === 'Customer'),
    enabled: userId !== null,
  })
}

export const useCreateInvoice = () =>
  useUserMutation(
    ({ body, key }: { body: CreateInvoiceRequest; key: string }) =>
      callApi('POST admins/invoices/', { body }, { idempotencyKey: key }),
    CALL_EVEN_OFFLINE,
  )

export const useSaveDraft = () =>
  useUserMutation(
    ({ id, body }: { id: number; body: InvoiceDraftRequest }) =>
      callApi('POST admins/invoices/{id}/', { params: { id }, body }),
    CALL_EVEN_OFFLINE,
  )

export const useSendInvoice = () =>
  useUserMutation(
    (id: number) => callApi('POST admins/invoices/{id}/send/', { params: { id } }),
    CALL_EVEN_OFFLINE,
  )

export const useVoidInvoice = () =>
  useUserMutation(
    ({ id, reason }: { id: number; reason: string }) =>
      callApi('POST admins/invoices/{id}/void/', { params: { id }, body: { reason } }),
    CALL_EVEN_OFFLINE,
  )

/** Gives a gateway payment back; the invoice owes it again. */
export const useRefundInvoicePayment = () =>
  useOnlineOnlyMutation(({ id, paymentId, reason }: { id: number; paymentId: number; reason: string }) =>
    callApi('POST admins/invoices/{id}/payments/{paymentId}/refund/', {
      params: { id, paymentId },
      body: { reason },
    }),
  )

/** The form's clientKey makes a double click or a resend record the payment once. */
export const useRecordPayment = () =>
  useUserMutation(
    ({ id, body }: { id: number; body: ManualPaymentRequest }) =>
      callApiWithStatus('POST admins/invoices/{id}/payments/', { params: { id }, body }),
    CALL_EVEN_OFFLINE,
  )

export const useBillingSettings = () => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: invoiceKeys.billing(userId),
    queryFn: () => callApi('GET admins/billing-settings/'),
    enabled: userId !== null,
  })
}

export const useSaveBillingSettings = () =>
  useOnlineOnlyMutation(async (body: BillingSettingsRequest) => {
    const answer = await callApi('POST admins/billing-settings/', { body })
    // This device's public pages state the offer as just saved.
    rememberBilling(answer.settings)
    return answer
  })

export const useMyInvoices = () => {
  const userId = useUserId()
  return useQuery({
    queryKey: invoiceKeys.mine(userId),
    queryFn: () => callApi('GET invoices/'),
    enabled: userId !== null,
  })
}

export const useMyInvoice = (id: number) => {
  const userId = useUserId()
  return useQuery({
    queryKey: invoiceKeys.mineDetail(userId, id),
    queryFn: () => callApi('GET invoices/{id}/', { params: { id } }),
    enabled: userId !== null,
  })
}

export const useInvoiceLink = (token: string) =>
  useQuery({
    queryKey: invoiceKeys.link(token),
    queryFn: () => callApi('GET invoice-links/{token}/', { params: { token } }),
    retry: false,
  })

/** Where an invoice is paid from: the signed link's page (no login) or the customer's own invoice page. */
export type InvoicePayer = { token: string } | { id: number }

/** Opens a gateway payment; the key makes a double tap open one payment. Answers where to send the browser. */
export const payInvoice = (payer: InvoicePayer, body: PayInvoiceRequest, key: string) =>
  'token' in payer
    ? callApi(
        'POST invoice-links/{token}/pay/',
        { params: { token: payer.token }, body },
        { idempotencyKey: key },
      )
    : callApi('POST invoices/{id}/pay/', { params: { id: payer.id }, body }, { idempotencyKey: key })

/** While the provider has not said yet (pending), the page asks again every few seconds. */
const OUTCOME_POLL_MS = 4000

/** What became of the payment the browser came back from (none when the page was not opened by a return). */
export const useInvoicePaymentOutcome = (payer: InvoicePayer, txRef: string | null) => {
  const userId = useUserId()
  return useQuery({
    queryKey:
      'token' in payer
        ? invoiceKeys.linkPayment(payer.token, txRef ?? '')
        : invoiceKeys.minePayment(userId, payer.id, txRef ?? ''),
    queryFn: (): Promise<InvoicePaymentOutcome> =>
      'token' in payer
        ? callApi('GET invoice-links/{token}/payments/{txRef}/', {
            params: { token: payer.token, txRef: txRef! },
          })
        : callApi('GET invoices/{id}/payments/{txRef}/', { params: { id: payer.id, txRef: txRef! } }),
    enabled: txRef !== null && ('token' in payer || userId !== null),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? OUTCOME_POLL_MS : false),
  })
}
