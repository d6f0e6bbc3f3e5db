import path from 'node:path'
import { startServer } from './main.js'

// Production entry: the built SPA (dist/) and the API on one port.
await startServer({
  port: Number(process.env.PORT ?? 8080),
  spaDir: path.resolve(process.env.SPA_DIR ?? 'dist'),
})
