import { useId, useState } from 'react'
import { Card, PageHeader } from '../../../components/ui/page-header'
import { ErrorPanel, Loading } from '../../../components/ui/query-state'
import { SearchBox } from '../../../components/ui/list-filters'
import {
  fieldsOf,
  operationsByTag,
  typeText,
  useApiReference,
  type ReferenceOperation,
  type SchemaNode,
} from '../api'

const METHOD_COLOUR: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-green-100 text-green-900',
  DELETE: 'bg-red-100 text-red-900',
}

function Fields({ caption, schema }: { caption: string; schema: SchemaNode | undefined }) {
  const fields = fieldsOf(schema)
  if (!schema) return null
  if (!fields.length) {
    return (
      <p className="mt-2 text-sm">
        <span className="font-semibold">{caption}:</span> {typeText(schema)}
      </p>
    )
  }
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold">
          {caption}
          {schema.type === 'array' ? ' (a list of)' : ''}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-1 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-1 font-medium">
              Required
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((f) => (
            <tr key={f.name} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-3 font-mono break-all">{f.name}</td>
              <td className="py-1 pr-3 break-words">{f.type}</td>
              <td className="py-1">{f.required ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function Operation({ method, path, op }: { method: string; path: string; op: ReferenceOperation }) {
  const body = op.requestBody && Object.entries(op.requestBody.content)[0]
  const [okStatus, ok] = Object.entries(op.responses)[0] ?? []
  const failures = Object.entries(op.responses).filter(([status]) => Number(status) >= 400)
  return (
    <details className="border-t border-slate-200 px-4 py-3 first:border-t-0">
      <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold ${METHOD_COLOUR[method] ?? ''}`}>
          {method}
        </span>
        <code className="font-mono text-sm break-all">{path}</code>
        <span className="text-sm text-slate-600">{op.summary}</span>
      </summary>
      <div className="mt-2 pl-1 text-sm text-slate-800">
        {op.description && <p>{op.description}</p>}
        {op.parameters?.length ? (
          <p className="mt-2">
            <span className="font-semibold">Parameters:</span>{' '}
            {op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join('; ')}
          </p>
        ) : null}
        {body && <Fields caption={`Body (${body[0]})`} schema={body[1].schema} />}
        {ok && (
          <Fields
            caption={`Answer ${okStatus}${ok.content ? ` (${Object.keys(ok.content)[0]})` : `: ${ok.description}`}`}
            schema={ok.content && Object.values(ok.content)[0]?.schema}
          />
        )}
        {failures.length > 0 && (
          <>
            <p className="mt-3 font-semibold">Failures (each answers {'{ "message" }'}):</p>
            <ul className="list-disc pl-5">
              {failures.map(([status, r]) => (
                <li key={status}>
                  <span className="font-mono">{status}</span> {r.description}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </details>
  )
}

/** /admin/api: every call of the API, from the document the server generates from its contract. */
export default function ReferenceScreen() {
  const reference = useApiReference()
  const [search, setSearch] = useState('')
  const headingId = useId()
  if (reference.isPending) return <Loading what="the API reference" />
  if (reference.isError) {
    return (
      <ErrorPanel
        error={reference.error}
        onRetry={() => void reference.refetch()}
        retrying={reference.isFetching}
        what="the API reference"
      />
    )
  }
  const doc = reference.data
  const words = search.trim().toLowerCase()
  const groups = operationsByTag(doc)
    .map((group) => ({
      ...group,
      operations: group.operations.filter(
        ({ method, path, operation }) =>
          !words || `${method} ${path} ${operation.summary}`.toLowerCase().includes(words),
      ),
    }))
    .filter((group) => group.operations.length)
  return (
    <div>
      <PageHeader
        title="API reference"
        actions={
          <a className="btn-secondary" href={`${doc.servers[0]?.url.replace(/\/$/, '')}/openapi.json`}>
            Download openapi.json
          </a>
        }
      />
      <p className="mb-4 max-w-3xl text-slate-700">{doc.info.description}</p>
      <div className="mb-4 max-w-md">
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Search calls"
          placeholder="Path or what it does"
        />
      </div>
      {groups.length === 0 && <p role="status">No call matches “{search}”.</p>}
      {groups.map((group) => (
        <section key={group.name} aria-labelledby={`${headingId}-${group.name}`} className="mb-6">
          <h2 id={`${headingId}-${group.name}`} className="text-lg font-semibold text-slate-900 capitalize">
            {group.name}
          </h2>
          <p className="mb-2 text-sm text-slate-600">{group.description}</p>
          <Card>
            {group.operations.map(({ method, path, operation }) => (
              <Operation key={`${method} ${path}`} method={method} path={path} op={operation} />
            ))}
          </Card>
        </section>
      ))}
    </div>
  )
}
