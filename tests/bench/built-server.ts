/** The built app (`npm run build`) started on a port of its own with a throw-away database, for the benches. */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const entry = path.resolve(root, process.env.PERF_SERVER_ENTRY ?? 'dist-server/api/server.js')

/** Starts the server on `port` serving the client build in `spa`; resolves once it answers. */
export async function startBuiltServer(port: number, spa: string): Promise<ChildProcess> {
  const origin = `http://localhost:${port}`
  // Never measure somebody else's server by mistake.
  if (
    await fetch(origin).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`${origin} is taken: set PERF_PORT`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'greenshield-perf-'))
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: origin,
      SPA_DIR: spa,
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      MEDIA_DIR: path.join(dataDir, 'media'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`)
    if (
      await fetch(`${origin}/api/token`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error('server did not start')
}
