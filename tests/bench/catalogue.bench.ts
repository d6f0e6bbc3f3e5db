/**
 * npm run bench:catalogue (after `npm run build`): requests per second of GET /api/add/products/ on the
 * built server (`npm run serve`'s entry, a throw-away database) against a bare Hono server answering
 * the same JSON, in the same run, one after the other, with the same load: keep-alive connections,
 * pipelined requests, a browser's Accept-Encoding. Prints the figures and the ratio (issue 13's goal:
 * at least 50% of bare Hono); never fails on a figure. Env: BENCH_SECONDS (default 5), BENCH_PORT,
 * BENCH_SERVER_ENTRY (another build's server, e.g. the one before a change).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 4789)
const CONNECTIONS = 32
const PIPELINE = 8
const PATH = '/api/add/products/'

async function waitUp(child: ChildProcess, url: string) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`)
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
}

function startApp(dataDir: string) {
  const entry = path.resolve(root, process.env.BENCH_SERVER_ENTRY ?? 'dist-server/api/server.js')
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
    const app = new Hono().get(${JSON.stringify(PATH)}, (c) => c.json(products))
    serve({ fetch: app.fetch, port: ${PORT} })`
  return spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: root, stdio: 'inherit' })
}

/**
 * Pipelined HTTP/1.1 over raw sockets: cheap enough on the client side that the server is what is
 * measured. Counts complete answers with the expected status over SECONDS.
 */
function load(headers: Record<string, string>, status: number) {
  const head = Object.entries({ Host: `localhost:${PORT}`, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')
  const request = Buffer.from(`GET ${PATH} HTTP/1.1\r\n${head}\r\n`)
  const batch = Buffer.concat(Array.from({ length: PIPELINE }, () => request))
  let done = 0
  let wrong = 0
  let bytes = 0
  let stop = false
  const sockets: net.Socket[] = []
  return new Promise<{ rps: number; wrong: number; bytesPerAnswer: number }>((resolve, reject) => {
    for (let i = 0; i < CONNECTIONS; i++) {
      const socket = net.connect(PORT, 'localhost')
      sockets.push(socket)
      let buf = Buffer.alloc(0)
      let inBatch = 0
      socket.on('connect', () => socket.write(batch))
      socket.on('error', (err) => (stop ? undefined : reject(err)))
      socket.on('data', (data) => {
        buf = buf.length ? Buffer.concat([buf, data]) : data
        for (;;) {
          const end = buf.indexOf('\r\n\r\n')
          if (end < 0) break
          const headText = buf.subarray(0, end).toString('latin1')
          const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headText)?.[1] ?? 0)
          if (/\r\ntransfer-encoding:/i.test(headText)) throw new Error('chunked answers are not counted')
          if (buf.length < end + 4 + length) break
          if (Number(headText.slice(9, 12)) === status) done++
          else wrong++
          bytes += end + 4 + length
          buf = buf.subarray(end + 4 + length)
          if (++inBatch === PIPELINE) {
            inBatch = 0
            if (!stop) socket.write(batch)
          }
        }
      })
    }
    const started = performance.now()
    setTimeout(() => {
      stop = true
      const seconds = (performance.now() - started) / 1000
      for (const s of sockets) s.destroy()
      resolve({ rps: done / seconds, wrong, bytesPerAnswer: bytes / Math.max(1, done + wrong) })
    }, SECONDS * 1000)
  })
}

async function stopServer(child: ChildProcess) {
  child.kill()
  await new Promise((r) => child.once('exit', r))
}

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
const results: Record<string, { rps: number; wrong: number; bytesPerAnswer: number }> = {}
try {
  const app = startApp(dataDir)
  try {
    await waitUp(app, `http://localhost:${PORT}${PATH}`)
    const first = await fetch(`http://localhost:${PORT}${PATH}`)
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
    await waitUp(bare, `http://localhost:${PORT}${PATH}`)
    await load(BROWSER, 200)
    results['bare Hono, 200'] = await load(BROWSER, 200)
  } finally {
    await stopServer(bare)
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true })
}

const bare = results['bare Hono, 200'].rps
console.log(`GET ${PATH}: ${CONNECTIONS} connections x ${PIPELINE} pipelined, ${SECONDS} s each, same run`)
console.log('| server | req/s | bytes per answer | vs bare Hono |')
console.log('|---|---|---|---|')
for (const [name, r] of Object.entries(results))
  console.log(
    `| ${name} | ${Math.round(r.rps)} | ${Math.round(r.bytesPerAnswer)} | ${Math.round((100 * r.rps) / bare)}% |` +
      (r.wrong ? ` (${r.wrong} unexpected statuses)` : ''),
  )
