import { create } from 'zustand'
import type { SessionRole } from '../../contract/auth.js'
import { ApiError, callApi, setRequestUser } from './api-client'
import { currentPushSubscription } from './push'

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous'

interface SessionState {
  status: SessionStatus
  role: SessionRole | null
  id: number | null
  name: string
  email: string
  /** The server's message at its last auth check ('' until it has answered one). */
  message: string
  /**
   * True once the server answered an auth check in this visit. Until then an `authenticated` state is
   * this device's last confirmed session, shown at once so a weak network never holds the screens, and
   * an `anonymous` one means only that nobody is known (no answer, nothing remembered).
   */
  confirmed: boolean
  /** Asks the server who is logged in (one check at a time: callers share the running one). */
  checkAuth: () => Promise<void>
  /**
   * Returns the role on success; throws ApiError with the server's message, or NetworkError when
   * there is no answer (`signal`: the user gave up on this attempt).
   */
  login: (username: string, password: string, signal?: AbortSignal) => Promise<SessionRole>
  logout: () => Promise<void>
}

const anonymous = {
  status: 'anonymous' as const,
  role: null,
  id: null,
  name: '',
  email: '',
  message: '',
  confirmed: true,
}

/**
 * The last confirmed session, kept so that a cold start with no network (field staff on patchy data)
 * keeps the user in their screens and their queued posts; the server still decides on every call.
 */
const REMEMBERED_KEY = 'greenshield.session'
type Remembered = { role: SessionRole; id: number; name: string; email: string }
const remembered = {
  get(): Remembered | null {
    try {
      return JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? 'null') as Remembered | null
    } catch {
      return null
    }
  },
  set(value: Remembered | null) {
    if (value) localStorage.setItem(REMEMBERED_KEY, JSON.stringify(value))
    else localStorage.removeItem(REMEMBERED_KEY)
  },
}

/** Moves on at every login and logout: an auth check started before one is not applied after it. */
let generation = 0
let running: { generation: number; check: Promise<void> } | null = null

export const useSession = create<SessionState>((set, get) => ({
  status: 'loading',
  role: null,
  id: null,
  name: '',
  email: '',
  message: '',
  confirmed: false,

  checkAuth() {
    // The screens open at once on this device's last session; the server's answer follows.
    const last = get().status === 'loading' ? remembered.get() : null
    if (last) set({ status: 'authenticated', ...last, confirmed: false })
    let current = running
    if (!current || current.generation !== generation) {
      const check = confirm(generation).finally(() => {
        if (running?.check === check) running = null
      })
      current = running = { generation, check }
    }
    return current.check
  },

  async login(username, password, signal) {
    const { message } = await callApi('POST login/', { body: { username, password } }, { signal })
    generation++
    await get().checkAuth()
    return message
  },

  async logout() {
    // This browser stops showing the account's notifications: the next person on the phone never sees them.
    const push = await currentPushSubscription().catch(() => null)
    if (push)
      await callApi('POST push/subscriptions/remove/', { body: { endpoint: push.endpoint } }).catch(() => {})
    await callApi('GET logout/')
    // Unsubscribed even if the server did not hear of it: the push service then answers 410 and the server forgets it.
    await push?.unsubscribe().catch(() => false)
    generation++
    remembered.set(null)
    set(anonymous)
    window.dispatchEvent(new Event('session:logout'))
    await get().checkAuth()
  },
}))

/** One auth check: the server's answer replaces what the device assumed; no answer keeps it. */
async function confirm(startedIn: number) {
  const { setState: set, getState: get } = useSession
  try {
    // A 200 always names who it is; "nobody" comes as 401, below.
    const { role, id, name, email, message } = await callApi('GET auth_check')
    if (startedIn !== generation) return
    remembered.set({ role, id, name, email })
    set({ status: 'authenticated', role, id, name, email, message, confirmed: true })
  } catch (err) {
    if (startedIn !== generation) return
    // 401 (or 403) is the normal "not logged in": the session is over, and the device forgets it.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      remembered.set(null)
      set({ ...anonymous, message: err.message })
      return
    }
    // No answer, a server in trouble or any other refusal of the check itself (429: too many checks for
    // now): the server has not said who this is, so the device keeps what it knew (a session the server
    // confirmed earlier in this visit stays confirmed; a remembered one stays a guess).
    if (get().status === 'loading') set({ ...anonymous, confirmed: false })
  }
}

// Every read the page makes names its user, so the service worker keeps each user's answers apart.
useSession.subscribe((s) => setRequestUser(s.status === 'authenticated' ? s.id : null))

/** The logged-in user's id, or null (logged out, or still checking). Private query keys are built from it. */
export const useUserId = () => useSession((s) => (s.status === 'authenticated' ? s.id : null))
