/**
 * The app server as a child process a test can stop (to cut the network for real, service worker
 * included) and start again on the same port and data folder. Used by the tests that go offline.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test'
import { DESKTOP } from './a11y-helpers'
import { E2E } from './env'

const here = path.dirname(fileURLToPath(import.meta.url))
export const root = path.resolve(here, '../..')
export const shot = (name: string) => path.join(here, 'screenshots', name)
const entry = path.resolve(root, process.env.E2E_SERVER_ENTRY ?? 'dist-server/api/server.js')
export const spaDir = path.resolve(root, process.env.SPA_DIR ?? 'dist')

export class OwnServer {
  private child: ChildProcess | null = null
  private log = ''
  readonly baseURL: string
  readonly dbFile: string

  /** `offset` keeps each test file's server on its own port; `name` its own data folder. */
  constructor(
    readonly name: string,
    offset: number,
  ) {
    this.port = E2E.port + offset
    this.baseURL = `http://localhost:${this.port}`
    this.dataDir = `${E2E.dataDir}-${name}`
    this.dbFile = path.join(this.dataDir, 'app.db')
  }
  readonly port: number
  readonly dataDir: string

  /** An empty data folder: the first start seeds it. */
  reset() {
    fs.rmSync(this.dataDir, { recursive: true, force: true })
    fs.mkdirSync(this.dataDir, { recursive: true })
  }

  /**
   * `env` adds to the server's environment (e.g. SMTP_URL of a test's mail server) and wins over the
   * defaults: APP_URL is the proxy's address when the browser reaches the server through one.
   */
  async start(spa = spaDir, env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        ...E2E.serverEnv,
        PORT: String(this.port),
        APP_URL: this.baseURL,
        DATABASE_PATH: this.dbFile,
        MEDIA_DIR: path.join(this.dataDir, 'media'),
        SPA_DIR: spa,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child.stdout?.on('data', (d) => (this.log += d))
    this.child.stderr?.on('data', (d) => (this.log += d))
    for (let i = 0; i < 150; i++) {
      if (this.child.exitCode !== null) throw new Error(`server exited:\n${this.log}`)
      const up = await fetch(`${this.baseURL}/api/token`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) return
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error(`server did not start:\n${this.log}`)
  }

  async stop() {
    const child = this.child
    if (!child || child.exitCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
    this.child = null
    // The port must really be closed: the page's next request has to fail like on a dead network.
    await expect
      .poll(() =>
        fetch(`${this.baseURL}/api/token`).then(
          () => 'up',
          () => 'down',
        ),
      )
      .toBe('down')
  }

  /** A fresh browser context (a phone) on this server, its service worker allowed. */
  async newPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: this.baseURL, serviceWorkers: 'allow' })
    return context.newPage()
  }
}

/**
 * The server of the test file (or describe block) that calls it: its tests run in order, on a fresh
 * data folder, with the server started before the first and stopped after the last.
 */
export function serverForTheseTests(name: string, offset: number) {
  const server = new OwnServer(name, offset)
  test.describe.configure({ mode: 'serial' })
  test.beforeAll(async () => {
    server.reset()
    await server.start()
  })
  test.afterAll(() => server.stop())
  return server
}

/** The service worker is installed (precache complete) and controls this page. */
export async function waitForWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
}

/** POSTs `data` to the API path with `request`'s session and a fresh CSRF token, as the app does. */
export async function postApi(request: APIRequestContext, path: string, data?: unknown) {
  const { token } = await (await request.get('/api/token')).json()
  return request.post(`/api/${path}`, { headers: { 'X-CSRFToken': token }, data })
}

/** Logs in through the login form and waits to leave it. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).not.toHaveURL(/\/login$/)
}

/** A page in a new browser context (DESKTOP unless `context` says otherwise) with `account` logged in through the form. */
export async function loggedIn(
  browser: Browser,
  account: { email: string; password: string },
  context: BrowserContextOptions = { viewport: DESKTOP },
) {
  const page = await (await browser.newContext(context)).newPage()
  await logIn(page, account.email, account.password)
  return page
}

/**
 * For a file whose tests run in order on one admin page: logged in (on /admin) before the first test, its
 * context closed after the last. `receive` gets the page.
 */
export function adminPageForTheseTests(context: BrowserContextOptions, receive: (page: Page) => void) {
  let page: Page
  test.beforeAll(async ({ browser }) => {
    page = await loggedIn(browser, E2E.admin, context)
    await expect(page).toHaveURL(/\/admin$/)
    receive(page)
  })
  test.afterAll(async () => {
    await page.context().close()
  })
}

/** Rows of a query on a server's database file, read-only (what the server really stored). */
export function readDatabase<T>(dbFile: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbFile, { readonly: true })
  try {
    return db.prepare(sql).all(...params) as T[]
  } finally {
    db.close()
  }
}

/**
 * What the phone keeps in one store of the app's IndexedDB: its row count, or its rows (JSON bodies
 * only: a Blob does not cross page.evaluate). Read from any page of the origin.
 */
export function readPhone(page: Page, store: string, read: 'count'): Promise<number>
export function readPhone(page: Page, store: string, read: 'getAll'): Promise<Record<string, unknown>[]>
export function readPhone(page: Page, store: string, read: 'count' | 'getAll') {
  return page.evaluate(
    ([name, method]) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('greenshield')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction(name).objectStore(name)[method]()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        }
      }),
    [store, read] as const,
  )
}

/** A phone (390 x 844, touch) on `baseURL`, its service worker allowed. */
export const phonePage = (browser: Browser, baseURL: string) =>
  browser
    .newContext({
      baseURL,
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    .then((c) => c.newPage())

/** Fills /book's form with a fumigation at 12 Allen Avenue on `date` at `time`; returns the form. */
export async function fillAppointment(page: Page, date: string, time: string) {
  const form = page.getByRole('form', { name: 'Appointment' })
  await form.getByLabel('WhatsApp number').fill('0803 123 4567')
  await form.getByLabel('Service', { exact: true }).selectOption('fumigation')
  await form.getByLabel('Location').fill('12 Allen Avenue, Ikeja, Lagos')
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Time').fill(time)
  return form
}
