/**
 * A TCP proxy between the browser and an OwnServer that can make the network "lie": the phone shows
 * signal, connections open, and nothing comes back. Stopping the server (own-server.ts) or setOffline
 * fail fast; this fails the way Nigerian mobile data usually does, slowly and silently.
 *
 * Modes, switchable at any time:
 * - 'pass': bytes both ways, as if the proxy were not there.
 * - 'hang': new connections are accepted, what the client sends is read and dropped, nothing ever comes
 *   back and we never close the socket. Connections already open when the mode switches to 'hang' go
 *   silent the same way and stay silent for good, even after the mode goes back to 'pass' (a stalled TCP
 *   connection does not recover); only connections opened later pass again.
 * - 'slow': every request reaches the server at once, but each chunk of the answer reaches the client
 *   `delayMs` after it left the server: the server has done the work, the phone hears of it late.
 */
import net from 'node:net'
import { E2E } from './env'

export type ProxyMode = 'pass' | 'hang' | 'slow'

/** One browser connection and, unless it was born in a hang, its connection to the server. */
interface Link {
  client: net.Socket
  upstream: net.Socket | null
  /** Silent for good: nothing is forwarded either way any more. */
  stalled: boolean
  /** Answer chunks (and the server's end) waiting for their time to reach the client, in order. */
  queue: { due: number; deliver: (client: net.Socket) => void }[]
  timer: NodeJS.Timeout | null
}

export class HangingProxy {
  readonly port: number
  readonly url: string
  private mode: ProxyMode = 'pass'
  private delayMs = 0
  private readonly links = new Set<Link>()
  private readonly server: net.Server

  /** Listens on E2E_PORT + `offset`; forwards to localhost:`targetPort`. */
  constructor(
    offset: number,
    private readonly targetPort: number,
  ) {
    this.port = E2E.port + offset
    this.url = `http://localhost:${this.port}`
    // allowHalfOpen: a stalled connection never answers the client's FIN with ours; we never close it.
    this.server = net.createServer({ allowHalfOpen: true }, (client) => this.accept(client))
  }

  /** Listens on every local address (the browser may try ::1 or 127.0.0.1 for localhost). */
  start() {
    return new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(this.port, () => {
        this.server.off('error', reject)
        resolve()
      })
    })
  }

  /** Connections open right now (stalled ones included): lets a test see the browser really connected. */
  get openConnections() {
    return this.links.size
  }

  get currentMode() {
    return this.mode
  }

  setMode(mode: 'pass' | 'hang'): void
  setMode(mode: 'slow', delayMs: number): void
  setMode(mode: ProxyMode, delayMs = 0) {
    this.mode = mode
    this.delayMs = mode === 'slow' ? delayMs : 0
    // Everything open goes silent at once, answers on their way included, and never comes back.
    if (mode === 'hang') for (const link of this.links) this.stall(link)
  }

  /** Stops listening and ends every socket, stalled ones included, so the test run can exit. */
  close() {
    for (const link of this.links) {
      if (link.timer) clearTimeout(link.timer)
      link.client.destroy()
      link.upstream?.destroy()
    }
    this.links.clear()
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private accept(client: net.Socket) {
    const link: Link = { client, upstream: null, stalled: false, queue: [], timer: null }
    this.links.add(link)
    client.on('close', () => {
      link.upstream?.destroy()
      this.forget(link)
    })
    // A reset from the browser (it gave up on the request) must not crash the test run.
    client.on('error', () => client.destroy())
    if (this.mode === 'hang') {
      this.stall(link)
      return
    }

    const upstream = net.connect({ port: this.targetPort, host: 'localhost' })
    link.upstream = upstream
    upstream.on('error', () => {
      if (!link.stalled) client.destroy()
    })
    client.on('data', (chunk) => {
      if (!link.stalled) upstream.write(chunk)
    })
    client.on('end', () => {
      if (!link.stalled) upstream.end()
    })
    upstream.on('data', (chunk) => this.answer(link, (c) => c.write(chunk)))
    // The server closing (keep-alive timeout, shutdown) reaches the client after its last chunk.
    upstream.on('end', () => this.answer(link, (c) => c.end()))
    upstream.on('close', () => {
      if (!link.stalled) this.answer(link, (c) => c.destroySoon())
    })
  }

  /** Hands something from the server to the client now, or `delayMs` later in 'slow' mode, in order. */
  private answer(link: Link, deliver: (client: net.Socket) => void) {
    if (link.stalled) return
    // Never before an earlier chunk, even when the mode went from 'slow' back to 'pass' meanwhile.
    const due = Math.max(Date.now() + this.delayMs, link.queue.at(-1)?.due ?? 0)
    link.queue.push({ due, deliver })
    if (link.queue.length === 1) this.flush(link)
  }

  /** Delivers the chunks that are due, then waits for the next one. */
  private flush(link: Link) {
    link.timer = null
    while (link.queue.length && link.queue[0]!.due <= Date.now()) {
      const { deliver } = link.queue.shift()!
      if (!link.stalled && !link.client.destroyed) deliver(link.client)
    }
    if (link.queue.length) link.timer = setTimeout(() => this.flush(link), link.queue[0]!.due - Date.now())
  }

  /** The connection goes silent: reads are dropped, nothing is written, we never close it. */
  private stall(link: Link) {
    link.stalled = true
    if (link.timer) clearTimeout(link.timer)
    link.queue = []
    // Keep reading so the client's writes succeed (its request "went out"), then drop what it sent.
    link.client.removeAllListeners('data')
    link.client.removeAllListeners('end')
    link.client.on('data', () => {})
    link.client.resume()
    // The server side is of no use any more; whatever it still sends is lost on the way.
    if (link.upstream) {
      link.upstream.removeAllListeners('data')
      link.upstream.on('data', () => {})
      link.upstream.on('error', () => {})
      link.upstream.destroy()
    }
  }

  private forget(link: Link) {
    if (link.timer) clearTimeout(link.timer)
    this.links.delete(link)
  }
}
