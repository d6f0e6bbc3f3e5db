/**
 * Checks every answer the API tests receive against the OpenAPI document generated from the contract: the
 * status must be one the call documents, and a JSON answer must match that status's schema.
 */
import zlib from 'node:zlib'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { openApiDocument } from '../../api/lib/openapi'

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>
}
interface Template {
  pattern: RegExp
  literalSegments: number
  operations: Record<string, Operation>
  template: string
}

const document = openApiDocument('/api')
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addSchema(document.components.schemas.Error, '#/components/schemas/Error')
const compiled = new Map<unknown, ValidateFunction>()

const templates: Template[] = Object.entries(document.paths)
  .map(([template, operations]) => {
    const bare = template.replace(/^\/|\/$/g, '')
    const pattern = new RegExp(
      `^${bare
        .split('/')
        .map((segment) => segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+'))
        .join('/')}$`,
    )
    return {
      pattern,
      literalSegments: bare.split('/').filter((s) => !s.includes('{')).length,
      operations: operations as Record<string, Operation>,
      template,
    }
  })
  // A path that fits two templates ("orders/export.csv", "orders/{reference}") is the more literal one's.
  .sort((a, b) => b.literalSegments - a.literalSegments)

/** The problem with this answer, or null when the document describes it. */
export function answerProblem(
  method: string,
  url: string,
  status: number,
  contentType: string,
  text: string,
): string | null {
  const path = new URL(url, 'http://test').pathname.replace(/^\/api\/?/, '').replace(/\/$/, '')
  const found = templates.find((t) => t.pattern.test(path) && t.operations[method.toLowerCase()])
  const operation = found?.operations[method.toLowerCase()]
  if (!found || !operation) {
    // A call the API does not have may only be refused, with the error answer every refusal has.
    if (status < 400) return `${method} /${path} is not in the API document, yet answered ${status}`
    return validate(`${method} /${path} → ${status}`, document.components.schemas.Error, text)
  }
  const name = `${method} ${found.template} → ${status}`
  const response = operation.responses[String(status)]
  if (!response) return `${name}: the document lists no ${status} answer for this call`
  const json = response.content?.['application/json']
  if (!json) return null
  if (!contentType.includes('application/json')) return `${name}: answered ${contentType}, not JSON`
  return validate(name, json.schema, text)
}

/** The problem with `text` as JSON of `schema`, or null. */
function validate(name: string, schema: unknown, text: string): string | null {
  let validator = compiled.get(schema)
  if (!validator) compiled.set(schema, (validator = ajv.compile(schema as object)))
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${name}: the answer is not JSON`
  }
  if (validator(body)) return null
  return `${name}: ${ajv.errorsText(validator.errors)} in ${text.slice(0, 400)}`
}

/** The answer's text as a browser reads it: a brotli or gzip body (the catalogue's) decoded first. */
async function decodedText(res: Response): Promise<string> {
  const raw = Buffer.from(await res.clone().arrayBuffer())
  const encoding = res.headers.get('Content-Encoding')
  if (encoding === 'br') return zlib.brotliDecompressSync(raw).toString('utf8')
  if (encoding === 'gzip') return zlib.gunzipSync(raw).toString('utf8')
  return raw.toString('utf8')
}

/** Wraps an app's fetch so every answer is checked; a mismatch fails the request (and so the test). */
export function checkAnswersOf<
  T extends { fetch: (req: Request, ...rest: never[]) => Response | Promise<Response> },
>(app: T) {
  const original = app.fetch.bind(app)
  app.fetch = (async (req: Request, ...rest: never[]) => {
    const res = await original(req, ...rest)
    if (res.status >= 500) return res
    const problem = answerProblem(
      req.method,
      req.url,
      res.status,
      res.headers.get('Content-Type') ?? '',
      await decodedText(res),
    )
    if (problem) throw new Error(`The answer does not match the API document: ${problem}`)
    return res
  }) as T['fetch']
  return app
}
