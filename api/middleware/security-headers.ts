import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import type { AppConfig } from '../config.js'

/**
 * Security headers on every answer: the API's, and (server.ts mounts this app at the root) the web
 * app's shell and static files. The CSP fits the Vite build, checked in Chromium with no violation on
 * /, /products, /book, /admin and the sandbox payment page:
 * - scripts only from our origin (the build has no inline script; registerSW.js is a file);
 * - styles from our origin; React's `style` prop writes through the CSSOM, which CSP does not block;
 *   the only inline <style> (the sandbox payment page) is allowed by its hash, computed per answer;
 * - images also from data: and blob: (the admin's preview of a chosen file);
 * - API calls and images also from the API host when the app was built for another one (VITE_API_BASE);
 * - forms post to our origin, and to APP_URL (the sandbox page's answer redirects there);
 * - no framing at all (frame-ancestors 'none', plus X-Frame-Options for old browsers).
 * Routes that set a stricter CSP of their own (SVG images) keep it: overwrite is off.
 *
 * The policy and the other document-only headers go on documents (HTML) and the service worker script
 * only, where browsers apply them; on scripts, styles, images and JSON they do nothing but cost bytes: a
 * phone's first visit makes about a hundred requests, and these headers were 60 KB of it. Every answer
 * keeps nosniff, the referrer policy and the cross-origin resource policy, which do apply to it.
 */
/** Headers a browser applies only to a document (or a worker's script). */
const DOCUMENT_ONLY = [
  'X-Frame-Options',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
]

/** An HTML page, an SVG (it can be opened as a document: it brings its own policy), or the worker script. */
const isDocument = (type: string | null, path: string) =>
  /^(text\/html|image\/svg\+xml)/i.test(type ?? '') || /\/sw\.js$/.test(path)

export function securityHeaders(config: AppConfig): MiddlewareHandler[] {
  const appOrigin = new URL(config.appUrl).origin
  // A web app built against another API host (VITE_API_BASE) calls it and shows its images.
  const api = config.apiOrigin ? ` ${config.apiOrigin}` : ''
  const csp = (styleHashes: string[]) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self'${styleHashes.map((h) => ` '${h}'`).join('')}`,
      `img-src 'self' data: blob:${api}`,
      "font-src 'self' data:",
      `connect-src 'self'${api}`,
      "worker-src 'self'",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self' ${appOrigin}`,
      "frame-ancestors 'none'",
    ].join('; ')
  const base = csp([])

  // Ours first, so that it runs last on the way out, after secureHeaders has written its headers.
  return [
    async (c, next) => {
      await next()
      const https =
        new URL(c.req.url).protocol === 'https:' ||
        (config.trustProxyHops > 0 && c.req.header('X-Forwarded-Proto') === 'https')
      // Over plain http browsers ignore the header anyway.
      if (https) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
      if (!isDocument(c.res.headers.get('Content-Type'), c.req.path)) {
        for (const name of DOCUMENT_ONLY) c.res.headers.delete(name)
        return
      }
      let policy = c.res.headers.has('Content-Security-Policy') ? null : base
      if (
        policy &&
        /^text\/html/i.test(c.res.headers.get('Content-Type') ?? '') &&
        c.req.path.startsWith(config.apiBase)
      ) {
        // Server-made pages (the sandbox gateway's): allow exactly their inline <style> blocks.
        const html = await c.res.clone().text()
        const hashes = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
          (m) => `sha256-${createHash('sha256').update(m[1]).digest('base64')}`,
        )
        policy = csp(hashes)
      }
      // Read c.res.headers only now: on Node, clone() swaps the answer's lightweight headers for real ones.
      if (policy) c.res.headers.set('Content-Security-Policy', policy)
    },
    secureHeaders({
      contentSecurityPolicy: undefined, // set below, with the hashes of the answer's inline styles
      strictTransportSecurity: false, // set below, only over https
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      // A separate app origin (CORS_ORIGIN) must be able to show our product images.
      crossOriginResourcePolicy: config.corsOrigin ? 'cross-origin' : 'same-origin',
      permissionsPolicy: {
        camera: ['self'], // technicians' job photos
        geolocation: ['self'],
        microphone: [],
        payment: [],
        usb: [],
      },
      overwrite: false,
    }),
  ]
}
