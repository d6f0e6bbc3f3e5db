import type pg from 'pg'

/** What a listener tells its owner. */
export interface ListenHandlers {
  /**
   * LISTEN is in place: from now on every notification on the channel arrives. Called at the first
   * connection and after each reconnection; notifications sent while there was none are lost.
   */
  onListening: () => void
  /** A notification on the channel (delivered once the transaction that sent it has committed). */
  onNotification: (payload: string) => void
  /** The connection is gone: nothing is heard until the next onListening. */
  onLost: () => void
}

export interface Listener {
  /** LISTEN is confirmed on a connection that has not failed since. */
  readonly listening: boolean
  /** The listening connection's server process id (pg_stat_activity.pid), while there is one. */
  readonly pid: number | null
  /** Ends the connection and any reconnection planned; resolves once the connection is closed. */
  stop: () => Promise<void>
}

export interface ListenTimings {
  /** The first wait before reconnecting; doubled after each failure up to maxRetryMs. */
  firstRetryMs: number
  maxRetryMs: number
  /**
   * How often the connection is asked a trivial query: a connection that died without a word (a
   * dropped network path) answers nothing, and is then treated as lost after heartbeatTimeoutMs.
   */
  heartbeatMs: number
  heartbeatTimeoutMs: number
}

const TIMINGS: ListenTimings = {
  firstRetryMs: 250,
  maxRetryMs: 10_000,
  heartbeatMs: 30_000,
  heartbeatTimeoutMs: 10_000,
}

/**
 * Keeps one connection of its own (`connect` makes it) listening on `channel`, and reconnects with
 * backoff whenever it fails or the server ends it. The owner learns through `handlers` whether it is
 * hearing notifications or not, and must act as if it heard nothing while it is not.
 */
export function listen(
  connect: (config: pg.ClientConfig) => pg.Client,
  channel: string,
  handlers: ListenHandlers,
  timings: Partial<ListenTimings> = {},
): Listener {
  const t = { ...TIMINGS, ...timings }
  let stopped = false
  let client: pg.Client | null = null
  let listening = false
  let pid: number | null = null
  let retryMs = t.firstRetryMs
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let closing: Promise<void> = Promise.resolve()

  const call = (what: string, handler: () => void) => {
    try {
      handler()
    } catch (err) {
      console.error(`LISTEN ${channel}: ${what} failed`, err)
    }
  }

  /** Drops `c` (once), tells the owner, and plans the next attempt unless stopping. */
  const lose = (c: pg.Client, reason: unknown) => {
    if (client !== c) return
    client = null
    pid = null
    clearInterval(heartbeat)
    if (listening) {
      listening = false
      call('onLost', handlers.onLost)
    }
    closing = c.end().catch(() => {})
    if (stopped) return
    console.warn(
      `LISTEN ${channel}: connection lost (${reason instanceof Error ? reason.message : String(reason)}); ` +
        `trying again in ${retryMs} ms`,
    )
    retry = setTimeout(open, retryMs)
    retry.unref()
    retryMs = Math.min(retryMs * 2, t.maxRetryMs)
  }

  async function open() {
    // keepAlive: the operating system notices a peer that went away even when we are only listening.
    const c = connect({ keepAlive: true, application_name: `listen ${channel}` })
    client = c
    // Without an error listener, a connection error would end the process.
    c.on('error', (err) => lose(c, err))
    c.on('end', () => lose(c, 'connection ended'))
    c.on('notification', (message) => {
      // Before onListening, the owner is not trusting us yet: it will re-read everything anyway.
      if (client === c && listening && message.channel === channel)
        call('onNotification', () => handlers.onNotification(message.payload ?? ''))
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`)
      pid = (c as unknown as { processID: number | null }).processID ?? null
    } catch (err) {
      lose(c, err)
      return
    }
    if (client !== c) return
    if (stopped) {
      lose(c, 'stopped')
      return
    }
    retryMs = t.firstRetryMs
    listening = true
    call('onListening', handlers.onListening)
    heartbeat = setInterval(() => {
      let timer: NodeJS.Timeout | undefined
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), t.heartbeatTimeoutMs)
      })
      Promise.race([c.query('SELECT 1'), late])
        .catch((err: unknown) => lose(c, err))
        .finally(() => clearTimeout(timer))
    }, t.heartbeatMs)
    heartbeat.unref()
  }

  void open()
  return {
    get listening() {
      return listening
    },
    get pid() {
      return pid
    },
    stop: async () => {
      stopped = true
      clearTimeout(retry)
      if (client) lose(client, 'stopped')
      await closing
    },
  }
}
