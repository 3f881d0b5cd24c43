import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

import { nodeArgs } from '../helpers/processBundles'

/** Whether a process runs (a zombie waiting for its parent to reap it does not). */
async function running(pid: number): Promise<boolean> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return status !== '' && !/^State:\s+Z/m.test(status)
}

/*
 * The admin build's steps (`next build`) end with the process that started them: a server stopped
 * with SIGTERM while its admin builds left `next build` running, writing `.next` and holding its
 * build lock, so that the next start's build failed (src/server/build.ts, `runBuildStep`).
 */
describe('a build step', () => {
  it('does not outlive the process that started it', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-build-step-'))
    const pidFile = path.join(folder, 'pid')
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...nodeArgs('test/system/fixtures/buildStepThenExit.ts'), pidFile],
        { timeout: 120_000 },
      )
      expect(stdout).toContain('step started')
      const pid = Number(await fs.readFile(pidFile, 'utf8'))
      expect(pid).toBeGreaterThan(0)
      const deadline = Date.now() + 10_000
      while ((await running(pid)) && Date.now() < deadline) await delay(100)
      expect(await running(pid)).toBe(false)
    } finally {
      await fs.rm(folder, { force: true, recursive: true })
    }
  }, 180_000)
})
