import type { ApiApp } from '../../api/app'

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
