import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const settingsRoutes = new Hono<AppEnv>({ strict: false })
