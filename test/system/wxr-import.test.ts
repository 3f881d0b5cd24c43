import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readWxrFile } from '../../src/cli/importer/wxr/readWxr'
import { migratedDatabase } from '../helpers/workerDatabase'
import { CLI_ENTRY, nodeArgs } from '../helpers/processBundles'

const ROOT = path.resolve(import.meta.dirname, '../..')
const FIXTURE = path.join(ROOT, 'test/fixtures/wxr/pro-5.8-export.xml')
/** The fixture's series that our model says, by their first event's id. */
const SERIES = {
  100: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8',
  200: 'FREQ=MONTHLY;BYDAY=2TU;UNTIL=20270701T035959Z',
  300: 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6',
  400: 'FREQ=DAILY;COUNT=10',
  500: 'FREQ=YEARLY;UNTIL=20311231',
  600: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH;COUNT=4',
  900: 'FREQ=WEEKLY',
} as const
/** "Open Studio": two rules, one with times of its own, which one event cannot carry. */
const SEPARATE = [700, 701, 702, 703, 704, 705]

const database = migratedDatabase('wxr_import')

/** The command-line tool in a process of its own, as a user runs it, on this file's database. */
async function cli(args: string[]): Promise<{ code: null | number; output: string }> {
  const child = spawn(process.execPath, [...nodeArgs(CLI_ENTRY), 'import', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<null | number>((resolve) => child.once('exit', resolve))
  return { code, output }
}

async function select<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    return (await client.query(sql, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/** The `total` row of the summary: created, updated, unchanged… as the summary prints them. */
function totals(output: string): Record<string, number> {
  const lines = output.split('\n')
  const header = lines.findIndex((line) => /^\s+(would be )?created/.test(line))
  const names = lines[header]!.trim().split(/\s{2,}/)
  const row = lines.slice(header).find((line) => line.startsWith('total'))!
  const numbers = row.trim().split(/\s+/).slice(1).map(Number)
  return Object.fromEntries(names.map((name, index) => [name, numbers[index]!]))
}

/** The starts the original listed for each series: its first post's and its occurrence posts', by the first's id. */
async function listedStarts(): Promise<Map<number, string[]>> {
  const file = await readWxrFile(FIXTURE, new Set(['tribe_events']))
  const starts = new Map<number, string[]>()
  for (const post of file.posts) {
    const series = post.parent || post.id
    const start = post.meta.get('_EventStartDate')![0]!
    starts.set(series, [...(starts.get(series) ?? []), start].sort())
  }
  return starts
}

describe('import --wxr: a Pro 5.8 site from its WordPress export', () => {
  let work: string

  beforeAll(async () => {
    await database.create()
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'pec-wxr-'))
  })

  afterAll(async () => {
    await database.drop()
    if (work) await fs.rm(work, { force: true, recursive: true })
  })

  it('reports without writing on --dry-run', async () => {
    const run = await cli(['--wxr', FIXTURE, '--dry-run'])
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('Summary (dry run: nothing was written)')
    expect(run.output).toContain('7 would come over as series:')
    expect(run.output).toContain('1 would come over as separate events:')
    expect(await select('SELECT id FROM events')).toEqual([])
  })

  it('imports each series as one event with its rule, whose occurrences are the dates the original listed', async () => {
    const run = await cli(['--wxr', FIXTURE])
    expect(run.code, run.output).toBe(0)
    expect(totals(run.output)).toMatchObject({ created: 2 + 2 + 2 + 7 + 6 + 1, failed: 0 })
    expect(run.output).toContain(
      'event 100 "Morning Yoga": RRULE FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8; 8 occurrence(s)',
    )
    expect(run.output).toMatch(
      /event 700 "Open Studio" and its occurrence posts 701, 702, 703, 704, 705: rule 2 has times of its own \(14:00:00 to 16:00:00\)/,
    )

    const events = await select<{ id: number; rule: null | string }>(
      'SELECT id, recurrence_rule AS rule FROM events ORDER BY id',
    )
    expect(events).toEqual(
      [
        ...Object.entries(SERIES).map(([id, rule]) => ({ id: Number(id), rule })),
        ...[...SEPARATE, 800].map((id) => ({ id, rule: null })),
      ].sort((a, b) => a.id - b.id),
    )
    const listed = await listedStarts()
    for (const id of Object.keys(SERIES).map(Number)) {
      const occurrences = await select<{ start: string }>(
        `SELECT to_char(start_local, 'YYYY-MM-DD HH24:MI:SS') AS start FROM calendar_occurrences WHERE event_id = $1 ORDER BY start_local`,
        [id],
      )
      const starts = occurrences.map((occurrence) => occurrence.start)
      // Those the original listed, up to our horizon; a series without end runs to ours, past the original's last post.
      const expected = listed.get(id)!.filter((start) => start <= starts.at(-1)!)
      expect(id === 900 ? starts.slice(0, expected.length) : starts, `series ${id}`).toEqual(
        expected,
      )
      expect(expected.length, `series ${id}`).toBeGreaterThan(0)
    }
    // Each occurrence answers at the id the original's list showed: its own post's.
    const ids = await select<{ id: number; event_id: number }>(
      'SELECT id, event_id FROM calendar_occurrences WHERE event_id IN (100, 900) ORDER BY start_utc',
    )
    expect(ids.filter((row) => row.event_id === 100).map((row) => row.id)).toEqual([
      100, 101, 102, 103, 104, 105, 106, 107,
    ])
    expect(
      ids
        .filter((row) => row.event_id === 900)
        .map((row) => row.id)
        .slice(0, 26),
    ).toEqual(Array.from({ length: 26 }, (_, index) => 900 + index))
    // Summer Camp's deleted day is an exclusion, the lecture's extra date an RDATE.
    expect(
      await select(
        `SELECT parent_id AS id, path, text FROM events_texts WHERE path LIKE 'recurrence.%' ORDER BY parent_id, path, "order"`,
      ),
    ).toEqual([
      { id: 400, path: 'recurrence.exdates', text: '2027-07-07T08:30:00' },
      { id: 600, path: 'recurrence.rdates', text: '2027-04-08T19:00:00' },
    ])
    // 09:00 in New York on either side of the change to daylight saving time.
    expect(
      (
        await select<{ utc: string }>(
          `SELECT to_char(start_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS utc FROM calendar_occurrences WHERE event_id = 100 ORDER BY start_utc`,
        )
      ).map((row) => row.utc),
    ).toEqual([
      '2027-03-01 14:00',
      '2027-03-03 14:00',
      '2027-03-08 14:00',
      '2027-03-10 14:00',
      '2027-03-15 13:00',
      '2027-03-17 13:00',
      '2027-03-22 13:00',
      '2027-03-24 13:00',
    ])
  })

  it('changes nothing when run again', async () => {
    const before = await select(
      'SELECT id, event_id, start_utc FROM calendar_occurrences ORDER BY id',
    )
    const run = await cli(['--wxr', FIXTURE])
    expect(run.code, run.output).toBe(0)
    expect(totals(run.output)).toMatchObject({ created: 0, failed: 0, updated: 0 })
    expect(
      await select('SELECT id, event_id, start_utc FROM calendar_occurrences ORDER BY id'),
    ).toEqual(before)
  })

  it('stops on a file it cannot read, naming the item, and writes nothing', async () => {
    const text = await fs.readFile(FIXTURE, 'utf8')
    const broken = path.join(work, 'broken.xml')
    // The third series' first event is cut short in its meta.
    const cut = text.indexOf('<wp:postmeta>', text.indexOf('<wp:post_id>300</wp:post_id>'))
    await fs.writeFile(broken, `${text.slice(0, cut)}<wp:postmeta><wp:meta_key></channel></rss>`)
    const before = await select('SELECT count(*) FROM events')
    const run = await cli(['--wxr', broken])
    expect(run.code, run.output).toBe(2)
    expect(run.output).toMatch(/broken\.xml, item \d+ \(post 300\), line \d+: unexpected close tag/)
    expect(run.output).not.toMatch(/\n\s+at /)
    expect(await select('SELECT count(*) FROM events')).toEqual(before)
  })
})
