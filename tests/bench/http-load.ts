/** Load-generation pieces the HTTP benchmarks share (catalogue.bench.ts, instances.bench.ts). */
import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** The load both apply: BENCH_SECONDS of it, on 32 keep-alive connections with 8 requests in flight on each. */
export const LOAD = { seconds: Number(process.env.BENCH_SECONDS ?? 5), connections: 32, pipeline: 8 }
/** The catalogue every visitor loads. */
export const CATALOGUE = '/api/add/products/'

/**
 * The built server at `entry`, which must exist; a warning when a server source is newer than it (the
 * figures would be those of an older build).
 */
export function builtServer(entry: string) {
  if (!fs.existsSync(entry)) throw new Error(`No built server at ${entry}: run "npm run build" first`)
  const built = fs.statSync(entry).mtimeMs
  const newer = (dir: string): string | null => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name)
      const found = e.isDirectory() ? newer(full) : fs.statSync(full).mtimeMs > built ? full : null
      if (found) return found
    }
    return null
  }
  const changed = entry.startsWith(path.join(root, 'dist-server')) && newer(path.join(root, 'api'))
  if (changed) console.warn(`${path.relative(root, changed)} is newer than the build: run "npm run build"`)
  return entry
}

/** Waits until `url` answers 2xx, failing early when the server process exits. */
export async function waitUp(child: ChildProcess, url: string) {
  for (let i = 0; i < 300; i++) {
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

export interface LoadResult {
  rps: number
  /** Answers with another status than expected. */
  wrong: number
  bytesPerAnswer: number
}

/**
 * Pipelined HTTP/1.1 GETs over raw sockets: cheap enough on the client side that the server is what is
 * measured. `connections` sockets, spread round-robin over `ports` (as a load balancer would), each
 * keeps `pipeline` requests in flight; counts complete answers with the expected status over `seconds`.
 */
export function pipelinedGets(options: {
  ports: number[]
  path: string
  headers?: Record<string, string>
  status?: number
  seconds: number
  connections?: number
  pipeline?: number
}): Promise<LoadResult> {
  const { ports, path, headers = {}, status = 200, seconds, connections = 32, pipeline = 8 } = options
  let done = 0
  let wrong = 0
  let bytes = 0
  let stop = false
  const sockets: net.Socket[] = []
  return new Promise((resolve, reject) => {
    for (let i = 0; i < connections; i++) {
      const port = ports[i % ports.length]
      const head = Object.entries({ Host: `localhost:${port}`, ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')
      const request = Buffer.from(`GET ${path} HTTP/1.1\r\n${head}\r\n`)
      const batch = Buffer.concat(Array.from({ length: pipeline }, () => request))
      const socket = net.connect(port, 'localhost')
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
          if (++inBatch === pipeline) {
            inBatch = 0
            if (!stop) socket.write(batch)
          }
        }
      })
    }
    const started = performance.now()
    setTimeout(() => {
      stop = true
      const elapsed = (performance.now() - started) / 1000
      for (const s of sockets) s.destroy()
      resolve({ rps: done / elapsed, wrong, bytesPerAnswer: bytes / Math.max(1, done + wrong) })
    }, seconds * 1000)
  })
}

/** Stops a server process and waits for it to exit. */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill()
  await new Promise((r) => child.once('exit', r))
}
