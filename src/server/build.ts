/**
 * Builds the admin panel (a Next.js app) when its build is missing or older than the sources
 * it is made from. `npm start` starts it and serves everything but the admin meanwhile
 * (`adminBuilding.ts`), so a fresh clone needs no separate build step; `npm run build` forces a build.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'

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

/** What a build is doing now, as its tools last said (for the progress lines). */
export type BuildState = { phase: string }

/**
 * Runs a build step. Its output is passed on line by line (without colours: it is not a
 * terminal), and its last line names the phase the progress lines show. A step still running
 * when this process exits (a server stopped by SIGTERM while the admin builds) is stopped with
 * it: left alone it would go on writing `.next` and hold Next's build lock, so that the next
 * start's build fails.
 */
export function runBuildStep(name: string, args: string[], state: BuildState): Promise<void> {
  state.phase = name
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        NODE_ENV: 'production',
        NODE_OPTIONS: '--no-deprecation',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split(/\r?\n/)
        rest = lines.pop() ?? ''
        for (const line of lines) {
          const text = stripVTControlCharacters(line).trim()
          if (!text) continue
          console.log(`  ${text}`)
          state.phase = `${name}: ${text.replace(/^\W+/, '').slice(0, 80)}`
        }
      })
    }
    const stopWithThisProcess = () => child.kill('SIGTERM')
    process.on('exit', stopWithThisProcess)
    child.on('error', (error) => {
      process.off('exit', stopWithThisProcess)
      reject(error)
    })
    child.on('exit', (code) => {
      process.off('exit', stopWithThisProcess)
      if (code === 0) resolve()
      else reject(new Error(`${name} exited with code ${code}`))
    })
  })
}

/** Where the last build's duration is kept for the next estimate: outside `.next`, which a build replaces. */
const TIMING = path.join(
  ROOT,
  'node_modules',
  '.cache',
  'payload-events-calendar',
  'admin-build.json',
)
/**
 * The estimate when no build was timed here yet: a first build on two cores, as measured on a
 * fresh clone (docs/production.md, "The first start").
 */
export const DEFAULT_BUILD_SECONDS = 240
/** How often a build says how far it is. */
const PROGRESS_INTERVAL_MS = 10_000

/** How long the admin build is expected to take: the last one's duration here, else DEFAULT_BUILD_SECONDS. */
async function expectedBuildSeconds(): Promise<number> {
  const last = await fs
    .readFile(TIMING, 'utf8')
    .then((text) => Number((JSON.parse(text) as { seconds?: unknown }).seconds))
    .catch(() => NaN)
  return Number.isFinite(last) && last > 0 ? Math.round(last) : DEFAULT_BUILD_SECONDS
}

/** A build under way: when it began, how long it should take, and its end. */
export type AdminBuild = { done: Promise<void>; expectedSeconds: number; startedAt: number }

/**
 * Starts building the admin panel when its build is missing or older than the sources it is
 * made from (`force`: in any case), and returns at once: `null` when the build is current, else
 * the build under way, which says its phase and time every PROGRESS_INTERVAL_MS.
 */
export async function startAdminBuild(
  log: (message: string) => void,
  force = false,
  /** Makes the import map in this process (`npm start`, whose Payload reads the same config); else a process of its own does. */
  generateImportMap?: () => Promise<void>,
): Promise<AdminBuild | null> {
  const wanted = await fingerprint()
  const current = await fs.readFile(STAMP, 'utf8').catch(() => '')
  const built = await fs.access(path.join(ROOT, '.next', 'BUILD_ID')).then(
    () => true,
    () => false,
  )
  if (!force && built && current.trim() === wanted) return null
  const expectedSeconds = await expectedBuildSeconds()
  log(
    `${built ? 'The sources changed since the admin panel was built: rebuilding it' : 'Building the admin panel (first start only)'}, about ${expectedSeconds} s…`,
  )
  const startedAt = Date.now()
  const state: BuildState = { phase: 'starting' }
  const ticker = setInterval(
    () =>
      log(
        `Building the admin panel: ${state.phase} (${Math.round((Date.now() - startedAt) / 1000)} s of about ${expectedSeconds} s)`,
      ),
    PROGRESS_INTERVAL_MS,
  )
  const done = (async () => {
    try {
      // The import map lists the admin's custom components; one left behind by a config change
      // builds fine and fails in the browser, so it is made anew with every build.
      if (generateImportMap) {
        state.phase = 'generating the import map'
        await generateImportMap()
      } else
        await runBuildStep(
          'generating the import map',
          [path.join(ROOT, 'node_modules/payload/bin.js'), 'generate:importmap'],
          state,
        )
      await runBuildStep(
        'next build',
        [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'],
        state,
      )
    } finally {
      clearInterval(ticker)
    }
    // The sources as they were when the build began: a file changed during the build makes the next start build again.
    await fs.writeFile(STAMP, wanted)
    const seconds = (Date.now() - startedAt) / 1000
    await fs.mkdir(path.dirname(TIMING), { recursive: true })
    await fs.writeFile(TIMING, JSON.stringify({ seconds }))
    log(`Admin panel built in ${Math.round(seconds)} s.`)
  })()
  return { done, expectedSeconds, startedAt }
}

/** Builds the admin panel if needed (`startAdminBuild`) and waits for the build: `npm run build`, the tests' setup. */
export async function ensureAdminBuild(
  log: (message: string) => void,
  force = false,
): Promise<void> {
  await (
    await startAdminBuild(log, force)
  )?.done
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
