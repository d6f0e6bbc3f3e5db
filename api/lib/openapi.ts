/**
 * The API's reference as an OpenAPI 3.1 document, generated from the endpoint tables in contract/ (the same
 * schemas the routes validate with), served at /api/openapi.json and shown to admins in the back office.
 */
import { z } from 'zod'
import { apiEndpoints } from '../../contract/api.js'
import type { Access, EndpointSpec } from '../../contract/endpoint.js'
import { errorAnswer } from '../../contract/fields.js'

type JsonSchema = Record<string, unknown>

const SESSION = 'session'
const CSRF = 'csrf'

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Anyone.',
  user: 'Any logged-in account.',
  staff: 'A field technician or an admin.',
  admin: 'An admin.',
}

const TAGS: Record<string, string> = {
  auth: 'Sessions: CSRF token, login, logout, sign-up.',
  users: 'Accounts as the back office manages them.',
  account: "The logged-in account's profile, password and settings.",
  catalogue: 'Products, categories and their images.',
  cart: "The customer's cart.",
  payments: 'Card payments through the gateway, refunds and the sandbox gateway.',
  orders: 'Orders: the customer’s and the back office’s.',
  delivery: 'Delivery fees by state.',
  bookings: 'Service appointments and their changes.',
  staff: "Field technicians' jobs, treatments, photos and reports.",
  messages: 'Contact messages, newsletter, alerts and the messages the server sent.',
  notifications: "The logged-in account's notifications.",
  dashboard: "The back office's figures.",
  withdrawals: 'Withdrawals of the settled balance and the payout account.',
  billing: 'Billing rules: VAT, the first-service offer, quote validity and payment terms.',
  invoices:
    'Invoices for service work: drafts, sending, payments received, and the link that opens one without login.',
  quotes:
    'Quotes for a booking: drafts, sending, the technician’s quote from the job, and accepting or declining by link.',
  ratings: 'Customers’ ratings of completed visits, per technician and per service.',
  plans: 'Service plans: repeat visits every N weeks or months, each visit booking the next.',
  reference: 'This document.',
}

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses), without the `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  })
  return rest
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

/** The failures a call can answer with, by who may call it and what it takes. */
function errorResponses(spec: EndpointSpec, method: string, hasParams: boolean) {
  const responses: Record<string, unknown> = {}
  if (spec.body || spec.query || hasParams || method !== 'GET') {
    responses['400'] = errorResponse('The request is not valid: `message` says why, `field` names the field.')
  }
  if (spec.access !== 'public') responses['401'] = errorResponse('Not logged in.')
  if (spec.access === 'staff' || spec.access === 'admin' || (method !== 'GET' && !spec.external)) {
    responses['403'] = errorResponse(
      method === 'GET'
        ? 'Logged in without the role the call needs.'
        : 'Missing CSRF token, or the wrong role.',
    )
  }
  if (hasParams) responses['404'] = errorResponse('Nothing has that id.')
  // A page for a browser says so with a page.
  if (hasParams && (spec.produces === 'text/html' || spec.produces === 'redirect')) {
    responses['404'] = {
      description: 'Nothing has that id: a page that says so.',
      content: { 'text/html': { schema: { type: 'string' } } },
    }
  }
  if (method !== 'GET') {
    responses['413'] = errorResponse(
      spec.multipart ? 'The upload is too large.' : 'The request body is too large.',
    )
  }
  responses['429'] = errorResponse('Too many requests: wait as Retry-After says.')
  for (const [status, when] of Object.entries(spec.errors ?? {})) responses[status] = errorResponse(when)
  return responses
}

function successResponse(spec: EndpointSpec) {
  if (spec.produces === 'redirect') return { description: 'A redirect to the page that comes next.' }
  if (spec.produces) {
    return { description: 'The document.', content: { [spec.produces]: { schema: { type: 'string' } } } }
  }
  if (!spec.answer) return { description: 'Done; no body.' }
  return {
    description: 'Success.',
    content: { 'application/json': { schema: jsonSchema(spec.answer, 'output') } },
  }
}

const operationId = (method: string, path: string) =>
  [
    method.toLowerCase(),
    ...path
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0].toUpperCase() + word.slice(1)),
  ].join('')

/** The whole document; `serverUrl` is where the API is mounted (config.apiBase). */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [key, value] of Object.entries(apiEndpoints)) {
    const spec = value as EndpointSpec
    const space = key.indexOf(' ')
    const method = key.slice(0, space)
    const path = `/${key.slice(space + 1)}`
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
    const parameters: unknown[] = params.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    if (spec.query) {
      const query = jsonSchema(spec.query, 'input') as {
        properties?: Record<string, JsonSchema>
        required?: string[]
      }
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema })
      }
    }
    if (spec.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'A key of the caller: a repeat with the same key is applied once and answered alike.',
        schema: { type: 'string', maxLength: 200 },
      })
    }
    if (spec.conditional) {
      parameters.push({
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of the copy the caller has: an unchanged answer is a 304 with no body.',
        schema: { type: 'string' },
      })
    }
    const responses: Record<string, unknown> = {
      [String(spec.status ?? 200)]: successResponse(spec),
      ...(spec.alsoStatus && { [String(spec.alsoStatus)]: successResponse(spec) }),
      ...(spec.conditional && { 304: { description: 'Not modified: the caller’s copy is current.' } }),
      ...errorResponses(spec, method, params.length > 0),
    }
    const security: Record<string, string[]>[] = []
    if (spec.access !== 'public')
      security.push(method === 'GET' ? { [SESSION]: [] } : { [SESSION]: [], [CSRF]: [] })
    else if (method !== 'GET' && !spec.external) security.push({ [CSRF]: [] })
    paths[path] ??= {}
    paths[path][method.toLowerCase()] = {
      operationId: operationId(method, path),
      summary: spec.summary,
      description: `Who may call: ${ACCESS_TEXT[spec.access]}`,
      tags: [spec.tag],
      ...(parameters.length && { parameters }),
      ...(spec.body && {
        requestBody: {
          required: true,
          content: {
            [spec.multipart ? 'multipart/form-data' : 'application/json']: {
              schema: jsonSchema(spec.body, 'input'),
            },
          },
        },
      }),
      responses,
      security,
    }
  }
  const usedTags = new Set(Object.values(apiEndpoints).map((spec) => (spec as EndpointSpec).tag))
  return {
    openapi: '3.1.0',
    info: {
      title: 'GreenShield API',
      version: '1.0.0',
      description:
        'Every call of the website and app. Paths end with a slash as written. Errors answer { "message": "…" } with the words to show. ' +
        'POST and DELETE need the X-CSRFToken header with the token from GET /token.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(TAGS)
      .filter(([name]) => usedTags.has(name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorAnswer, 'output') },
      securitySchemes: {
        [SESSION]: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Set by POST /login/.' },
        [CSRF]: { type: 'apiKey', in: 'header', name: 'X-CSRFToken', description: 'From GET /token.' },
      },
    },
  }
}
