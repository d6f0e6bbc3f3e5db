import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const paymentsRoutes = new Hono<AppEnv>({ strict: false })
