import { startServer } from './main.js'

// Development entry: API only; Vite serves the app on :5173 and proxies /api here (vite.config.ts),
// so payment redirects must come back to Vite's address.
process.env.APP_URL ??= 'http://localhost:5173'
await startServer({ port: Number(process.env.API_PORT ?? 8787) })
