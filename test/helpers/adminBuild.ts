import fsSync from 'node:fs'
import fs from 'node:fs/promises'
import { setTimeout as delay } from 'node:timers/promises'

/**
 * The admin build of a test run, made in the background by test/globalSetup.ts while the unit and
 * api tiers run, and awaited by the files that need it (test/setupAdminBuild.ts). Global setup
 * runs in Vitest's own process and the files in workers: what the build came to is passed through
 * a file, which holds `building`, `built` or `failed` and the reason. No file: this run has no
 * build, as when only the api tiers run.
 */
export type AdminBuildState = { reason?: string; state: 'building' | 'built' | 'failed' }

/** How often a waiting file looks again: the build takes a minute or more. */
const POLL_MS = 250

/** Written whole under another name, then renamed: a reader never sees half of it. */
function write(file: string, state: AdminBuildState) {
  fsSync.writeFileSync(`${file}.tmp`, JSON.stringify(state))
  fsSync.renameSync(`${file}.tmp`, file)
}

/**
 * Starts `build`, `file` saying `building` before this returns (so before any test file starts),
 * then how it ended. The promise resolves when the build has ended, either way.
 */
export function recordAdminBuild(file: string, build: () => Promise<void>): Promise<void> {
  write(file, { state: 'building' })
  return build().then(
    () => write(file, { state: 'built' }),
    (error: unknown) =>
      write(file, {
        reason: error instanceof Error ? error.message : String(error),
        state: 'failed',
      }),
  )
}

const readState = async (file: string) =>
  JSON.parse(await fs.readFile(file, 'utf8')) as AdminBuildState

/**
 * Waits until the run's admin build has ended. `required`: the file starts the built app, so a
 * run without a build or a failed one is an error; otherwise the wait only keeps the file from
 * running beside the build.
 */
export async function awaitAdminBuild(file: string, required: boolean): Promise<void> {
  const exists = await fs.access(file).then(
    () => true,
    () => false,
  )
  if (!exists) {
    if (required) throw new Error('no admin build was started for this run (test/globalSetup.ts)')
    return
  }
  let status = await readState(file)
  while (status.state === 'building') {
    await delay(POLL_MS)
    status = await readState(file)
  }
  if (status.state === 'failed' && required)
    throw new Error(`the admin build failed: ${status.reason}`)
}

/**
 * The `next build` processes working in `root` other than ours: a run killed mid-build (Ctrl-C
 * twice, a CI timeout) leaves its build running, and Next refuses a second build while one holds
 * `.next/lock`. Found through /proc, so on Linux only; elsewhere none are seen.
 */
async function nextBuildsIn(root: string): Promise<number[]> {
  const entries = await fs.readdir('/proc').catch(() => [] as string[])
  const found: number[] = []
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    const [cmdline, cwd] = await Promise.all([
      fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''),
      fs.readlink(`/proc/${entry}/cwd`).catch(() => ''),
    ])
    const args = cmdline.split('\0')
    if (
      cwd === root &&
      args.some((arg) => arg.endsWith('next/dist/bin/next')) &&
      args.includes('build')
    )
      found.push(Number(entry))
  }
  return found
}

/**
 * Waits until no other `next build` works in `root`, so that this run's build (or its finding
 * that the build is current) comes after it rather than failing on its lock. A build left by a
 * killed run ends by itself within minutes; it is not stopped, since it may be another live run's.
 */
export async function awaitOtherNextBuilds(
  root: string,
  log: (message: string) => void,
): Promise<void> {
  let builds = await nextBuildsIn(root)
  if (builds.length === 0) return
  log(`Waiting for another next build in this folder to end (process ${builds.join(', ')})…`)
  while (builds.length > 0) {
    await delay(1000)
    builds = await nextBuildsIn(root)
  }
}
