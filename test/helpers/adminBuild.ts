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
