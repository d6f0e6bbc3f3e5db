/** Service plans' data: the customer's /plans (and the offer on a completed visit) and the back office's Plans. */
import { useQuery } from '@tanstack/react-query'
import type { AdminPlanRequest, PlanOfferRequest, PlanStatus } from '../../../contract/plans.js'
import { callApi } from '../../lib/api-client'
import { onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const planKeys = {
  all: (userId: number | null) => [...userScope(userId), 'plans'] as const,
  mine: (userId: number | null) => [...planKeys.all(userId), 'mine'] as const,
  admin: (userId: number | null, status: string, noNextVisit: boolean) =>
    [...planKeys.all(userId), 'admin', status, noNextVisit] as const,
}

export const useMyPlans = () => {
  const userId = useUserId()
  return useQuery(onlineOnlyQuery(userId, planKeys.mine(userId), () => callApi('GET plans/')))
}

/** Takes the plan a completed visit offers; the key makes a double tap one plan. */
export const useTakePlanOffer = () =>
  useOnlineOnlyMutation(({ body, key }: { body: PlanOfferRequest; key: string }) =>
    callApi('POST plans/', { body }, { idempotencyKey: key }),
  )

/** What a plan's owner (or the office) can do to it: pause, resume, cancel. */
export type PlanMove = 'pause' | 'resume' | 'cancel'

export const useMovePlan = () =>
  useOnlineOnlyMutation(({ id, move }: { id: number; move: PlanMove }) =>
    callApi(`POST plans/{id}/${move}/`, { params: { id } }, { idempotencyKey: crypto.randomUUID() }),
  )

export const useAdminPlans = (status: PlanStatus | 'all', noNextVisit: boolean) => {
  const userId = useUserId()
  return useQuery(
    onlineOnlyQuery(userId, planKeys.admin(userId, status, noNextVisit), () =>
      callApi('GET admins/plans/', {
        query: {
          status: status === 'all' ? undefined : status,
          noNextVisit: noNextVisit ? 'true' : undefined,
        },
      }),
    ),
  )
}

export const useCreatePlan = () =>
  useOnlineOnlyMutation(({ body, key }: { body: AdminPlanRequest; key: string }) =>
    callApi('POST admins/plans/', { body }, { idempotencyKey: key }),
  )

export const useAdminMovePlan = () =>
  useOnlineOnlyMutation(({ id, move }: { id: number; move: PlanMove | 'book-next' }) =>
    callApi(`POST admins/plans/{id}/${move}/`, { params: { id } }, { idempotencyKey: crypto.randomUUID() }),
  )

/** The accounts a plan can be written for (customers), for the new plan form's list. */
export const usePlanCustomers = () => {
  const userId = useUserId()
  return useQuery({
    ...onlineOnlyQuery(userId, [...planKeys.all(userId), 'customers'] as const, () =>
      callApi('GET get/users/'),
    ),
    select: (users) => users.filter((u) => u.role === 'Customer'),
  })
}
