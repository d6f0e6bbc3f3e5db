import { afterEach, beforeEach } from 'vitest'
import { makeLoggedInApp, makeTestApp, type Client, type TestContext } from './helpers'
import { makeTechnicianApp } from './staff-helpers'

/**
 * The running test's app, in a file that calls one of the onEach…App() below: `t`, with onEachLoggedInApp()
 * the seeded admin and customer logged in, with onEachTechnicianApp() the technician TECH too. Live
 * bindings: that call's beforeEach sets them afresh for every test (and its afterEach closes the app), so a
 * file imports them and reads them as it would its own variables.
 */
export let t: TestContext
export let admin: Client
export let customer: Client
export let tech: Client
export let techId: number

/** Gives every test of the file a fresh makeTestApp() as `t`. */
export const onEachTestApp = () =>
  onEachApp(
    async () => ({ t: await makeTestApp() }),
    (fresh) => (t = fresh.t),
  )

/** Gives every test of the file a fresh makeLoggedInApp() as `t`, `admin` and `customer`. */
export const onEachLoggedInApp = () => onEachApp(makeLoggedInApp, (fresh) => ({ t, admin, customer } = fresh))

/** Gives every test of the file a fresh makeTechnicianApp() as `t`, `admin`, `customer`, `tech` and `techId`. */
export const onEachTechnicianApp = () =>
  onEachApp(makeTechnicianApp, (fresh) => ({ t, admin, customer, tech, techId } = fresh))

function onEachApp<T extends { t: TestContext }>(make: () => Promise<T>, receive: (fresh: T) => void) {
  let current: TestContext | undefined
  beforeEach(async () => {
    const fresh = await make()
    current = fresh.t
    receive(fresh)
  })
  afterEach(() => current?.close())
}
