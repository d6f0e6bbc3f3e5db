import fs from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'

const features = fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory())

/**
 * The client's layers (ARCHITECTURE.md): app -> features -> components -> offline -> lib.
 * Each may import from the layers below it, never from a layer above; a feature never imports another.
 */
const layerZones = [
  ...features.map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'A feature does not import another feature: move the shared piece down to src/components or src/lib.',
  })),
  {
    target: ['./src/components', './src/offline', './src/lib'],
    from: ['./src/app', './src/features'],
    message:
      'Shared code flows down, never up: src/components, src/offline and src/lib do not import app or features.',
  },
  {
    target: ['./src/offline', './src/lib'],
    from: './src/components',
    message: 'src/offline and src/lib sit below src/components.',
  },
  {
    target: './src/lib',
    from: './src/offline',
    message: 'src/lib is the bottom layer: it imports nothing of the app.',
  },
  {
    target: './sw',
    from: ['./src/app', './src/features', './src/components'],
    message: 'The service worker shares only src/offline and src/lib with the page.',
  },
  {
    // The route table lazy-loads the back office; nothing else outside it may pull admin code in.
    target: [
      './src/app/!(router).tsx',
      './src/app/!(admin)/**',
      './src/features/*/!(admin)/**',
      './src/features/*/*.{ts,tsx}',
      './src/components/**',
      './src/offline/**',
      './src/lib/**',
    ],
    from: ['./src/features/*/admin/**', './src/app/admin/**'],
    message: 'Public code never imports admin code (only src/app/router.tsx loads it, lazily).',
  },
]

const routeFiles = fs.readdirSync('api/routes')

/**
 * The server's layers (ARCHITECTURE.md, "The API"), top to bottom: the entries (app.ts, start-server.ts) wire
 * everything; routes -> middleware -> lib and payments -> messaging -> db. Each imports only from the layers
 * below it, and a route file never imports another. api/config.ts is shared by every layer, api/types.ts by
 * every layer above db; contract/ sits under both client and server.
 */
/**
 * The API's first path segments, read from the endpoint tables in contract/ ('POST staff/jobs/{id}/events/'
 * -> "staff"): a string in src/ that starts with one and a slash is an API path written by hand.
 */
const apiSegments = [
  ...new Set(
    fs
      .readdirSync('contract')
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [
        ...fs.readFileSync(`contract/${file}`, 'utf8').matchAll(/'(?:GET|POST|DELETE) ([\w.-]+)\//g),
      ])
      .map((match) => match[1].replace(/[.]/g, '\\.')),
  ),
]
const handWrittenApiPath = `/^(${apiSegments.join('|')})\\//`

/**
 * The web app's page addresses' first segments, read from contract/pages.ts ('/staff/jobs/${id}' -> "staff";
 * the home page '/' is left out, a lone slash being too common): a string in the app, the worker, the
 * scripts or the server's messages that starts with one is a page address written by hand.
 */
