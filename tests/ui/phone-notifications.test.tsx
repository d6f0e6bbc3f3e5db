// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { PhoneNotifications } from '../../src/features/account/components/phone-notifications'
import { json, mockFetch, renderWithProviders, setSession } from './public-helpers'

// The server's public key as GET push/key/ gives it: 65 bytes, base64url.
const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString('base64url')

/** The browser's push machinery, as Chrome on a phone has it: a worker registration and its PushManager. */
function fakeBrowser({ permission = 'granted' as NotificationPermission, subscribed = false } = {}) {
  const subscription = {
    endpoint: 'https://push.example/send/abc',
    toJSON: () => ({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: 'BPkey', auth: 'authsecret' },
    }),
    unsubscribe: vi.fn(async () => {
      current = null
      return true
    }),
  }
  let current: typeof subscription | null = subscribed ? subscription : null
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (current = subscription)),
  }
  const registration = { pushManager }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  })
  const requestPermission = vi.fn(async () => permission)
  vi.stubGlobal('PushManager', function PushManager() {})
  vi.stubGlobal('Notification', { permission: subscribed ? 'granted' : 'default', requestPermission })
  return { subscription, pushManager, requestPermission }
}

beforeEach(() => setSession('user', 42))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

const phoneSwitch = () => screen.findByRole('switch', { name: 'Notifications on this phone' })

describe('notifications on this phone', () => {
  test('turning them on asks the browser, subscribes with the server’s key and keeps the phone on the server', async () => {
    const browser = fakeBrowser()
    const calls = mockFetch({
      'GET push/key/': json(200, { publicKey: SERVER_KEY }),
      'POST push/subscriptions/': json(201, { message: 'Notifications are on for this phone.' }),
    })
    const ui = userEvent.setup()
    renderWithProviders(<PhoneNotifications userId={42} />)
    expect(await phoneSwitch()).not.toBeChecked()
    await ui.click(await phoneSwitch())
    expect(await screen.findByText('Notifications are on for this phone.')).toBeInTheDocument()
    expect(await phoneSwitch()).toBeChecked()
    expect(browser.requestPermission).toHaveBeenCalledOnce()
    const options = browser.pushManager.subscribe.mock.calls[0][0]
    expect(options.userVisibleOnly).toBe(true)
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(SERVER_KEY)
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toContainEqual({
      endpoint: 'https://push.example/send/abc',
      keys: { p256dh: 'BPkey', auth: 'authsecret' },
    })
  })

  test('said no to the browser’s question: nothing is subscribed and the reason is given', async () => {
    const browser = fakeBrowser({ permission: 'denied' })
    const calls = mockFetch({ 'GET push/key/': json(200, { publicKey: SERVER_KEY }) })
    const ui = userEvent.setup()
    renderWithProviders(<PhoneNotifications userId={42} />)
    await ui.click(await phoneSwitch())
    expect(await screen.findByRole('alert')).toHaveTextContent(/blocked for this site/)
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])
    expect(await phoneSwitch()).not.toBeChecked()
  })

  test('turning them off tells the server first; offline the phone stays on and says why', async () => {
    const browser = fakeBrowser({ subscribed: true })
    let online = false
    const calls = mockFetch({
      'POST push/subscriptions/': json(201, { message: 'Notifications are on for this phone.' }),
      'POST push/subscriptions/remove/': () =>
        online
          ? json(200, { message: 'Notifications are off for this phone.' })
          : json(503, { message: 'You are offline. Try again when you have a connection.' }),
    })
    const ui = userEvent.setup()
    renderWithProviders(<PhoneNotifications userId={42} />)
    expect(await phoneSwitch()).toBeChecked()
    await ui.click(await phoneSwitch())
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline')
    expect(browser.subscription.unsubscribe).not.toHaveBeenCalled()
    expect(await phoneSwitch()).toBeChecked()

    online = true
    await ui.click(await phoneSwitch())
    expect(await screen.findByText('Notifications are off for this phone.')).toBeInTheDocument()
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce()
    expect(await phoneSwitch()).not.toBeChecked()
    expect(calls.filter((c) => c.path === 'push/subscriptions/remove/').at(-1)?.body).toEqual({
      endpoint: 'https://push.example/send/abc',
    })
  })

  test('an iPhone browser without push says how to get it (from the Home Screen)', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X)' })
    mockFetch({})
    renderWithProviders(<PhoneNotifications userId={42} />)
    expect(await screen.findByText(/add this app to your Home Screen/)).toBeInTheDocument()
    expect(screen.queryByRole('switch')).toBeNull()
  })
})
