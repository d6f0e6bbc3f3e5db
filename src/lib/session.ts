import { create } from 'zustand'
import type { AuthCheck, SessionRole } from '../../contract/auth.js'
import { ApiError, api, setRequestUser } from './api-client'

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous'

interface SessionState {
  status: SessionStatus
  role: SessionRole | null
  id: number | null
  name: string
  email: string
  /** Message of the last auth check (SPEC: auth status message). */
  message: string
  checkAuth: () => Promise<void>
  /** Returns the role on success; throws ApiError with the server's message otherwise. */
  login: (username: string, password: string) => Promise<SessionRole>
  logout: () => Promise<void>
}

const anonymous = { status: 'anonymous' as const, role: null, id: null, name: '', email: '' }

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

export const useSession = create<SessionState>((set, get) => ({
  status: 'loading',
  role: null,
  id: null,
  name: '',
  email: '',
  message: '',

  async checkAuth() {
    try {
      const me = await api.get<AuthCheck>('auth_check')
      if (me.role) {
        const { role, id, name, email } = me
        remembered.set({ role, id, name, email })
        set({ status: 'authenticated', role, id, name, email, message: me.message })
      } else {
        remembered.set(null)
        set({ ...anonymous, message: me.message })
      }
    } catch (err) {
      // 401 is the normal "not logged in"; offline, keep what we knew rather than logging the user out.
      if (err instanceof ApiError) {
        remembered.set(null)
        set({ ...anonymous, message: err.message })
      } else if (get().status === 'loading') {
        const last = remembered.get()
        set(
          last
            ? { status: 'authenticated', ...last, message: 'offline' }
            : { ...anonymous, message: 'offline' },
        )
      }
    }
  },

  async login(username, password) {
    const { message } = await api.post<{ message: SessionRole }>('login/', { username, password })
    await get().checkAuth()
    return message
  },

  async logout() {
    await api.get('logout/')
    remembered.set(null)
    set({ ...anonymous, message: 'logged out' })
    window.dispatchEvent(new Event('session:logout'))
    await get().checkAuth()
  },
}))

// Every read the page makes names its user, so the service worker keeps each user's answers apart.
useSession.subscribe((s) => setRequestUser(s.status === 'authenticated' ? s.id : null))

/** The logged-in user's id, or null (logged out, or still checking). Private query keys are built from it. */
export const useUserId = () => useSession((s) => (s.status === 'authenticated' ? s.id : null))
