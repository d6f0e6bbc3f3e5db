// The registry this project installs from serves only the packages of the platforms we run on, so
// `npm install` leaves the other platforms' optional binaries (rollup, lightningcss, tailwind oxide…)
// out of package-lock.json, and `npm ci` then refuses the lock as "out of sync".
// This adds a lock entry for each missing optional platform package, with the os/cpu its name says,
// so npm ci accepts the lock and still skips them here. Run after every `npm install`.
import fs from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(fs.readFileSync(file, 'utf8'))
const packages = lock.packages

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
]
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
  mips64el: 'mips64el',
}

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((p) => OS.includes(p))
  const cpu = parts
    .map((p) => CPU[p.replace(/(gnu|musl|msvc|eabihf|eabi|wasi)$/, '')] ?? CPU[p])
    .find(Boolean)
  if (parts.includes('wasm32')) return { cpu: ['wasm32'] }
  if (!os && !cpu) return null
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) }
}

let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : 'node_modules/'
    if (packages[`${base}${dep}`] || packages[`node_modules/${dep}`]) continue
    const platform = platformOf(dep)
    if (!platform) continue
    packages[`node_modules/${dep}`] = {
      version: range.replace(/^[\^~=]/, ''),
      dev: entry.dev || undefined,
      optional: true,
      ...platform,
    }
    added++
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n')
console.log(`lock-platform-stubs: added ${added} entries`)
