/**
 * Web push in a real Chromium, end to end but for the browser vendor's push service (which a machine with no
 * Internet cannot reach): the phone's subscription is a local fake push service's; the server encrypts and
 * signs the notification of the customer's booking and sends it there, where it is decrypted; DevTools'
 * ServiceWorker.deliverPushMessage hands those bytes to the app's real worker, which shows it in the tray;
 * a tap (the worker's notificationclick, dispatched in the worker) opens the customer's bookings.
 */
import { expect, test, type Page } from '@playwright/test'
import { E2E, lagosWeekday } from './env'
import { logIn } from './own-server'
import { call } from './visits'
import { PHONE, expectNoAxeViolations, settled } from './a11y-helpers'
import { FakePushService } from '../api/push-service'

/** What the worker put in the tray, read by the page. */
const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url,
    }))
  })

test('the server’s notification shows on the phone and opens the customer’s bookings when tapped', async ({
  browser,
}) => {
  const pushService = new FakePushService()
  await pushService.start()
  const context = await browser.newContext({ viewport: PHONE, baseURL: E2E.baseURL })
  try {
    await context.grantPermissions(['notifications'], { origin: E2E.baseURL })
    const page = await context.newPage()
    await logIn(page, E2E.customer.email, E2E.customer.password)
    await page.goto('/user/settings')
    await page.getByRole('tab', { name: 'Notifications' }).click()
    // The worker controls the page (it takes charge on its first install).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await expect(page.getByRole('switch', { name: 'Notifications on this phone' })).toBeVisible()
    await settled(page)
    await expectNoAxeViolations(page, 'settings with notifications on this phone')

    // The phone's subscription as the switch saves it, pointing at the local push service.
    const phone = pushService.newPhone()
    await call(page, 'push/subscriptions/', phone.subscription)
    await call(page, 'appointment/', {
      phone_number: '0803 123 4567',
      location: '3 Marina Road, Lagos Island',
      service: 'fumigation',
      date: lagosWeekday(3),
      time: '15:00',
      info: 'Push test',
    })
    await expect.poll(() => phone.received.length, { timeout: 15_000 }).toBe(1)
    expect(pushService.rejected).toEqual([])
    const { payload } = phone.received[0]
    expect(payload).toMatchObject({ title: 'Appointment Received', url: `${E2E.baseURL}/book` })

    // The push service's delivery, through DevTools, to the worker of this origin.
    const cdp = await context.newCDPSession(page)
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${E2E.baseURL}/` && !r.isDeleted)
        if (ours) resolve(ours.registrationId)
      }),
    )
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: E2E.baseURL,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    })
    await expect
      .poll(() => shown(page))
      .toEqual([{ title: 'Appointment Received', body: payload.body, url: `${E2E.baseURL}/book` }])

    // The tap: the worker's own notificationclick handler, given the notification it showed. A script's
    // event is not "trusted", so its waitUntil is stood in for; the handler's work is the worker's.
    const [worker] = context.serviceWorkers()
    await worker.evaluate(async () => {
      const sw = self as unknown as {
        registration: { getNotifications(): Promise<unknown[]> }
        dispatchEvent(event: Event): boolean
      }
      const [notification] = await sw.registration.getNotifications()
      const Click = (self as unknown as { NotificationEvent: new (type: string, init: unknown) => Event })
        .NotificationEvent
      const click = new Click('notificationclick', { notification })
      let work: Promise<unknown> = Promise.resolve()
      Object.defineProperty(click, 'waitUntil', { value: (p: Promise<unknown>) => void (work = p) })
      sw.dispatchEvent(click)
      await work
    })
    await expect(page).toHaveURL(`${E2E.baseURL}/book`)
    await expect(page.getByRole('heading', { name: 'Your appointments' })).toBeVisible()
    // Tapped, it left the tray.
    await expect.poll(() => shown(page)).toEqual([])
    // The later tests' notifications of this customer need not chase a push service that is gone.
    await call(page, 'push/subscriptions/remove/', { endpoint: phone.subscription.endpoint })
  } finally {
    await context.close()
    await pushService.stop()
  }
})
