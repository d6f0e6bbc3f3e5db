import fs from 'node:fs'
import { E2E } from './env'

export default function globalSetup() {
  fs.rmSync(E2E.dataDir, { recursive: true, force: true })
  fs.mkdirSync(E2E.dataDir, { recursive: true })
  fs.mkdirSync(new URL('./screenshots/', import.meta.url), { recursive: true })
}
