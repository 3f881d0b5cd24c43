/**
 * Builds the admin panel (a Next.js app) when its build is missing or older than the sources
 * it is made from. `npm start` calls this, so a fresh clone needs no separate build step;
 * `npm run build` forces a build.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { EnvError } from '../env'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const STAMP = path.join(ROOT, '.next', 'events-calendar-build.sha256')
const SOURCES = [
  'package-lock.json',
  'package.json',
  'next.config.mjs',
  'tsconfig.json',
  'payload.config.ts',
  'src',
  'collections',
  'endpoints',
]
const SKIP = new Set(['node_modules', '.next', '.data', 'migrations'])

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256')
  const visit = async (relative: string) => {
    const full = path.join(ROOT, relative)
    const stat = await fs.stat(full).catch(() => null)
    if (!stat) return
    if (stat.isDirectory()) {
      for (const entry of (await fs.readdir(full)).sort())
        if (!SKIP.has(entry)) await visit(path.join(relative, entry))
    } else {
      hash
        .update(relative)
        .update('\0')
        .update(await fs.readFile(full))
        .update('\0')
    }
  }
  for (const source of SOURCES) await visit(source)
  return hash.digest('hex')
}

function run(name: string, args: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        NODE_OPTIONS: '--no-deprecation',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} exited with code ${code}`)),
    )
  })
}

export async function ensureAdminBuild(
  log: (message: string) => void,
  force = false,
): Promise<void> {
  const wanted = await fingerprint()
  const current = await fs.readFile(STAMP, 'utf8').catch(() => '')
  const built = await fs.access(path.join(ROOT, '.next', 'BUILD_ID')).then(
    () => true,
    () => false,
  )
  if (!force && built && current.trim() === wanted) return
  log(
    built
      ? 'The sources changed since the admin panel was built: rebuilding it (about a minute)…'
      : 'Building the admin panel (first start only, about a minute)…',
  )
  const started = Date.now()
  // The import map lists the admin's custom components; one left behind by a config change
  // builds fine and fails in the browser, so it is made anew with every build.
  await run('payload generate:importmap', [
    path.join(ROOT, 'node_modules/payload/bin.js'),
    'generate:importmap',
  ])
  await run('next build', [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'])
  // The sources as they were when the build began: a file changed during the build makes the next start build again.
  await fs.writeFile(STAMP, wanted)
  log(`Admin panel built in ${Math.round((Date.now() - started) / 1000)} s.`)
}

/**
 * SKIP_ADMIN_BUILD: the build was made once by the deploy (`npm run build`), so a start never
 * spends a minute and both cores building (several instances would each build). Without one, the
 * start stops with a message saying what to run rather than serving an admin that cannot load.
 */
export async function requireAdminBuild(): Promise<void> {
  const built = await fs.access(path.join(ROOT, '.next', 'BUILD_ID')).then(
    () => true,
    () => false,
  )
  if (!built)
    throw new EnvError(
      'SKIP_ADMIN_BUILD is set but there is no admin build (.next/BUILD_ID): run `npm run build` first, or unset SKIP_ADMIN_BUILD.',
    )
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await ensureAdminBuild((message) => console.log(message), process.argv.includes('--force'))
}
