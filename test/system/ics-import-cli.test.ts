import { spawnSync } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { query } from '../helpers/freshDatabase'
import { migratedDatabase } from '../helpers/workerDatabase'
import { CLI_ENTRY, nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const GOOGLE = path.join(ROOT, 'test/fixtures/ics/google.ics')
const database = migratedDatabase('ics_cli')

/** `import --ics` as an operator runs it (docs/calendar-sources.md, "On the command line"). */
describe('import --ics on the command line', () => {
  let work: string

  beforeAll(async () => {
    await database.create()
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-ics-cli-'))
  })
  afterAll(async () => {
    await database.drop()
    if (work) await fs.rm(work, { force: true, recursive: true })
  })

  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, [...nodeArgs(CLI_ENTRY), 'import', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: work },
      timeout: 240_000,
    })
    return { status: run.status, output: `${run.stdout}${run.stderr}` }
  }
  const events = async () =>
    Number((await query(database.url, 'SELECT count(*) AS n FROM events')).rows[0].n)

  it('reads with --dry-run and writes nothing, imports, and a second run adds nothing', async () => {
    const dry = cli('--ics', GOOGLE, '--dry-run')
    expect(dry.output).toContain('dry run: would be 3 created')
    expect(dry.status, dry.output).toBe(0)
    expect(await events()).toBe(0)
    expect(
      Number((await query(database.url, 'SELECT count(*) AS n FROM calendar_sources')).rows[0].n),
    ).toBe(0)

    const first = cli('--ics', GOOGLE)
    expect(first.output).toContain(
      '3 created, 0 updated, 0 unchanged, 0 kept as edited here, 0 moved to the trash, 0 failed',
    )
    expect(first.status, first.output).toBe(0)
    expect(await events()).toBe(3)

    const second = cli('--ics', GOOGLE)
    expect(second.output).toContain('0 created, 0 updated, 3 unchanged')
    expect(await events()).toBe(3)
  }, 600_000)

  it('fails a file that is not iCalendar with its reason and exit 1, and refuses --ics with --file', async () => {
    const notes = path.join(work, 'notes.ics')
    await fs.writeFile(notes, 'just some notes')
    const run = cli('--ics', notes)
    expect(run.output).toContain('the feed could not be read: not an iCalendar file')
    expect(run.output).not.toMatch(/\n\s+at /)
    expect(run.status).toBe(1)

    const both = cli('--ics', GOOGLE, '--file', 'dump.json')
    expect(both.output).toContain(
      'give one of --from, --file, --wxr and --ics, not --file and --ics',
    )
    expect(both.status).toBe(2)
  }, 300_000)
})
