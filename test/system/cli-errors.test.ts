import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

import { CLI_ENTRY, nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The command-line tool as an operator meets it when the database cannot be had: a message and exit 2, no stack trace. */
describe('the command line when the database cannot start', () => {
  it('says why the embedded Postgres could not start and what to set, and exits 2', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: '/dev/null/calendar' }
    delete env.DATABASE_URL
    const run = spawnSync(
      process.execPath,
      [...nodeArgs(CLI_ENTRY), 'export', '--out', '/dev/null'],
      { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 },
    )
    expect(run.status, run.stderr).toBe(2)
    expect(run.stderr).toContain('The embedded Postgres could not start in /dev/null/calendar/pg')
    expect(run.stderr).toContain('Set DATA_DIR to a folder this user may write, or DATABASE_URL')
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })
})
