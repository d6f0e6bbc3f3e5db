import { loadConfigOrExit } from './config.js'
import { startServer } from './start-server.js'

// Development entry: API only (API_PORT); Vite serves the app on :5173 and proxies /api here
// (vite.config.ts), so payment redirects must come back to Vite's address.
const config = loadConfigOrExit({ APP_URL: 'http://localhost:5173', ...process.env })
await startServer(config, { port: config.apiPort })
