import { Hono } from 'hono'
import type { AppEnv } from '../types.js'
import { openApiDocument } from '../lib/openapi.js'

let built: { base: string; json: string } | undefined

/** openapi.json: the API's reference, built from the contract once per mount point. */
export const referenceRoutes = new Hono<AppEnv>({ strict: false }).get('/openapi.json', (c) => {
  const base = c.var.config.apiBase.replace(/\/$/, '') || '/'
  if (built?.base !== base) built = { base, json: JSON.stringify(openApiDocument(base)) }
  c.header('Cache-Control', 'no-cache')
  return c.body(built.json, 200, { 'Content-Type': 'application/json; charset=UTF-8' })
})
