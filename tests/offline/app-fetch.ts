import type { ApiApp } from '../../api/app'
import type { Job } from '../../contract/staff'
import type { AppDatabase } from '../../src/offline/db'
import { TECH } from '../api/staff-helpers'
import { freshDb } from './helpers'

/**
 * A browser-like `fetch` over the real API app (app.request(), no port): keeps cookies like a
 * browser's jar, so the outbox replay runs against the API exactly as in the page.
 */
export function appFetch(app: ApiApp) {
  const cookies = new Map<string, string>()

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
    const headers = new Headers(init?.headers)
    if (cookies.size) headers.set('Cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await app.request(url.pathname + url.search, {
      method: init?.method ?? 'GET',
      headers,
      body: init?.body,
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const [name, ...rest] = pair.split('=')
      const value = rest.join('=')
      if (value === '' || attrs.some((a) => /max-age=0/i.test(a.trim()))) cookies.delete(name.trim())
      else cookies.set(name.trim(), value)
    }
    return res
  }

  /** A fresh CSRF token, as the page's getCsrfToken(true). */
  const token = async () => ((await (await fetch('/api/token')).json()) as { token: string }).token

  async function login(account: { email: string; password: string }) {
    const res = await fetch('/api/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': await token() },
      body: JSON.stringify({ username: account.email, password: account.password }),
    })
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`)
    const me = (await (await fetch('/api/auth_check')).json()) as { id: number }
    return { id: me.id }
  }

  return { fetch, token, login }
}

/**
 * TECH's phone against the real API: logged in, with the device database (a fresh one unless given)
 * holding their jobs as the morning download saves them.
 */
export async function technicianPhone(app: ApiApp, db: AppDatabase = freshDb()) {
  const browser = appFetch(app)
  const { id: userId } = await browser.login(TECH)
  const jobs = (await (await browser.fetch('/api/staff/jobs/')).json()) as Job[]
  await db.jobs.bulkPut(jobs.map((j) => ({ ...j, userId })))
  return { browser, userId, db }
}
