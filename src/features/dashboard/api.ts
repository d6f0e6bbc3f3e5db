/** The dashboard's data: the figures, the owner's money and the withdrawals. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MoneyExportRequest } from '../../../contract/ledger.js'
import type { WithdrawalActionRequest, WithdrawalRequest } from '../../../contract/withdrawals.js'
import { callApi, callUrl } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const dashboardKeys = {
  stats: (userId: number | null) => [...userScope(userId), 'stats'] as const,
  money: (userId: number | null) => [...userScope(userId), 'money'] as const,
  withdrawals: (userId: number | null) => [...userScope(userId), 'withdrawals'] as const,
  payoutAccount: (userId: number | null) => [...userScope(userId), 'payout-account'] as const,
}

export const statsQuery = (userId: number | null) =>
  onlineOnlyQuery(userId, dashboardKeys.stats(userId), () => callApi('GET get/stat'))
export const withdrawalsQuery = (userId: number | null) =>
  queryOptions({
    ...CALL_EVEN_OFFLINE,
    queryKey: dashboardKeys.withdrawals(userId),
    queryFn: () => callApi('GET admins/withdrawals/'),
  })

export const useStats = () => useQuery(statsQuery(useUserId()))

/** Income by month, this month by method and against last, and what makes the balance. */
export const moneyQuery = (userId: number | null) =>
  onlineOnlyQuery(userId, dashboardKeys.money(userId), () => callApi('GET admins/money/'))
export const useMoney = () => useQuery(moneyQuery(useUserId()))

/** The accountant's CSV of a range of Lagos days, which the browser downloads itself. */
export const moneyExportUrl = (range: MoneyExportRequest) =>
  callUrl('GET admins/money/export.csv', undefined, range)
/** The accountant's CSV of the invoices issued in a range of Lagos days. */
export const invoicesExportUrl = (range: MoneyExportRequest) =>
  callUrl('GET admins/money/invoices.csv', undefined, range)

/** Whether the payout account is saved (a withdrawal needs one); read when the Withdraw dialog opens. */
export const usePayoutAccountSaved = (enabled: boolean) => {
  const userId = useUserId()
  return useQuery({
    ...CALL_EVEN_OFFLINE,
    queryKey: dashboardKeys.payoutAccount(userId),
    queryFn: async () => !!(await callApi('GET admins/payment-settings/')).account_number,
    enabled: enabled && userId !== null,
    staleTime: 0,
  })
}
export const useWithdrawals = (enabled: boolean) => {
  const userId = useUserId()
  return useQuery({ ...withdrawalsQuery(userId), enabled: enabled && userId !== null })
}

export const useRequestWithdrawal = () =>
  useOnlineOnlyMutation((amount: WithdrawalRequest['amount']) =>
    callApi('POST admins/withdrawals/', { body: { amount } }),
  )

/** A Pending withdrawal marked Paid (with the transfer reference) or Cancelled (money back in the balance). */
export const useMoveWithdrawal = () =>
  useOnlineOnlyMutation(({ id, body }: { id: number; body: WithdrawalActionRequest }) =>
    callApi('POST admins/withdrawals/{id}/', { params: { id }, body }),
  )
