import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const messagesRoutes = new Hono<AppEnv>({ strict: false })
