/** Ratings' data: the no-login page a completion message links to (/rate/:token), and the back office's Ratings. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { RatingRequest } from '../../../contract/ratings.js'
import { callApi } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE, onlineOnlyQuery, useOnlineOnlyMutation } from '../../lib/query'
import { userScope } from '../../lib/user-scope'
import { useUserId } from '../../lib/session'

export const ratingKeys = {
  all: (userId: number | null) => [...userScope(userId), 'ratings'] as const,
  /** Opened by whoever holds the link, logged in or not: outside any user's scope. */
  link: (token: string) => ['rating-link', token] as const,
  /** The published ones: the same for everyone. */
  testimonials: ['testimonials'] as const,
}

/** What customers said and agreed to show (/reviews). */
export const useTestimonials = () =>
  useQuery({ queryKey: ratingKeys.testimonials, queryFn: () => callApi('GET testimonials/') })

export const useRatingLink = (token: string) =>
  useQuery({
    queryKey: ratingKeys.link(token),
    queryFn: () => callApi('GET rating-links/{token}/', { params: { token } }),
    retry: false,
  })

/**
 * Rates the visit as the link's holder; the page shows the answer's view at once. Tried even offline, so a
 * failure says so rather than waiting.
 */
export const useRateVisit = (token: string) => {
  const client = useQueryClient()
  return useMutation({
    ...CALL_EVEN_OFFLINE,
    mutationFn: (body: RatingRequest) => callApi('POST rating-links/{token}/', { params: { token }, body }),
    onSuccess: (answer) => client.setQueryData(ratingKeys.link(token), answer.view),
  })
}

export const useOfficeRatings = () => {
  const userId = useUserId()
  return useQuery(onlineOnlyQuery(userId, ratingKeys.all(userId), () => callApi('GET admins/ratings/')))
}

export const usePublishRating = () =>
  useOnlineOnlyMutation(({ id, published }: { id: number; published: boolean }) =>
    callApi('POST admins/ratings/{id}/publish/', { params: { id }, body: { published } }),
  )
