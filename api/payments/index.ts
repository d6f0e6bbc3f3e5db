import type { AppConfig } from '../config.js'
import type { Gateway } from './gateway.js'

/** Picks the payment provider from the configuration (issue #4 adds the sandbox and Flutterwave). */
export function createGateway(_config: AppConfig): Gateway {
  const unavailable = async (): Promise<never> => {
    throw new Error('Payments are not set up on this server yet.')
  }
  return { name: 'unavailable', initiate: unavailable, verify: unavailable }
}
