/**
 * This browser's web push subscription (docs/rules/messages.md, "Push notifications"). The server's side
 * is reached through the account feature's data module; logging out forgets it (session.ts).
 */

/** A refusal from the browser or the person, worded for them. */
export class PushError extends Error {
  override name = 'PushError'
}

/** Why this browser cannot show our notifications, or null when it can. */
export function pushUnsupportedReason(): string | null {
  if (typeof window === 'undefined') return 'Notifications need a browser.'
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent)
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return ios
      ? 'On an iPhone, add this app to your Home Screen (Share, then Add to Home Screen) and open it from there to turn notifications on.'
      : 'This browser cannot show notifications from a website. Try Chrome, Edge or Firefox.'
  }
  return null
}

/** The worker's registration, once it is active (null when the app's worker is not installed yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null
  const found = await navigator.serviceWorker.getRegistration()
  return found ? navigator.serviceWorker.ready : null
}

/** This browser's subscription, or null when notifications are off here. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const reg = await registration()
  return reg ? reg.pushManager.getSubscription() : null
}

/** What the server keeps of a subscription: its endpoint and keys. */
export interface PushSubscriptionJson {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export function subscriptionJson(sub: PushSubscription): PushSubscriptionJson {
  const json = sub.toJSON()
  return { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

/**
 * Asks the browser's permission (it shows its own question) and subscribes with the server's key. Throws a
 * readable Error when the person says no or the browser refuses.
 */
export async function subscribeToPush(serverKey: string): Promise<PushSubscription> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') {
    throw new PushError(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.'
        : 'Notifications were not allowed. Try again and choose Allow.',
    )
  }
  const reg = await registration()
  if (!reg) throw new PushError('The app is still installing on this phone. Reload the page and try again.')
  const key = Uint8Array.from(atob(serverKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
  try {
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
  } catch (err) {
    throw new PushError(
      `This browser could not turn notifications on${err instanceof Error ? ` (${err.message})` : ''}. Check your connection and try again.`,
    )
  }
}
