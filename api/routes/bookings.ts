import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const bookingsRoutes = new Hono<AppEnv>({ strict: false })
