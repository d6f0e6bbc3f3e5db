import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const catalogueRoutes = new Hono<AppEnv>({ strict: false })
