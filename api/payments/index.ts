/**
 * Payments, one module: opening a payment with its stock holds, settling it (browser return, webhook or
 * the periodic check), refunds, what the payer and the admin read, and the gateways. Routes and the
 * server's start-up import from here only.
 */
export { createGateway } from './gateways.js'
export type { Gateway, GatewayRefund, GatewayTransaction, PaymentRequest, RefundRequest } from './gateway.js'
export { FlutterwaveGateway } from './flutterwave.js'
export { SANDBOX_OUTCOMES, SandboxGateway, type SandboxOutcome } from './sandbox.js'
export { sandboxDonePage, sandboxMissingPage, sandboxPayPage } from './sandbox-page.js'
export { findPayment, type PaymentLine, type PaymentRow, type PaymentStatus } from './rows.js'
export { abandonPayment, openPayment, type OpenPaymentInput, type OpenPaymentResult } from './open.js'
export { expireReservations, releaseHold } from './reservations.js'
export { verifyAndSettle, type SettleAnswer } from './settle.js'
export {
  MAX_REFUND_ATTEMPTS,
  processRefund,
  refundLateCharge,
  refundOf,
  refundsForAdmin,
  type RefundRow,
} from './refunds.js'
export { paymentDetail } from './detail.js'
export {
  checkPendingPayments,
  startPaymentChecks,
  type PaymentCheckDeps,
  type PaymentCheckReport,
  type PaymentChecks,
} from './check.js'
export { gatewayReturnUrl, newTxRef, originOf, returnOriginOf } from './return-url.js'
export {
  InvoiceNotPayable,
  openInvoicePayment,
  type OpenInvoicePaymentInput,
  type OpenedInvoicePayment,
} from './invoice.js'
export { invoicePaymentOutcome } from './detail.js'
