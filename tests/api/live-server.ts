import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'

/**
 * The real API server as a child process (api/dev.ts through tsx), for tests that need a process to
 * kill or a real socket to cut. The database and media live under `dir`, so a restart sees the same data.
 */
export interface LiveServer {
  port: number
  child: ChildProcess
  url: (p: string) => string
  /** Everything the process has printed so far, on each stream. */
  stdout: () => string
  stderr: () => string
}

export const LIVE_CUSTOMER = { email: 'customer@live.ng', password: 'live-customer-password' }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

export async function startLiveServer(
  dir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<LiveServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('api/dev.ts')], {
    env: {
      ...process.env,
      API_PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: path.join(dir, 'app.db'),
      MEDIA_DIR: path.join(dir, 'media'),
      ADMIN_PASSWORD: 'live-admin-password',
      DEMO_CUSTOMER_EMAIL: LIVE_CUSTOMER.email,
      DEMO_CUSTOMER_PASSWORD: LIVE_CUSTOMER.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const printed = { stdout: '', stderr: '' }
  child.stdout!.on('data', (chunk: Buffer) => (printed.stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (printed.stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Listening on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}):\n${output}`))
    })
  })
  return {
    port,
    child,
    url: (p) => `http://127.0.0.1:${port}/api/${p.replace(/^\//, '')}`,
    stdout: () => printed.stdout,
    stderr: () => printed.stderr,
  }
}

/** SIGKILL: no shutdown handler runs, exactly like a crash or an out-of-memory kill. */
export async function killHard(server: LiveServer) {
  if (server.child.exitCode !== null || server.child.signalCode) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGKILL')
  await exited
}

/** A cookie-keeping fetch client for the live server, logged in with the CSRF header on unsafe calls. */
export class LiveClient {
  cookies = new Map<string, string>()
  csrf = ''

  constructor(public server: LiveServer) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers }
    if (body !== undefined) h['Content-Type'] = 'application/json'
    if (method !== 'GET') h['X-CSRFToken'] = this.csrf
    if (this.cookies.size) h.Cookie = this.cookieHeader
    const res = await fetch(this.server.url(p), {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...rest] = pair.split('=')
      this.cookies.set(name.trim(), rest.join('='))
    }
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined }
  }

  async fetchToken() {
    this.csrf = (await this.request('GET', 'token')).body.token
  }

  async login(account = LIVE_CUSTOMER) {
    await this.fetchToken()
    const res = await this.request('POST', 'login/', { username: account.email, password: account.password })
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
    // Login rotates the token (csrf.ts): fetch the one that goes with the new session.
    await this.fetchToken()
  }

  /** Signs a new customer up through register/ and answers how the server took it. */
  async signUp(who: { fullName: string; email: string; password: string }) {
    await this.fetchToken()
    return this.request('POST', 'register/', who)
  }
}

/**
 * A phone's booking as its JSON text: three days on at 10:00 by the live server's clock (the real one, as
 * it runs in its own process).
 */
export const liveBooking = (location: string, info: string) =>
  JSON.stringify({
    phone_number: '08031234567',
    location,
    service: 'fumigation',
    date: todayIso(new Date(Date.now() + 3 * 86_400_000), BUSINESS_TIME_ZONE),
    time: '10:00',
    info,
  })

/**
 * Sends the request line, the headers and only the first half of the body on a raw socket, and
 * resolves once the server has had time to read them: a phone whose signal drops mid-upload.
 */
export async function sendHalfRequest(
  server: LiveServer,
  p: string,
  headers: Record<string, string>,
  body: string,
) {
  const socket = net.connect(server.port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  socket.on('error', () => {}) // the kill resets it
  const head = [
    `POST /api/${p.replace(/^\//, '')} HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    '',
    '',
  ].join('\r\n')
  socket.write(head + body.slice(0, Math.floor(body.length / 2)))
  return socket
}

/** Sends a signal the way a deploy or Ctrl-C does and resolves with how the process ended. */
export async function stopBySignal(server: LiveServer, signal: NodeJS.Signals = 'SIGTERM') {
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    server.child.once('exit', (code, sig) => resolve({ code, signal: sig })),
  )
  server.child.kill(signal)
  return exited
}
