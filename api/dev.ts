import { startServer } from './main.js'

// Development entry: API only; Vite serves the app and proxies /api here (vite.config.ts).
await startServer({ port: Number(process.env.API_PORT ?? 8787) })
