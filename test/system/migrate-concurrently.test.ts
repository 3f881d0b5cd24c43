import { spawn } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrations } from '../../src/migrations/index'
import { freshDatabase, query } from '../helpers/freshDatabase'
import { CLI_ENTRY, nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DATABASE = 'events_calendar_migrate_race'

/** `payload-events-calendar migrate` in a process of its own, as a deploy or an instance's start runs it. */
function migrate(databaseUrl: string): Promise<{ code: null | number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs(CLI_ENTRY), 'migrate'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

describe('several instances starting at once against an empty database', () => {
  const database = freshDatabase(DATABASE)
  beforeAll(database.create)
  afterAll(database.drop)

  it('migrates exactly once: every process succeeds and each migration is recorded once', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => migrate(database.url)))
    for (const run of runs) {
      expect(run.output).not.toMatch(/duplicate key|already exists|error/i)
      expect(run.code, run.output).toBe(0)
    }
    const recorded = await query(
      database.url,
      'SELECT name, count(*)::int AS times FROM payload_migrations GROUP BY name ORDER BY name',
    )
    expect(recorded.rows.map((row) => row.name)).toEqual(
      migrations.map((migration) => migration.name).sort(),
    )
    expect(recorded.rows.every((row) => row.times === 1)).toBe(true)
    const tables = await query(
      database.url,
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('events', 'venues', 'organizers')",
    )
    expect(tables.rows[0].n).toBe(3)
  }, 180_000)
})
