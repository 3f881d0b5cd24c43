import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { withUnpackLock } from '../e2e/findChromium'

const WHOLE = 'x'.repeat(64)

/**
 * Unpacks as @sparticuz/chromium does: a file that exists is taken as done, and a new one is
 * written in pieces. Answers the file's content as the caller would launch it.
 */
function unpacker(file: string) {
  return async () => {
    const exists = await fs.access(file).then(
      () => true,
      () => false,
    )
    if (!exists) {
      for (let piece = 0; piece < 8; piece++) {
        await fs.appendFile(file, WHOLE.slice(piece * 8, piece * 8 + 8))
        await sleep(5)
      }
    }
    return fs.readFile(file, 'utf8')
  }
}

describe('the npm Chromium unpacked under a lock (test/e2e/findChromium.ts)', () => {
  let dir: string
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-unpack-lock-'))
  })
  afterEach(async () => {
    await fs.rm(dir, { force: true, recursive: true })
  })

  it('lets a second unpacker find the browser whole, not half-written', async () => {
    const file = path.join(dir, 'chromium')
    const lock = path.join(dir, 'lock')
    const seen = await Promise.all([
      withUnpackLock(unpacker(file), lock),
      sleep(12).then(() => withUnpackLock(unpacker(file), lock)),
    ])
    expect(seen).toEqual([WHOLE, WHOLE])
    await expect(fs.access(lock)).rejects.toThrow()
  })

  it('shows the race it prevents: without the lock the second one sees a partial file', async () => {
    const file = path.join(dir, 'chromium')
    const seen = await Promise.all([unpacker(file)(), sleep(12).then(unpacker(file))])
    expect(seen[1]!.length).toBeLessThan(WHOLE.length)
  })

  it('takes over a lock left by a process that died while unpacking', async () => {
    const lock = path.join(dir, 'lock')
    await fs.mkdir(lock)
    const old = new Date(Date.now() - 10 * 60_000)
    await fs.utimes(lock, old, old)
    await expect(withUnpackLock(async () => 'unpacked', lock)).resolves.toBe('unpacked')
  })

  it('releases the lock when unpacking fails', async () => {
    const lock = path.join(dir, 'lock')
    await expect(
      withUnpackLock(async () => {
        throw new Error('no space left')
      }, lock),
    ).rejects.toThrow('no space left')
    await expect(fs.access(lock)).rejects.toThrow()
  })
})
