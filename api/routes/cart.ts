import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const cartRoutes = new Hono<AppEnv>({ strict: false })
