import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const adminRoutes = new Hono<AppEnv>({ strict: false })
