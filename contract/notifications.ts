/** The customer's notifications (users/notifications/). */
export interface Notification {
  id: number
  heading: string
  body: string
  /** ISO 8601. */
  created: string
  read: boolean
  /**
   * What the notification opens, set by the server (never found in the text): a path under the API base
   * (a service report) or an app route starting with "/"; null when it opens nothing.
   */
  link: string | null
  /** The link's words ("Open the service report"); null with no link. */
  link_label: string | null
}
