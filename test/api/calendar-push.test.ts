import type { Config, Payload, SanitizedConfig } from 'payload'

import { postgresAdapter, sql } from '@payloadcms/db-postgres'
import { getPayload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { findMissingCalendarSchema } from '../../src/db/calendarSchema'
import { calendarTables } from '../../src/db/calendarSchema/pushSchema'
import { drizzleOf, quietPoolErrors } from '../../src/db/pool'
import { applyConfigPatches } from '../../src/db/payloadInternals'
import { freshDatabase, query } from '../helpers/freshDatabase'
import { requestAs, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries } from '../helpers/series'

/*
 * A host in development: Payload's push (`push` left on) at every start, on a database that holds
 * the calendar's rows. drizzle-kit's push wants to drop what the schema it is given lacks, and asks
 * first when that loses data (a prompt that stops a start). The push of each start here fails the
 * start instead of asking, and the calendar's rows (a series' cancelled and moved occurrences and
 * their ids, the folded texts, the change logs) and pieces are the same after two starts.
 */
const database = freshDatabase('events_calendar_push')
const empty = freshDatabase('events_calendar_push_empty')

/** A table of the host's own that its `tablesFilter` keeps out of the push. */
const HOST_TABLE = 'host_legacy_notes'

/** The logs of changes, which any write (a start's too) adds to. */
const APPEND_ONLY = [
  'calendar_changes',
  'calendar_change_items',
  'calendar_change_rows',
  'calendar_change_traces',
]

/** A statement of a push on one of the calendar's pieces, or one that drops anything. */
const CALENDAR_STATEMENT = /calendar_|_trgm_idx|_parent_lookup_idx|start_date_id_idx|nextval|DROP/i

type PushResult = { hasDataLoss: boolean; statementsToExecute: string[]; warnings: string[] }
type Kit = { pushSchema: (...args: unknown[]) => Promise<PushResult> }

describe("a host's development push keeps the calendar's rows and pieces", () => {
  let payload: Payload
  let server: TestServer
  let admin: TestUser
  const marker = unique('push').replace(/[^a-z0-9]/gi, '')
  const started: Payload[] = []
  const pushes: PushResult[] = []

  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await requestAs(server, admin, method, path, body)
    expect(answer.status, answer.text).toBeLessThan(300)
    return answer.body as Record<string, any>
  }

  /** Every row of every calendar table (and the host's), each table's rows in one order. */
  const snapshot = async () => {
    const tables = [...calendarTables(), HOST_TABLE]
    const rows: Record<string, string[]> = {}
    for (const table of tables) {
      const { rows: found } = await query(
        database.url,
        `SELECT t::text AS row FROM "${table}" t ORDER BY 1`,
      )
      rows[table] = found.map((row) => row.row as string)
    }
    return rows
  }

  /**
   * A development start as a host's config makes it: its own adapter with `push` on (and a
   * `tablesFilter` of its own) through the plugin's patches, the app's collections and plugin.
   * drizzle-kit's answer is recorded, and a push that would ask fails the start instead.
   */
  const devStart = async (url = database.url, tablesFilter = [`!${HOST_TABLE}`]) => {
    const { default: appConfig } = await import('../../payload.config')
    const config = (await appConfig) as SanitizedConfig
    const host = postgresAdapter({
      pool: { connectionString: url },
      push: true,
      tablesFilter,
    })
    const { db } = applyConfigPatches({ db: host } as unknown as Config, { enabled: true })
    const init: typeof db.init = (args) => {
      const adapter = db.init(args) as unknown as { requireDrizzleKit: () => Kit }
      const kit = adapter.requireDrizzleKit
      adapter.requireDrizzleKit = () => {
        const real = kit()
        return {
          ...real,
          pushSchema: async (...pushArgs: unknown[]) => {
            const result = await real.pushSchema(...pushArgs)
            pushes.push(result)
            if (result.warnings.length || result.hasDataLoss)
              throw new Error(`the push would ask: ${result.warnings.join('; ')}`)
            return result
          },
        }
      }
      return adapter as never
    }
    const previous = process.env.PAYLOAD_FORCE_DRIZZLE_PUSH
    process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = 'true'
    try {
      const dev = await getPayload({
        config: { ...config, db: { ...db, init } } as SanitizedConfig,
        key: unique('dev-start'),
      })
      quietPoolErrors(dev)
      started.push(dev)
      return dev
    } finally {
      if (previous === undefined) delete process.env.PAYLOAD_FORCE_DRIZZLE_PUSH
      else process.env.PAYLOAD_FORCE_DRIZZLE_PUSH = previous
    }
  }

  beforeAll(async () => {
    await database.create()
    process.env.DATABASE_URL = database.url
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    await query(
      database.url,
      `CREATE TABLE "${HOST_TABLE}" ("id" integer PRIMARY KEY, "note" text)`,
    )
    await query(database.url, `INSERT INTO "${HOST_TABLE}" VALUES (1, 'kept by the host')`)
  })
  afterAll(async () => {
    await server?.close()
    for (const dev of started) await dev.destroy().catch(() => undefined)
    await database.drop()
    await empty.drop()
  })

  it('asks nothing and keeps every row, occurrence id and override across two starts', async () => {
    await call('POST', '/api/events', {
      title: `${marker} plain`,
      startDate: '2027-03-02T10:00:00.000Z',
      endDate: '2027-03-02T11:00:00.000Z',
      timezone: 'Europe/Paris',
      status: 'publish',
    })
    const series = Number(
      (await call('POST', '/api/events', issueWeeklySeries(`${marker} série à Genève`))).doc.id,
    )
    const { rows: occurrences } = (await drizzleOf(payload)!.execute(
      sql`SELECT id FROM calendar_occurrences WHERE event_id = ${series} ORDER BY original_start`,
    )) as { rows: { id: number }[] }
    const [, second, third] = occurrences.map((row) => Number(row.id))
    await call('PATCH', `/api/events/${series}/occurrences/${second}`, { status: 'cancelled' })
    await call('PATCH', `/api/events/${series}/occurrences/${third}`, {
      startDate: '2027-03-16T15:00:00Z',
      endDate: '2027-03-16T16:30:00Z',
    })

    const before = await snapshot()
    // What the push must keep is there to keep.
    expect(before.calendar_occurrences!.filter((row) => row.includes('cancelled'))).toHaveLength(1)
    expect(
      before.calendar_occurrences!.filter((row) => row.includes('2027-03-16 11:00')),
    ).toHaveLength(1)
    expect(before.calendar_event_folded_texts!.some((row) => row.includes('serie a geneve'))).toBe(
      true,
    )
    expect(before.calendar_change_rows!.length).toBeGreaterThan(0)
    expect(before.calendar_change_items!.length).toBeGreaterThan(0)
    expect(before.calendar_change_traces!.length).toBeGreaterThan(0)
    expect(before[HOST_TABLE]).toHaveLength(1)

    // The host's filter excludes its table, then includes only what it does not: both are kept
    // deciding beside the calendar's exclusions (with the second, the calendar's tables match it).
    const hostFilters = { first: [`!${HOST_TABLE}`], second: ['[!h]*'] }
    for (const start of ['first', 'second'] as const) {
      const dev = await devStart(database.url, hostFilters[start])
      expect(pushes, `the ${start} start pushed`).toHaveLength(start === 'first' ? 1 : 2)
      const push = pushes.at(-1)!
      expect(push.warnings, `the ${start} start's warnings`).toEqual([])
      // Payload's own tables may differ from their migrations (defaults): only the calendar's count.
      expect(
        push.statementsToExecute.filter((statement) => CALENDAR_STATEMENT.test(statement)),
        `the ${start} start's statements on the calendar's pieces`,
      ).toEqual([])
      expect(await findMissingCalendarSchema(dev)).toEqual([])
      const after = await snapshot()
      for (const [table, rows] of Object.entries(before)) {
        // The logs of changes gain the start's own (the indexes it makes again); none is lost.
        if (APPEND_ONLY.includes(table))
          expect(after[table], `${table} after the ${start} start`).toEqual(
            expect.arrayContaining(rows),
          )
        else expect(after[table], `${table} after the ${start} start`).toEqual(rows)
      }
    }
  })

  it("pushes an empty database, then the calendar's pieces are made at start and a restart keeps them", async () => {
    await empty.create()
    const pushed = pushes.length
    await devStart(empty.url)
    expect(await findMissingCalendarSchema(drizzleOf(started.at(-1)!)!)).toEqual([])
    await devStart(empty.url)
    expect(pushes).toHaveLength(pushed + 2)
    const restart = pushes.at(-1)!
    expect(restart.warnings).toEqual([])
    // The search indexes the first push made (the function they index made before it) are kept.
    expect(
      restart.statementsToExecute.filter((statement) => CALENDAR_STATEMENT.test(statement)),
    ).toEqual([])
  })
})
