import os from 'node:os'
import path from 'node:path'

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
