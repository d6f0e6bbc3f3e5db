import type { AppConfig } from '../config.js'
import type { Database } from '../db/index.js'
import type { Gateway } from './gateway.js'
import { FlutterwaveGateway } from './flutterwave.js'
import { SandboxGateway, memorySandboxStore, databaseSandboxStore } from './sandbox.js'

/**
 * Picks the payment provider: Flutterwave when a secret key is configured, else the in-process sandbox.
 * With a database the sandbox keeps its ledger there (a restart between paying and verifying loses nothing).
 */
export function createGateway(config: AppConfig, db?: Database): Gateway {
  if (config.flwSecretKey) {
    return new FlutterwaveGateway({
      secretKey: config.flwSecretKey,
      baseUrl: config.flwBaseUrl,
      title: 'GreenShield Pest Control & Cleaning',
      logoUrl: `${config.appUrl}/icons/icon-192.png`,
    })
  }
  return new SandboxGateway(
    `${config.appUrl}${config.apiBase}`,
    db ? databaseSandboxStore(db) : memorySandboxStore(),
  )
}
