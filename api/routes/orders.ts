import { Hono } from 'hono'
import type { AppEnv } from '../types.js'

export const ordersRoutes = new Hono<AppEnv>({ strict: false })
