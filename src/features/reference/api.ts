/** The API reference: the server's OpenAPI document, read by the back office's reference screen. */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callApi } from '../../lib/api-client'
import { CALL_EVEN_OFFLINE } from '../../lib/query'

/** The parts of a JSON Schema the reference shows. */
export interface SchemaNode {
  type?: string | string[]
  properties?: Record<string, SchemaNode>
  required?: string[]
  items?: SchemaNode
  enum?: unknown[]
  const?: unknown
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  $ref?: string
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  default?: unknown
}

export interface ReferenceOperation {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; description?: string }[]
  requestBody?: { content: Record<string, { schema: SchemaNode }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaNode }> }>
}

export interface ReferenceDocument {
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, ReferenceOperation>>
}

export const referenceKeys = { document: ['api-reference'] as const }

export const referenceQuery = queryOptions({
  ...CALL_EVEN_OFFLINE,
  queryKey: referenceKeys.document,
  queryFn: async () => (await callApi('GET openapi.json')) as unknown as ReferenceDocument,
  staleTime: Infinity,
})
export const useApiReference = () => useQuery(referenceQuery)

/** The document's operations grouped by tag, in the document's tag order. */
export function operationsByTag(doc: ReferenceDocument) {
  const groups = new Map<string, { method: string; path: string; operation: ReferenceOperation }[]>(
    doc.tags.map((tag) => [tag.name, []]),
  )
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'other'
      if (!groups.has(tag)) groups.set(tag, [])
      groups.get(tag)!.push({ method: method.toUpperCase(), path, operation })
    }
  }
  return [...groups].map(([name, operations]) => ({
    name,
    description: doc.tags.find((t) => t.name === name)?.description ?? '',
    operations,
  }))
}

/** A schema's type in a few words: "string", "integer ≥ 1", "one of: a, b", "list of object". */
export function typeText(schema: SchemaNode | undefined): string {
  if (!schema) return 'any'
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object'
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (schema.enum) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`
  const options = schema.anyOf ?? schema.oneOf
  if (options) return options.map(typeText).join(' or ')
  if (schema.type === 'array') return `list of ${typeText(schema.items)}`
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any')
  const limits = [
    schema.minLength !== undefined && `at least ${schema.minLength} characters`,
    schema.maxLength !== undefined && `at most ${schema.maxLength} characters`,
    schema.format,
  ].filter(Boolean)
  return limits.length ? `${type} (${limits.join(', ')})` : type
}

/** An object schema's fields, one level deep, for the reference's tables. */
export function fieldsOf(schema: SchemaNode | undefined) {
  const object = schema?.type === 'array' ? schema.items : schema
  return Object.entries(object?.properties ?? {}).map(([name, field]) => ({
    name,
    type: typeText(field),
    required: object?.required?.includes(name) ?? false,
  }))
}
