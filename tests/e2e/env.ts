import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { addDays, BUSINESS_TIME_ZONE, todayIso } from '../../contract/dates'

const port = Number(process.env.E2E_PORT ?? 4311)
// One data folder per run; global-setup empties it so every run starts from the seed.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), 'greenshield-e2e')

export const E2E = {
  port,
  baseURL: `http://localhost:${port}`,
  dataDir,
  admin: { email: 'admin@e2e.ng', password: 'e2e-admin-password' },
  customer: { email: 'customer@e2e.ng', password: 'e2e-customer-password' },
  staff: { email: 'staff@e2e.ng', password: 'e2e-staff-password' },
  get serverEnv(): Record<string, string> {
    return {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATABASE_PATH: path.join(dataDir, 'app.db'),
      MEDIA_DIR: path.join(dataDir, 'media'),
      ADMIN_EMAIL: this.admin.email,
      ADMIN_PASSWORD: this.admin.password,
      DEMO_CUSTOMER_EMAIL: this.customer.email,
      DEMO_CUSTOMER_PASSWORD: this.customer.password,
      STAFF_EMAIL: this.staff.email,
      STAFF_PASSWORD: this.staff.password,
    }
  },
}

/**
 * A Monday-to-Friday date (YYYY-MM-DD) at least `days` after today in Lagos, where the server's working
 * hours are: 10:00 then is an ordinary booking, not an emergency call-out. The server in these tests runs
 * on the real clock, so the date is counted from it, in Lagos time (not UTC: after 23:00 UTC Lagos is
 * already on the next day).
 */
export function lagosWeekday(days: number): string {
  let day = addDays(todayIso(new Date(), BUSINESS_TIME_ZONE), days)
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, 1)
  return day
}

/**
 * Where a test file's screenshots go (E2E_SHOTS_DIR, else a folder of the file's own in the system's
 * temporary folder), made if missing; the function answers the path of one screenshot there.
 */
export function screenshotsOf(file: string) {
  const dir = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), `${file}-e2e-shots`)
  fs.mkdirSync(dir, { recursive: true })
  return (name: string) => path.join(dir, name)
}
