/**
 * npm run bench:catalogue (after `npm run build`): requests per second of GET /api/add/products/ on the
 * built server (`npm run serve`'s entry, a throw-away database) against a bare Hono server answering
 * the same JSON, in the same run, one after the other, with the same load: keep-alive connections,
 * pipelined requests, a browser's Accept-Encoding. Prints the figures and the ratio (the goal:
 * at least 50% of bare Hono); never fails on a figure. Env: BENCH_SECONDS (default 5), BENCH_PORT,
 * BENCH_SERVER_ENTRY (another build's server, e.g. the one before a change).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  builtServer,
  CATALOGUE,
  LOAD,
  pipelinedGets,
  root,
  stopServer,
  waitUp,
  type LoadResult,
} from './http-load'

const PORT = Number(process.env.BENCH_PORT ?? 4789)

function startApp(dataDir: string) {
  const entry = builtServer(path.resolve(root, process.env.BENCH_SERVER_ENTRY ?? 'dist-server/api/server.js'))
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      MEDIA_DIR: path.join(dataDir, 'media'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

/** The baseline: Hono and its Node adapter, nothing else, serialising the same list on each request. */
function startBare(jsonFile: string) {
  const code = `
    import fs from 'node:fs'
    import { Hono } from 'hono'
    import { serve } from '@hono/node-server'
    const products = JSON.parse(fs.readFileSync(${JSON.stringify(jsonFile)}, 'utf8'))
    const app = new Hono().get(${JSON.stringify(CATALOGUE)}, (c) => c.json(products))
    serve({ fetch: app.fetch, port: ${PORT} })`
  return spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'inherit' })
}

const load = (headers: Record<string, string>, status: number) =>
  pipelinedGets({
    ports: [PORT],
    path: CATALOGUE,
    headers,
    status,
    ...LOAD,
  })

if (
  await fetch(`http://localhost:${PORT}`).then(
    () => true,
    () => false,
  )
)
  throw new Error(`port ${PORT} is taken: set BENCH_PORT`)
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' }
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenshield-bench-'))
const jsonFile = path.join(dataDir, 'products.json')
const results: Record<string, LoadResult> = {}
try {
  const app = startApp(dataDir)
  try {
    await waitUp(app, `http://localhost:${PORT}${CATALOGUE}`)
    const first = await fetch(`http://localhost:${PORT}${CATALOGUE}`)
    fs.writeFileSync(jsonFile, await first.text())
    const etag = first.headers.get('ETag')
    await load(BROWSER, 200) // warm-up
    results['app, 200'] = await load(BROWSER, 200)
    if (etag) results['app, 304 (If-None-Match)'] = await load({ ...BROWSER, 'If-None-Match': etag }, 304)
  } finally {
    await stopServer(app)
  }
  const bare = startBare(jsonFile)
  try {
    await waitUp(bare, `http://localhost:${PORT}${CATALOGUE}`)
    await load(BROWSER, 200)
    results['bare Hono, 200'] = await load(BROWSER, 200)
  } finally {
    await stopServer(bare)
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}

const bare = results['bare Hono, 200'].rps
console.log(
  `GET ${CATALOGUE}: ${LOAD.connections} connections x ${LOAD.pipeline} pipelined, ${LOAD.seconds} s each, same run`,
)
console.log('| server | req/s | bytes per answer | vs bare Hono |')
console.log('|---|---|---|---|')
for (const [name, r] of Object.entries(results))
  console.log(
    `| ${name} | ${Math.round(r.rps)} | ${Math.round(r.bytesPerAnswer)} | ${Math.round((100 * r.rps) / bare)}% |` +
      (r.wrong ? ` (${r.wrong} unexpected statuses)` : ''),
  )
