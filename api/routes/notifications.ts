import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const notificationsRoutes = new Hono<AppEnv>({ strict: false })
