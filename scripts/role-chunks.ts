/**
 * Build step (a Vite plugin, vite.config.ts): sorts the client's chunks into what every visitor may need
 * (the public pages and everything they import, statically or lazily) and what only a role opens: the back
 * office (src/app/admin/**, src/features/<feature>/admin/**) and the technicians' sheet
 * (src/features/staff/**). The service worker precaches the public set only; the rest is listed in
 * role-assets.json, which the worker caches when someone with that role logs in (sw/sw.ts).
 */
import type { Plugin, Rolldown } from 'vite'

type OutputChunk = Rolldown.OutputChunk

export const ROLE_ASSETS_FILE = 'role-assets.json'

/** Modules that open a role's screens, by path (the router loads them lazily). */
const ROLE_MODULES: Record<'admin' | 'staff', RegExp> = {
  admin: /\/src\/(app\/admin|features\/[^/]+\/admin)\//,
  staff: /\/src\/features\/staff\//,
}

export interface RoleChunks {
  /** URLs relative to the build folder (assets/x.js), as the precache manifest names them. */
  roleOnly: Set<string>
  byRole: Record<string, string[]>
}

function reach(chunks: Map<string, OutputChunk>, from: string[], blocked: (c: OutputChunk) => boolean) {
  const seen = new Set<string>()
  const stack = [...from]
  while (stack.length) {
    const name = stack.pop()!
    const chunk = chunks.get(name)
    if (!chunk || seen.has(name) || (blocked(chunk) && !from.includes(name))) continue
    seen.add(name)
    stack.push(...chunk.imports, ...chunk.dynamicImports)
    // A chunk's CSS goes with it.
    for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css)
  }
  return seen
}

export function roleChunks(): Plugin & { result: RoleChunks } {
  const result: RoleChunks = { roleOnly: new Set(), byRole: {} }
  return {
    name: 'role-chunks',
    apply: 'build',
    result,
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return
      const chunks = new Map<string, OutputChunk>()
      for (const [name, item] of Object.entries(bundle)) if (item.type === 'chunk') chunks.set(name, item)
      const opens = (role: RegExp) => (c: OutputChunk) =>
        c.isDynamicEntry && role.test(c.facadeModuleId ?? '')
      const anyRole = (c: OutputChunk) => Object.values(ROLE_MODULES).some((role) => opens(role)(c))
      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName)
      const everyone = reach(chunks, entries, anyRole)
      result.roleOnly.clear()
      for (const [role, pattern] of Object.entries(ROLE_MODULES)) {
        const starts = [...chunks.values()].filter(opens(pattern)).map((c) => c.fileName)
        const own = [...reach(chunks, starts, anyRole)].filter((f) => !everyone.has(f)).sort()
        result.byRole[role] = own
        for (const f of own) result.roleOnly.add(f)
      }
      this.emitFile({
        type: 'asset',
        fileName: ROLE_ASSETS_FILE,
        source: JSON.stringify(result.byRole, null, 1),
      })
    },
  }
}
