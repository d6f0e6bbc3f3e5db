/** The dashboard's data: the figures and the withdrawals. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { DashboardStats } from '../../../contract/dashboard.js'
import type { MessageAnswer } from '../../../contract/fields.js'
import type { Withdrawal, WithdrawalActionRequest, WithdrawalRequest } from '../../../contract/withdrawals.js'
import { api } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, userScope, useUserMutation } from '../../lib/query'
import { useUserId } from '../../lib/session'

export const dashboardKeys = {
  stats: (userId: number | null) => [...userScope(userId), 'stats'] as const,
  withdrawals: (userId: number | null) => [...userScope(userId), 'withdrawals'] as const,
  payoutAccount: (userId: number | null) => [...userScope(userId), 'payout-account'] as const,
}

export const statsQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: dashboardKeys.stats(userId),
    queryFn: () => api.get<DashboardStats>('get/stat'),
    enabled: userId !== null,
  })
export const withdrawalsQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: dashboardKeys.withdrawals(userId),
    queryFn: () => api.get<Withdrawal[]>('admins/withdrawals/'),
  })

export const useStats = () => useQuery(statsQuery(useUserId()))

/** Whether the payout account is saved (a withdrawal needs one); read when the Withdraw dialog opens. */
export const usePayoutAccountSaved = (enabled: boolean) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: dashboardKeys.payoutAccount(userId),
    queryFn: async () =>
      !!(await api.get<{ account_number: string } | null>('admins/payment-settings/'))?.account_number,
    enabled: enabled && userId !== null,
    staleTime: 0,
  })
}
export const useWithdrawals = (enabled: boolean) => {
  const userId = useUserId()
  return useQuery({ ...withdrawalsQuery(userId), enabled: enabled && userId !== null })
}

export const useRequestWithdrawal = () =>
  useUserMutation(
    (amount: WithdrawalRequest['amount']) =>
      api.post<MessageAnswer & { id: number }>('admins/withdrawals/', { amount } satisfies WithdrawalRequest),
    CALL_EVEN_OFFLINE,
  )

/** A Pending withdrawal marked Paid (with the transfer reference) or Cancelled (money back in the balance). */
export const useMoveWithdrawal = () =>
  useUserMutation(
    ({ id, body }: { id: number; body: WithdrawalActionRequest }) =>
      api.post<MessageAnswer & { status: string }>(`admins/withdrawals/${id}/`, body),
    CALL_EVEN_OFFLINE,
  )
