import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { exportDump, readDumpFile } from '../../src/cli/importer/dump'
import type { Progress } from '../../src/cli/progress'
import { getTestPayload } from '../helpers/payload'

/*
 * Where `npx payload-events-calendar export --out FILE` writes (`src/cli/importer/dump.ts`): a
 * regular file whole or not at all (written beside, then renamed over it); anything else as it
 * is, since a rename would put a file in its place (`--out /dev/stdout`, a link, `/dev/null` run
 * as root).
 */
describe('export --out', () => {
  let dir: string
  const quiet: Progress = { item() {}, note() {}, start() {}, stop() {}, warn() {} }

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'export-dump-'))
  })
  afterAll(async () => {
    await fs.rm(dir, { force: true, recursive: true })
  })

  it('replaces a regular file whole, leaving nothing beside it', async () => {
    const out = path.join(dir, 'dump.json')
    await fs.writeFile(out, 'an older dump')
    const counts = await exportDump(await getTestPayload(), out, quiet)
    const dump = await readDumpFile(out)
    expect(dump.events).toHaveLength(counts.events)
    expect(await fs.readdir(dir)).toEqual(['dump.json'])
  })

  it('writes through a link rather than putting a file in its place', async () => {
    const target = path.join(dir, 'target.json')
    const link = path.join(dir, 'link.json')
    await fs.writeFile(target, '')
    await fs.symlink(target, link)
    const counts = await exportDump(await getTestPayload(), link, quiet)
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true)
    expect((await readDumpFile(target)).events).toHaveLength(counts.events)
  })
})
