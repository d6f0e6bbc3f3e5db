import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort, killHard, startLiveServer, type LiveServer } from './live-server'

// A phone on a slow link hears each answer seconds after the server sent it, then sends its next request on
// the same connection. Node's default keeps an idle connection 5 s only: the phone's next request then met a
// closed connection and had to go again on a new one, past the outbox's deadlines on 3G.

let server: LiveServer
let dir = ''
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keep-alive-'))
  server = await startLiveServer(dir, await freePort())
}, 40_000)
afterAll(async () => {
  await killHard(server)
  fs.rmSync(dir, { recursive: true, force: true })
})

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function get(url: string) {
  return new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reusedSocket: req.reusedSocket }))
    })
    req.on('error', reject)
  })
}

it('keeps an idle connection open longer than a slow answer takes to arrive, so the next request goes on it', async () => {
  expect((await get(server.url('token'))).status).toBe(200)
  // Past Node's 5 s default: the connection would have been closed under the next request.
  await new Promise((resolve) => setTimeout(resolve, 6_000))
  expect(await get(server.url('token'))).toEqual({ status: 200, reusedSocket: true })
  agent.destroy()
}, 20_000)
