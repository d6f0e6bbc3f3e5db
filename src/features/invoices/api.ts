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
import * as documentData from '../../lib/document-data'
import { documentKeys, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { rememberBilling } from '../../lib/first-service-offer'
import { useUserId } from '../../lib/session'

const documents = documentKeys('invoices', 'invoice-link')
export const invoiceKeys = {
  ...documents,
  customers: (userId: number | null) => [...userScope(userId), 'invoice-customers'] as const,
  billing: (userId: number | null) => [...userScope(userId), 'billing-settings'] as const,
  linkPayment: (token: string, txRef: string) => [...documents.link(token), 'payment', txRef] as const,
  minePayment: (userId: number | null, id: number, txRef: string) =>
    [...documents.mineDetail(userId, id), 'payment', txRef] as const,
}

export const useAdminInvoices = (status: InvoiceStatus | 'all', q: string) =>
  documentData.useAdminList(invoiceKeys, status, q, (query) => callApi('GET admins/invoices/', { query }))
export const useAdminInvoice = (id: number) =>
  documentData.useAdminOne(invoiceKeys, id, (id) => callApi('GET admins/invoices/{id}/', { params: { id } }))

/** The accounts a blank invoice can bill: customers only. */
export const useInvoiceCustomers = () => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, invoiceKeys.customers(userId), async () =>
      (await callApi('GET get/users/')).filter((u) => u.role === 'Customer'),
    ),
  )
}

export const useCreateInvoice = () =>
  documentData.useCreate((body: CreateInvoiceRequest, options) =>
    callApi('POST admins/invoices/', { body }, options),
  )
export const useSaveDraft = () =>
  documentData.useSaveDraft((id, body: InvoiceDraftRequest) =>
    callApi('POST admins/invoices/{id}/', { params: { id }, body }),
  )
export const useSendInvoice = () =>
  documentData.useStep((id) => callApi('POST admins/invoices/{id}/send/', { params: { id } }))

export const useVoidInvoice = () =>
  useOnlineOnlyMutation(({ id, reason }: { id: number; reason: string }) =>
    callApi('POST admins/invoices/{id}/void/', { params: { id }, body: { reason } }),
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
  useOnlineOnlyMutation(({ id, body }: { id: number; body: ManualPaymentRequest }) =>
    callApiWithStatus('POST admins/invoices/{id}/payments/', { params: { id }, body }),
  )

export const useBillingSettings = () => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, invoiceKeys.billing(userId), () => callApi('GET admins/billing-settings/')),
  )
}

export const useSaveBillingSettings = () =>
  useOnlineOnlyMutation(async (body: BillingSettingsRequest) => {
    const answer = await callApi('POST admins/billing-settings/', { body })
    // This device's public pages state the offer as just saved.
    rememberBilling(answer.settings)
    return answer
  })

export const useMyInvoices = () => documentData.useMine(invoiceKeys, () => callApi('GET invoices/'))
export const useMyInvoice = (id: number) =>
  documentData.useMineOne(invoiceKeys, id, (id) => callApi('GET invoices/{id}/', { params: { id } }))
export const useInvoiceLink = (token: string) =>
  documentData.useLink(invoiceKeys, token, (token) =>
    callApi('GET invoice-links/{token}/', { params: { token } }),
  )

/** Where an invoice is paid from: the signed link's page (no login) or the customer's own invoice page. */
export type InvoicePayer = documentData.Holder

/** Opens a gateway payment; the key makes a double tap open one payment. Answers where to send the browser. */
export const payInvoice = (payer: InvoicePayer, body: PayInvoiceRequest, key: string) =>
  documentData.callAsHolder(payer, key, {
    byLink: (token, options) =>
      callApi('POST invoice-links/{token}/pay/', { params: { token }, body }, options),
    byOwner: (id, options) => callApi('POST invoices/{id}/pay/', { params: { id }, body }, options),
  })

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
