import { StatusBadge } from '../ui/status-badge'

/** A quote's, an invoice's or a certificate's status pill, in the tone its feature gives each status. */
export const DocumentStatusBadge = StatusBadge
