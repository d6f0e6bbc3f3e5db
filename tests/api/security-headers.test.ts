import { afterEach, expect, it } from 'vitest'
import { makeTestApp, type TestContext } from './helpers'

let t: TestContext
afterEach(() => t.close())

it('a document (a server-made page) carries the policy and every document header', async () => {
  t = await makeTestApp()
  const res = await t.app.request('/api/pay/sandbox/GS-UNKNOWN')
  expect(res.headers.get('Content-Type')).toMatch(/^text\/html/)
  const csp = res.headers.get('Content-Security-Policy') ?? ''
  expect(csp).toContain("default-src 'self'")
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain('unsafe-inline')
  expect(res.headers.get('X-Frame-Options')).toBe('DENY')
  expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('Permissions-Policy')).toContain('microphone=()')
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
})

it('every other answer keeps nosniff, the referrer and resource policies, without the bytes of document-only headers; HSTS only over https', async () => {
  t = await makeTestApp()
  for (const path of ['/api/add/products', '/api/no-such-call', '/api/token']) {
    const res = await t.app.request(path)
    expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
    expect(res.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('Cross-Origin-Resource-Policy'), path).toBe('same-origin')
    for (const name of [
      'Content-Security-Policy',
      'X-Frame-Options',
      'Permissions-Policy',
      'X-XSS-Protection',
    ])
      expect(res.headers.get(name), `${path} ${name}`).toBeNull()
    expect(res.headers.get('Strict-Transport-Security')).toBeNull()
  }
  const https = await t.app.request('https://shop.example.ng/api/add/products')
  expect(https.headers.get('Strict-Transport-Security')).toMatch(/max-age=31536000/)
  // X-Forwarded-Proto is the client's word unless a proxy is trusted to have written it.
  const spoofed = await t.app.request('/api/add/products', { headers: { 'X-Forwarded-Proto': 'https' } })
  expect(spoofed.headers.get('Strict-Transport-Security')).toBeNull()
})

it('behind a trusted proxy, X-Forwarded-Proto https turns HSTS on', async () => {
  t = await makeTestApp({ trustProxyHops: 1 })
  const res = await t.app.request('/api/add/products', { headers: { 'X-Forwarded-Proto': 'https' } })
  expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=31536000/)
})

it('an SVG image keeps its own stricter policy', async () => {
  t = await makeTestApp()
  const res = await t.app.request('/api/media/termite-killer.svg')
  expect(res.status).toBe(200)
  expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
})

it('a web app built for a separate API host (VITE_API_BASE) may call it and show its images', async () => {
  t = await makeTestApp({ apiOrigin: 'https://api.example.ng' })
  const csp =
    (await t.app.request('/api/pay/sandbox/GS-UNKNOWN')).headers.get('Content-Security-Policy') ?? ''
  expect(csp).toContain("connect-src 'self' https://api.example.ng")
  expect(csp).toContain("img-src 'self' data: blob: https://api.example.ng")
})
