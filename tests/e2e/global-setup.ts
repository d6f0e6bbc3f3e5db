import fs from 'node:fs'

// The data folder is emptied by the webServer command (playwright.config.ts): Playwright starts the
// server before this runs, so wiping it here would delete the running server's seeded files.
export default function globalSetup() {
  fs.mkdirSync(new URL('./screenshots/', import.meta.url), { recursive: true })
}