const pageSegments = [
  ...new Set(
    [...fs.readFileSync('contract/pages.ts', 'utf8').matchAll(/['`]\/([\w-]+)/g)].map((match) => match[1]),
  ),
]
const handWrittenPagePath = `/^\\/(${pageSegments.join('|')})([/?#]|$)/`

const HAND_WRITTEN_PAGE = {
  selector: `Literal[value=${handWrittenPagePath}], TemplateElement[value.raw=${handWrittenPagePath}]`,
  message:
    "A page's address by hand: link to it through contract/pages.ts (to={pages.orders}, pages.invoice(id)), so a moved page moves every link and a wrong one is a type error.",
}

const REACT_ROUTER_DOM = {
  name: 'react-router-dom',
  message:
    "react-router-dom is deprecated in v7 and only re-exports react-router: import from 'react-router'.",
}

const serverZones = [
  ...routeFiles.map((name) => ({
    target: `./api/routes/${name}`,
    from: './api/routes',
    except: [`./${name}`],
    message:
      'A route file does not import another: move the shared piece down to api/lib, or let api/app.ts pass it in.',
  })),
  {
    target: ['./api/routes', './api/middleware', './api/lib', './api/payments', './api/messaging'],
    from: ['./api/app.ts', './api/start-server.ts', './api/server.ts', './api/dev.ts'],
    message: 'Only the entries wire the server: nothing under api/ imports api/app.ts or the start-up files.',
  },
  {
    target: ['./api/middleware', './api/lib', './api/payments', './api/messaging'],
    from: './api/routes',
    message: 'Only api/app.ts mounts the routes: move what is shared down to api/lib.',
  },
  {
    target: ['./api/lib', './api/payments', './api/messaging'],
    from: './api/middleware',
    message: 'Middleware is HTTP plumbing for the routes: move what lib needs from it down to api/lib.',
  },
  {
    target: ['./api/routes', './api/middleware', './api/lib', './api/messaging', './api/db', './api/*.ts'],
    from: './api/payments',
    except: ['./index.ts'],
    message: 'api/payments is one module: import it from api/payments/index.ts, its public face.',
  },
  {
    target: './api/messaging',
    from: ['./api/lib', './api/payments'],
    message:
      'api/messaging sits below api/lib and api/payments: it sends what they queue, and imports neither.',
  },
  {
    target: './api/db',
    from: './api',
    except: ['./db', './config.ts'],
    message:
      'api/db is the bottom layer (connection, migrations, schema): it imports only api/config.ts and contract/. Code that needs api/lib lives in api/lib.',
  },
  {
    target: './contract',
    from: ['./api', './src', './sw'],
    message: 'contract/ is shared by the client and the server: it imports neither api/, src/ nor sw/.',
  },
]

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'dev-dist', 'node_modules', 'data', 'media', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [REACT_ROUTER_DOM] }],
    },
  },
  {
    // A key written by hand where the feature's factory has one drifts from it: an invalidation then misses.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message:
            "Query keys come from the feature's key factory in its api.ts (e.g. shopKeys.cart(userId)): add the key there.",
        },
        {
          selector: `Literal[value=${handWrittenApiPath}], TemplateElement[value.raw=${handWrittenApiPath}]`,
          message:
            "An API path by hand: call it by its name in contract/api.ts, callApi('POST appointment/', { body }) (callPath/callUrl for a path or link), so a wrong path or body is a type error.",
        },
        HAND_WRITTEN_PAGE,
        {
          selector: "JSXAttribute[name.name='autoFocus']",
          message:
            'The build runs on Preact, which writes autoFocus as the HTML attribute (honoured once per page load): use ref={focusOnMount} from src/lib/focus-on-mount.ts.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [REACT_ROUTER_DOM],
          patterns: [
            {
              group: ['**/lib/api-client'],
              importNames: ['request', 'requestWithStatus'],
              message:
                'request() takes any path: call the API by name with callApi (only the outbox, which replays stored requests, uses request).',
            },
          ],
        },
      ],
    },
  },
  {
    // The outbox replays requests it stored (method, path, body): it is the one place that sends by path.
    files: ['src/offline/**', 'src/lib/api-client.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [REACT_ROUTER_DOM] }] },
  },
  {
    // Screens reach the API through their feature's data module (api.ts, offline.ts, ...), never directly.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [REACT_ROUTER_DOM],
          patterns: [
            {
              group: ['**/lib/api-client'],
              importNames: [
                'request',
                'requestWithStatus',
                'callApi',
                'callApiWithStatus',
                'callPath',
                'callUrl',
                'apiUrl',
              ],
              message:
                "A screen does not call the API: use (or add) a hook or function in the feature's data module (its api.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'api/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...serverZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One file-name case: kebab-case (a Vite entry, config files and tests keep their conventional suffixes).
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'api/**/*.ts', 'contract/**/*.ts', 'tests/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,api,contract,tests,sw}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Shared migrations keep the names their SQL files had (NNN_snake_case: schema_migrations records
    // them) and take Kysely<any>, as Kysely's migration guide has it: a migration must not depend on
    // today's table types (api/db/schema.ts), which change after it.
    files: ['api/db/migrations/shared/**'],
    rules: { 'check-file/filename-naming-convention': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The server's emails, notifications and signed links, the worker and the build scripts name the app's
    // pages too. Not api/routes or api/app.ts: their API mounts ('/staff', '/login') share first segments.
    files: ['api/lib/**', 'api/messaging/**', 'api/payments/**', 'sw/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': ['error', HAND_WRITTEN_PAGE] },
  },
  {
    // Tests read loosely-typed JSON answers; forcing types there adds noise, not safety.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
)
