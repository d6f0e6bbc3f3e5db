import { createConfig, lintFromString } from '@redocly/openapi-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiEndpoints } from '../../contract/api'
import { makeTestApp, type TestContext } from './helpers'

let t: TestContext
beforeAll(async () => (t = await makeTestApp()))
afterAll(() => t.close())

/** "admins/users/{id}/" and "/api/admins/users/:id" both as "admins/users/*". */
const shape = (path: string) =>
  path
    .replace(/^\/api\/?/, '')
    .replace(/\/$/, '')
    .replace(/\{\w+\}|:\w+/g, '*')

const fits = (concrete: string, pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`).test(concrete)

describe('the API document', () => {
  it('is served at /api/openapi.json and lints clean with the recommended rules', async () => {
    const res = await t.app.request('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
    const source = await res.text()
    expect(JSON.parse(source).openapi).toBe('3.1.0')
    const problems = await lintFromString({
      source,
      absoluteRef: 'openapi.json',
      // The paths end with a slash as the original app's clients call them (the server takes both).
      config: await createConfig({
        extends: ['recommended-strict'],
        rules: { 'no-path-trailing-slash': 'off' },
      }),
    })
    const document = JSON.parse(source) as Record<string, unknown>
    // A redirect is the success of a call the browser makes (pay/return, the sandbox's form): no 2xx there.
    const redirectOnly = (pointer = '') => {
      const responses = pointer
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown>)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
          document,
        )
      return Object.keys(responses ?? {}).some((status) => /^3\d\d$/.test(status))
    }
    expect(
      problems
        .filter((p) => !(p.ruleId === 'operation-2xx-response' && redirectOnly(p.location[0]?.pointer)))
        .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    ).toEqual([])
  })

  it('lists every call the server answers, and the server answers every call it lists', () => {
    const routes = t.app.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: shape(r.path) }))
    const documented = Object.keys(apiEndpoints).map((key) => {
      const [method, path] = key.split(' ')
      // A concrete path of the call: each {param} as a sample value.
      return { key, method, concrete: shape(path).replace(/\*/g, 'x1') }
    })
    const unrouted = documented
      .filter((call) => !routes.some((r) => r.method === call.method && fits(call.concrete, r.path)))
      .map((call) => call.key)
    expect(unrouted).toEqual([])
    const undocumented = routes
      .filter((r) => !documented.some((call) => call.method === r.method && fits(call.concrete, r.path)))
      .map((r) => `${r.method} ${r.path}`)
    expect([...new Set(undocumented)]).toEqual([])
  })
})
