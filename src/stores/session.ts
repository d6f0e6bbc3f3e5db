import { create } from 'zustand'
import type { AuthCheck, SessionRole } from '../../contract/index.js'
import { ApiError, api } from '../api/client'

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
      if (me.role)
        set({
          status: 'authenticated',
          role: me.role,
          id: me.id,
          name: me.name,
          email: me.email,
          message: me.message,
        })
      else set({ ...anonymous, message: me.message })
    } catch (err) {
      // 401 is the normal "not logged in"; offline, keep what we knew rather than logging the user out.
      if (err instanceof ApiError) set({ ...anonymous, message: err.message })
      else if (get().status === 'loading') set({ ...anonymous, message: 'offline' })
    }
  },

  async login(username, password) {
    const { message } = await api.post<{ message: SessionRole }>('login/', { username, password })
    await get().checkAuth()
    return message
  },

  async logout() {
    await api.get('logout/')
    set({ ...anonymous, message: 'logged out' })
    window.dispatchEvent(new Event('session:logout'))
    await get().checkAuth()
  },
}))
