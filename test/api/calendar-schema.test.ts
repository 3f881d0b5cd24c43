import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { drizzle } from '@payloadcms/db-postgres/drizzle/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'

import {
  applyCalendarSchema,
  calendarSchemaPieces,
  describePiece,
  dropCalendarSchema,
  findMissingCalendarSchema,
} from '../../src/db/calendarSchema'
import { ensureCalendarSchemaOnInit, missingSchemaMessage } from '../../src/db/calendarSchemaOnInit'
import { calendarSchemaDown, calendarSchemaUp } from '../../src/exports/migrations'
import * as initial from '../../src/migrations/20261121_014424_initial'
import * as descriptionText from '../../src/migrations/20261121_020136_description_text'
import * as mediaStorageFields from '../../src/migrations/20261123_221005_media_storage_fields'
import * as summaryText from '../../src/migrations/20261124_030622_summary_text'
import { getTestPayload } from '../helpers/payload'

const DATABASE = 'events_calendar_host_schema'

/**
 * A host's database: only the tables Payload generates from the collections (the app's generated
 * migrations), none of the calendar's own pieces, as a host app that uses the plugin has them.
 */
describe("the calendar's database pieces in a host's database", () => {
  const admin = new URL(inject('postgresUrl'))
  admin.pathname = '/postgres'
  const target = new URL(admin)
  target.pathname = `/${DATABASE}`
  const pools: pg.Pool[] = []
  const connect = () => {
    const pool = new pg.Pool({ connectionString: target.toString(), max: 4 })
    // The database is dropped WITH (FORCE) at the end: a connection it ends is expected.
    pool.on('error', () => undefined)
    pools.push(pool)
    return drizzle({ client: pool })
  }
  const query = async (url: URL, text: string) => {
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    try {
      return await client.query(text)
    } finally {
      await client.end()
    }
  }
  let db: ReturnType<typeof connect>
  const everyPiece = calendarSchemaPieces().map(describePiece)

  beforeAll(async () => {
    await query(admin, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)
    await query(admin, `CREATE DATABASE "${DATABASE}"`)
    db = connect()
    for (const generated of [initial, descriptionText, mediaStorageFields, summaryText]) {
      await generated.up({ db, payload: undefined, req: undefined } as never)
    }
  })
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
    await query(admin, `DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)
  })

  it('lists every piece as missing where only Payload made the tables', async () => {
    const missing = await findMissingCalendarSchema(db)
    expect(missing).toEqual(everyPiece)
    // By name, each kind of thing the issue found missing in a host.
    expect(missing).toEqual(
      expect.arrayContaining([
        'sequence calendar_post_ids',
        'sequence calendar_term_ids',
        'default of events.id (nextval of calendar_post_ids)',
        'trigger venues_claim_shared_id on venues',
        'table calendar_changes',
        'trigger events_log_change on events',
        'table calendar_term_counts',
        'trigger events_rels_count_added on events_rels',
        'index events_locales_parent_lookup_idx',
        'trigram index events_slug_trgm_idx',
      ]),
    )
    expect(missingSchemaMessage(calendarSchemaPieces())).toMatch(
      /calendarSchemaUp\(\{ db, payload, req \}\)/,
    )
  })

  it('applies idempotently: twice in a row, then from two connections at once, and nothing is missing', async () => {
    await applyCalendarSchema(db)
    await applyCalendarSchema(db)
    expect(await findMissingCalendarSchema(db)).toEqual([])
    await Promise.all([applyCalendarSchema(connect()), applyCalendarSchema(connect())])
    expect(await findMissingCalendarSchema(db)).toEqual([])
    const triggers = await query(
      target,
      "SELECT tgname, count(*)::int AS n FROM pg_trigger WHERE tgname LIKE '%_log_change' OR tgname LIKE '%_shared_id' GROUP BY 1 HAVING count(*) > 1",
    )
    expect(triggers.rows).toEqual([])
  })

  it('gives events, venues and organizers one id space, and categories and tags another', async () => {
    const event = await query(
      target,
      "INSERT INTO events (start_date, end_date, timezone) VALUES (now(), now(), 'UTC') RETURNING id",
    )
    const venue = await query(target, "INSERT INTO venues (status) VALUES ('draft') RETURNING id")
    const organizer = await query(
      target,
      "INSERT INTO organizers (status) VALUES ('draft') RETURNING id",
    )
    const ids = [event, venue, organizer].map((result) => result.rows[0].id)
    expect(new Set(ids).size).toBe(3)
    const category = await query(target, 'INSERT INTO event_categories DEFAULT VALUES RETURNING id')
    const tag = await query(target, 'INSERT INTO event_tags DEFAULT VALUES RETURNING id')
    expect(tag.rows[0].id).not.toBe(category.rows[0].id)
    // An explicit id (an import keeps the original's) moves the sequence past it…
    await query(target, "INSERT INTO venues (id, status) VALUES (500, 'draft')")
    const next = await query(
      target,
      "INSERT INTO organizers (status) VALUES ('draft') RETURNING id",
    )
    expect(next.rows[0].id).toBe(501)
    // …and an id another collection of the group uses is refused.
    await expect(
      query(target, "INSERT INTO organizers (id, status) VALUES (500, 'draft')"),
    ).rejects.toThrow(/already used in venues/)
  })

  it('moves a sequence only forward when applied again after deletes', async () => {
    await query(target, 'DELETE FROM organizers WHERE id = 501')
    await applyCalendarSchema(db)
    const next = await query(target, "INSERT INTO venues (status) VALUES ('draft') RETURNING id")
    expect(next.rows[0].id).toBe(502)
  })

  it("runs in a host migration's transaction: down removes every piece, up brings them back", async () => {
    await db.transaction(async (tx) =>
      calendarSchemaDown({ db: tx, payload: undefined, req: undefined }),
    )
    expect(await findMissingCalendarSchema(db)).toEqual(everyPiece)
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`)
      await calendarSchemaUp({ db: tx, payload: undefined, req: undefined })
    })
    expect(await findMissingCalendarSchema(db)).toEqual([])
  })

  it('counts published events per term from the links already there when applied late', async () => {
    await dropCalendarSchema(db)
    const term = await query(target, 'INSERT INTO event_categories DEFAULT VALUES RETURNING id')
    const event = await query(
      target,
      "INSERT INTO events (start_date, end_date, timezone, status) VALUES (now(), now(), 'UTC', 'publish') RETURNING id",
    )
    await query(
      target,
      `INSERT INTO events_rels ("order", parent_id, path, event_categories_id) VALUES (1, ${event.rows[0].id}, 'categories', ${term.rows[0].id})`,
    )
    await applyCalendarSchema(db)
    await applyCalendarSchema(db)
    const counted = await query(
      target,
      `SELECT sum(delta)::int AS n FROM calendar_term_counts WHERE term_id = ${term.rows[0].id}`,
    )
    expect(counted.rows[0].n).toBe(1)
  })

  it("logs changes to a host's media collection under another slug (the tables the events' image points at)", async () => {
    await dropCalendarSchema(db)
    await query(
      target,
      'ALTER TABLE media RENAME TO pictures; ALTER TABLE media_locales RENAME TO pictures_locales',
    )
    try {
      await applyCalendarSchema(db)
      const triggers = await query(
        target,
        "SELECT tgname FROM pg_trigger WHERE tgname IN ('pictures_log_change', 'pictures_locales_log_change') ORDER BY 1",
      )
      expect(triggers.rows.map((row) => row.tgname)).toEqual([
        'pictures_locales_log_change',
        'pictures_log_change',
      ])
      const before = await query(target, 'SELECT count(*)::int AS n FROM calendar_changes')
      await query(target, "INSERT INTO pictures (filename) VALUES ('renamed.png')")
      const after = await query(target, 'SELECT count(*)::int AS n FROM calendar_changes')
      expect(after.rows[0].n).toBe(before.rows[0].n + 1)
      await dropCalendarSchema(db)
      expect(
        (await query(target, "SELECT tgname FROM pg_trigger WHERE tgname LIKE 'pictures%'")).rows,
      ).toEqual([])
    } finally {
      await query(
        target,
        'ALTER TABLE pictures RENAME TO media; ALTER TABLE pictures_locales RENAME TO media_locales',
      )
      await applyCalendarSchema(db)
    }
  })

  it('applies to a host whose media collection has no translated fields (no media_locales): that index is neither made nor expected', async () => {
    await dropCalendarSchema(db)
    await query(target, 'DROP TABLE media_locales CASCADE')
    await applyCalendarSchema(db)
    expect(await findMissingCalendarSchema(db)).toEqual([])
    const indexes = await query(
      target,
      "SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_parent_lookup_idx'",
    )
    expect(indexes.rows.map((row) => row.indexname)).toContain('events_locales_parent_lookup_idx')
    expect(indexes.rows.map((row) => row.indexname)).not.toContain(
      'media_locales_parent_lookup_idx',
    )
  })
})

