/** The customer's notifications (users/notifications/). */
export interface Notification {
  id: number
  heading: string
  body: string
  /** ISO 8601. */
  created: string
  read: boolean
}
