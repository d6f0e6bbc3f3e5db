import { defineConfig, devices } from '@playwright/test'
import { E2E } from './env'

/**
 * Browser tests against the production build (`npm run build` first), served by `npm run serve`
 * on a throw-away database. Debian's chromium, never a downloaded browser.
 */
export default defineConfig({
  testDir: '.',
  testMatch: /.*\.e2e\.ts$/,
  outputDir: '../../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: E2E.baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // E2E_SERVER_ENTRY / SPA_DIR let several builds be tested side by side (default: npm run build's output).
    // The data folder is emptied here, not in global-setup: Playwright starts the webServer BEFORE
    // globalSetup, so a wipe there deleted the freshly seeded media files under the running server.
    command: `rm -rf '${E2E.dataDir}' && node ${process.env.E2E_SERVER_ENTRY ?? 'dist-server/api/server.js'}`,
    cwd: '../..',
    url: `${E2E.baseURL}/api/token`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: E2E.serverEnv,
    stdout: 'pipe',
  },
})