describe("the app's own database, fully migrated", () => {
  let payload: Payload
  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('has every piece, and the start-up check says so in one query', async () => {
    expect(await findMissingCalendarSchema(payload)).toEqual([])
    expect(await ensureCalendarSchemaOnInit(payload)).toEqual({ status: 'complete' })
  })

  it('fills the order columns a development push added empty to the rows already there, at start', async () => {
    const event = await payload.create({
      collection: 'events',
      data: {
        title: 'Pushed before its order columns',
        startDate: '2031-03-01T09:00:00.000Z',
        endDate: '2031-03-01T10:00:00.000Z',
        timezone: 'Europe/Paris',
        status: 'publish',
      } as never,
    })
    const venue = await payload.create({
      collection: 'venues',
      data: { name: 'Pushed hall', status: 'publish' } as never,
    })
    const db = (
      payload.db as unknown as {
        drizzle: { execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }> }
      }
    ).drizzle
    const read = async () => ({
      event: (
        await db.execute(
          sql`SELECT "start_local", "end_local", "post_date" FROM "events" WHERE "id" = ${event.id}`,
        )
      ).rows[0],
      venue: (await db.execute(sql`SELECT "post_date" FROM "venues" WHERE "id" = ${venue.id}`))
        .rows[0],
    })
    const written = await read()
    expect(written.event).toMatchObject({
      start_local: '2031-03-01 10:00:00',
      end_local: '2031-03-01 11:00:00',
    })
    expect(written.event!.post_date).toBeTruthy()
    expect(written.venue!.post_date).toBeTruthy()
    // What a push leaves: the columns there, empty.
    await db.execute(
      sql`UPDATE "events" SET "start_local" = NULL, "end_local" = NULL, "post_date" = NULL WHERE "id" = ${event.id}`,
    )
    await db.execute(sql`UPDATE "venues" SET "post_date" = NULL WHERE "id" = ${venue.id}`)
    const adapter = payload.db as unknown as { push?: boolean }
    const push = adapter.push
    try {
      adapter.push = false
      expect(await ensureCalendarSchemaOnInit(payload)).toEqual({ status: 'complete' })
      // Migrated databases are left to their migrations.
      expect((await read()).event!.start_local).toBeNull()
      adapter.push = true
      expect(await ensureCalendarSchemaOnInit(payload)).toEqual({ status: 'complete' })
    } finally {
      adapter.push = push
    }
    expect(await read()).toEqual(written)
    // The database is every test file's: nothing of this one stays in other files' lists.
    await payload.delete({ collection: 'events', id: event.id })
    await payload.delete({ collection: 'venues', id: venue.id })
  })
})
