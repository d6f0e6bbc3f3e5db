import { loadConfigOrExit } from './config.js'
import { startServer } from './start-server.js'

// Production entry: the built SPA (SPA_DIR) and the API on one port (PORT).
const config = loadConfigOrExit()
await startServer(config, { port: config.port, spaDir: config.spaDir })
