import type { Pool } from 'pg'
import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import type { CalendarContext } from '../../src/calendar/context'
import type { EventsQuery, SearchTerm } from '../../src/calendar/events/eventsQuery'

import { unlockRuleFor } from '../../endpoints/events/listQuery'
import { EVENT_SEARCH_FIELDS } from '../../src/calendar/events/eventsQuery'
import { containsPattern } from '../../src/lib/searchTerms'
import { eventsSql, type SqlWhere } from '../../src/calendar/events/eventsSql'
import {
  OCCURRENCE,
  occurrenceCount,
  type OccurrenceDoc,
  occurrencePage,
} from '../../src/calendar/events/occurrences'
import type { EventDoc } from '../../src/calendar/events/eventDoc'
import { EVENTS_LIST_SORT } from '../../endpoints/events/listQuery'
import { visitorContext } from '../../src/calendar/context'
import { eventsList } from '../../src/calendar/events/loadEvents'
import { eventsWhere } from '../../src/calendar/events/eventsWhere'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { widgetWindow } from '../../src/feeds/widgetEvents'
import { poolOf } from '../../src/db/pool'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { templateCopy } from '../helpers/workerDatabase'

/*
 * A list whose events' own conditions match few events (a venue, a term, a group of series) reads
 * its page events first (`occurrencePage`): the same items in the same order as the walk of the
 * list's index, page after page, ties on the start broken by the event's post date then the id;
 * and it reads only those events' occurrences, however many others the window holds before them.
 */
describe('a page of few events’ occurrences', () => {
  let payload: Payload
  let admin: TestUser
  let pool: Pool
  const venues: number[] = []
  let categoryId: number
  let seriesId: number
  /** The statements `occurrencePage` sends, as it sends them. */
  const sent: { name?: string; text: string; values: unknown[] }[] = []
  const recording = () =>
    ({
      payload: {
        db: {
          pool: {
            query: (statement: { name?: string; text: string; values: unknown[] }) => {
              sent.push(statement)
              return pool.query(statement)
            },
          },
        },
      },
    }) as unknown as CalendarContext

  const VISITOR = {
    events: { author: null, everything: false },
    venues: { author: null, everything: false },
  }
  /** The list's window from `from` to `to`, wall times, as its dates make it. */
  const between = (from: string, to: string): EventsQuery['window'] => [
    { field: 'startLocal', operator: 'greater_than_equal', wallTime: from },
    { field: 'endLocal', operator: 'less_than_equal', wallTime: to },
  ]
  /** A visitor's search whose terms are found (none excluded). */
  const visitorSearch = (...words: string[]): EventsQuery['search'] => ({
    fields: EVENT_SEARCH_FIELDS,
    terms: words.map((word) => ({ exclude: false, pattern: containsPattern(word) })),
    unprotectedOnly: true,
  })
  const query = (extra: Partial<EventsQuery>): EventsQuery => ({
    locale: 'en',
    statuses: ['publish'],
    unlock: null,
    window: between('2027-01-01 00:00:00', '2027-12-31 23:59:59'),
    ...extra,
  })
  const walkOf = ({ text, values, walkText, with: common }: SqlWhere): SqlWhere => ({
    text,
    values,
    ...(common && { walkText, with: common }),
  })
  /** `where` without a search's first stretch of the walk: its page as `occurrencePage` reads it otherwise. */
  const withoutStretch = (where: SqlWhere): SqlWhere => ({
    ...where,
    parts: { ...where.parts!, stretch: undefined },
  })
  let tag: string

  beforeAll(async () => {
    // A database of its own, a copy of the migrated template: a whole window (up to the 2,000
    // items `/events.json` reads) holds this file's occurrences, not those files before it in
    // the worker left in the same years, which could pass that bound.
    process.env.DATABASE_URL = await templateCopy('events_calendar_test_occurrence_plans', {
      fresh: true,
    })
    payload = await getTestPayload()
    pool = poolOf(payload)!
    admin = await createUser(payload, 'administrator')
    tag = unique('fewplans')
    for (const name of ['a', 'b', 'crowded'])
      venues.push(
        (
          await payload.create({
            collection: 'venues',
            data: { name: `${tag} ${name}`, status: 'publish', author: admin.id } as never,
            overrideAccess: true,
          })
        ).id as number,
      )
    categoryId = (
      await payload.create({
        collection: 'event-categories',
        data: { name: `${tag} category` },
        overrideAccess: true,
      })
    ).id as number
    const create = (data: Record<string, unknown>) =>
      payload.create({
        collection: 'events',
        data: { timezone: 'UTC', status: 'publish', author: admin.id, ...data } as never,
        overrideAccess: true,
      })
    // Many occurrences at the crowded venue before any of the others.
    await create({
      title: `${tag} crowded daily`,
      startDate: '2027-01-01T08:00:00.000Z',
      endDate: '2027-01-01T09:00:00.000Z',
      venue: venues[2],
      recurrence: { rule: 'FREQ=DAILY;COUNT=300' },
    })
    seriesId = (
      await create({
        title: `${tag} weekly at a`,
        startDate: '2027-11-01T18:00:00.000Z',
        endDate: '2027-11-01T19:00:00.000Z',
        venue: venues[0],
        categories: [categoryId],
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=6' },
      })
    ).id as number
    // Singles starting with the series' occurrences (ties on the start), in both venues.
    for (const [index, day] of ['01', '08', '08', '15'].entries())
      await create({
        title: `${tag} single ${index}`,
        startDate: `2027-11-${day}T18:00:00.000Z`,
        endDate: `2027-11-${day}T20:00:00.000Z`,
        venue: venues[index % 2],
        categories: index === 2 ? [categoryId] : [],
      })
  })

  it('has the occurrences table vacuumed once a fiftieth of it is dead, not Postgres’s default fifth', async () => {
    // Dead rows of edited series are read past by every plan joining the table on its event.
    const { rows } = await pool.query<{ options: string[] }>(
      `SELECT reloptions AS options FROM pg_class WHERE oid = 'calendar_occurrences'::regclass`,
    )
    expect(rows[0]!.options).toEqual(
      expect.arrayContaining([
        'autovacuum_vacuum_scale_factor=0.02',
        'autovacuum_analyze_scale_factor=0.02',
      ]),
    )
  })

  it('gives the walk’s items, page after page, for a venue, two venues, a category and a group of series', async () => {
    const queries = [
      query({ venues: [venues[0]!] }),
      query({ venues: [venues[0]!, venues[1]!] }),
      query({ categories: [categoryId] }),
      query({ postParent: seriesId }),
    ]
    for (const asked of queries) {
      const where = eventsSql(asked, VISITOR as never)!
      expect(where.parts?.fewEvents).toBe(true)
      for (const limit of [1, 3, 4])
        for (let page = 1; page <= Math.ceil(12 / limit) + 1; page++)
          expect(await occurrencePage(recording(), where, { limit, page })).toEqual(
            await occurrencePage(recording(), walkOf(where), { limit, page }),
          )
    }
  })

  /** How many rows of calendar_occurrences the plan of `occurrencePage`'s last statement reads, kept or filtered out. */
  const occurrencesRead = async () => {
    const statement = sent.at(-1)!
    const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>({
      text: `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      values: statement.values,
    })
    let read = 0
    const visit = (node: Record<string, any>) => {
      if (node['Relation Name'] === 'calendar_occurrences')
        read += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      for (const child of node.Plans ?? []) visit(child)
    }
    visit((rows[0]!['QUERY PLAN'] as { Plan: Record<string, any> }[])[0]!.Plan)
    return { plan: JSON.stringify(rows[0]!['QUERY PLAN']), read }
  }

  it('reads a visitor’s search for a word few events hold events first: the walk’s items, and only their occurrences', async () => {
    await pool.query('ANALYZE calendar_occurrences, events, calendar_event_folded_texts')
    const where = eventsSql(
      query({
        search: visitorSearch(`${tag} weekly`),
      }),
      VISITOR as never,
    )!
    expect(where.parts?.fewEvents).toBe(true)
    for (const limit of [1, 3, 4])
      for (let page = 1; page <= 3; page++)
        expect(await occurrencePage(recording(), where, { limit, page })).toEqual(
          await occurrencePage(recording(), walkOf(where), { limit, page }),
        )
    sent.length = 0
    const refs = await occurrencePage(recording(), where, { limit: 3, page: 1 })
    expect(refs.map((ref) => ref.eventId)).toEqual([seriesId, seriesId, seriesId])
    // The series' six, not the crowded venue's 300 that come first in the window.
    const { plan, read } = await occurrencesRead()
    expect(read, plan).toBeLessThanOrEqual(16)
  })

  it('reads only the matched events’ occurrences, not the window’s earlier ones', async () => {
    // Statistics of this database as it is now, not as other files of the worker left them or
    // as autovacuum may renew them mid-test: the plan is then the one the data calls for.
    await pool.query('ANALYZE calendar_occurrences, events, events_rels')
    sent.length = 0
    const where = eventsSql(query({ venues: [venues[0]!] }), VISITOR as never)!
    const refs = await occurrencePage(recording(), where, { limit: 3, page: 1 })
    expect(
      refs.map((ref) => ref.eventId),
      JSON.stringify(refs),
    ).toContain(seriesId)
    const { plan, read } = await occurrencesRead()
    // The venue's own: six of the series and two singles; the crowded venue's 300 come first in the
    // window, and the walk reads them all. EXPLAIN gives a node's rows as a per-loop average,
    // rounded (8 rows over 3 loops show as 3 × 3), and the planner may read an event's window
    // whole rather than its first rows: a bound near 8, far below 300.
    expect(read, plan).toBeLessThanOrEqual(16)
  })

  /**
   * The plan of `statement` with its nodes, the planner held to the indexes (see below), or
   * `asChosen`: as the planner chooses, which on a calendar this small reads tables whole.
   */
  const planOf = async (
    statement: { text: string; values: unknown[] },
    { asChosen = false }: { asChosen?: boolean } = {},
  ) => {
    const client = await pool.connect()
    try {
      // On a calendar this small the planner may read a table whole, or one side of a join whole
      // to hash or sort it (all the texts that hold a word, where a page needs 201 of them); the
      // bounds below are what the statement needs with its indexes, as on a large calendar
      // (bench/RESULTS.md, issue 26).
      if (!asChosen) {
        await client.query('SET enable_seqscan = off')
        await client.query('SET enable_hashjoin = off')
        await client.query('SET enable_mergejoin = off')
      }
      // And its statistics, which a database filled moments ago may not have yet (a nested loop
      // planned for one event read every text again for each of 207).
      await client.query('ANALYZE events, calendar_event_folded_texts, calendar_occurrences')
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>({
        text: `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
        values: statement.values,
      })
      const nodes: Record<string, any>[] = []
      const visit = (node: Record<string, any>) => {
        nodes.push(node)
        for (const child of node.Plans ?? []) visit(child)
      }
      visit((rows[0]!['QUERY PLAN'] as { Plan: Record<string, any> }[])[0]!.Plan)
      return { nodes, text: JSON.stringify(rows[0]!['QUERY PLAN']) }
    } finally {
      await client.query('RESET enable_seqscan').catch(() => undefined)
      await client.query('RESET enable_hashjoin').catch(() => undefined)
      await client.query('RESET enable_mergejoin').catch(() => undefined)
      client.release()
    }
  }
  /** The nodes under the first node of `nodes` that `match` picks, itself included. */
  const subtree = (nodes: Record<string, any>[], match: (node: Record<string, any>) => boolean) => {
    const found: Record<string, any>[] = []
    const visit = (node: Record<string, any>) => {
      found.push(node)
      for (const child of node.Plans ?? []) visit(child)
    }
    visit(nodes.find(match)!)
    return found
  }
  /** Rows of `table` that the plan's scans read, kept or filtered out (before or after a recheck). */
  /** The rows `nodes` found in `table` that their conditions kept. */
  const matchesOf = (nodes: Record<string, any>[], table: string) =>
    nodes
      .filter((node) => node['Relation Name'] === table)
      .reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0)

  describe('a word or a category many events hold', () => {
    const MANY = 320
    const inTheirYear = (extra: Partial<EventsQuery>) =>
      query({
        window: between('2029-01-01 00:00:00', '2029-12-31 23:59:59'),
        ...extra,
      })
    let many: string
    let manyCategory: number
    const manyIds: number[] = []

    beforeAll(async () => {
      many = unique('manyword').replace(/[^a-z0-9]/gi, '')
      manyCategory = (
        await payload.create({
          collection: 'event-categories',
          data: { name: `${tag} many` },
          overrideAccess: true,
        })
      ).id as number
      const otherTag = (
        await payload.create({
          collection: 'event-tags',
          data: { name: `${tag} many tag` },
          overrideAccess: true,
        })
      ).id as number
      for (let batch = 0; batch < MANY; batch += 16)
        await Promise.all(
          Array.from({ length: Math.min(16, MANY - batch) }, async (_, index) =>
            manyIds.push(
              (
                await payload.create({
                  collection: 'events',
                  data: {
                    title: `${many} night ${batch + index}`,
                    timezone: 'UTC',
                    status: 'publish',
                    author: admin.id,
                    // An hour apart, in a year of their own: the page is their first ten.
                    startDate: new Date(Date.UTC(2029, 2, 1, batch + index)).toISOString(),
                    endDate: new Date(Date.UTC(2029, 2, 1, batch + index, 30)).toISOString(),
                    categories: [manyCategory],
                    tags: [otherTag],
                  } as never,
                  overrideAccess: true,
                })
              ).id as number,
            ),
          ),
        )
      await pool.query('VACUUM ANALYZE events_rels, calendar_event_folded_texts')
    }, 300_000)

    it('a visitor’s search for a word more than 200 events hold, whose occurrences come late in the window: a page reads those events’ first occurrences, not the window’s earlier ones', async () => {
      // From 2027: the crowded venue's 300 and the other files' occurrences come before the word's
      // 320, in 2029, which the walk met one by one, probing each one's texts.
      const searchFrom2027 = (terms: SearchTerm[]) =>
        eventsSql(
          query({
            window: between('2027-01-01 00:00:00', '2029-12-31 23:59:59'),
            search: { fields: EVENT_SEARCH_FIELDS, terms, unprotectedOnly: true },
          }),
          VISITOR as never,
        )!
      const where = searchFrom2027([{ exclude: false, pattern: containsPattern(many) }])
      expect(where.parts?.matchesFirst).toBeDefined()
      for (const limit of [1, 5])
        for (const page of [1, 2, 3])
          expect(await occurrencePage(recording(), where, { limit, page })).toEqual(
            await occurrencePage(recording(), walkOf(where), { limit, page }),
          )
      // With a second term, found in the same texts, or excluded.
      for (const second of [
        { exclude: false, pattern: containsPattern('night 3') },
        { exclude: true, pattern: containsPattern('night 3') },
      ]) {
        const both = searchFrom2027([{ exclude: false, pattern: containsPattern(many) }, second])
        for (const page of [1, 2, 3])
          expect(
            await occurrencePage(recording(), withoutStretch(both), { limit: 5, page }),
          ).toEqual(await occurrencePage(recording(), walkOf(both), { limit: 5, page }))
      }
      sent.length = 0
      // The page as read when the walk's first stretch does not give it (`firstStretch`, below).
      const refs = await occurrencePage(recording(), withoutStretch(where), { limit: 10, page: 1 })
      expect(sent).toHaveLength(1)
      const statement = sent[0]!
      expect(refs).toEqual(await occurrencePage(recording(), walkOf(where), { limit: 10, page: 1 }))
      expect(refs.every((ref) => manyIds.includes(ref.eventId))).toBe(true)
      const { nodes, text } = await planOf(statement)
      // Not the walk of the window's index, and its occurrences before the word's.
      expect(
        nodes
          .filter((node) => node['Index Name'] === 'calendar_occurrences_window_idx')
          .reduce((sum, node) => sum + node['Actual Loops'], 0),
        text,
      ).toBe(0)
      // An index descent for each of the word's events, each of which has one occurrence.
      expect(readOf(nodes, 'calendar_occurrences'), text).toBeLessThanOrEqual(MANY)
      // Their events read by key in the list's order, only until the page is full (the ten and
      // any that start with the tenth): not the 201 that told whether more than 200 match.
      expect(readOf(nodes, 'events'), text).toBeLessThanOrEqual(12)
    })

    it('a visitor’s search for a word many events hold: its first pages are the walk’s first stretch, one statement planned once per connection, without the trigram indexes', async () => {
      // From their first start: how many occurrences of other files come first is not this test's.
      const where = eventsSql(
        query({
          window: between('2029-03-01 00:00:00', '2029-12-31 23:59:59'),
          search: visitorSearch(many),
        }),
        VISITOR as never,
      )!
      expect(where.parts?.stretch).toBeDefined()
      for (const limit of [1, 3, 5])
        for (const page of [1, 2, 3])
          expect(await occurrencePage(recording(), where, { limit, page })).toEqual(
            await occurrencePage(recording(), walkOf(where), { limit, page }),
          )
      sent.length = 0
      expect(await occurrencePage(recording(), where, { limit: 10, page: 1 })).toHaveLength(10)
      // The stretch gave the page: no second statement.
      expect(sent).toHaveLength(1)
      expect(sent[0]).toMatchObject({ name: expect.stringMatching(/^calendar-occurrence-page-/) })
      const { nodes, text } = await planOf(sent[0]!)
      // Not the trigram indexes' candidates and 201 events to tell that more than 200 match
      // (the statement above): the texts of the occurrences the stretch meets, of which the page's
      // ten match, the first the hint meets and those starting with the tenth.
      expect(
        nodes.filter((node) => /_trgm_idx$/.test(node['Index Name'] ?? '')),
        text,
      ).toEqual([])
      expect(matchesOf(nodes, 'calendar_event_folded_texts'), text).toBeLessThanOrEqual(20)
      expect(matchesOf(nodes, 'events'), text).toBeLessThanOrEqual(20)
      // Its text holds no value of the page's but its sizes (`limit` × `page` rounded up), so that
      // Postgres keeps a generic plan for it rather than planning it for every page.
      const client = await pool.connect()
      try {
        const { text: statementText, values } = sent[0]!
        for (let run = 0; run < 8; run++)
          await client.query({ name: 'stretch-generic', text: statementText, values })
        const { rows } = await client.query<{ generic: string }>(
          'SELECT generic_plans AS generic FROM pg_prepared_statements WHERE name = $1',
          ['stretch-generic'],
        )
        expect(Number(rows[0]!.generic)).toBeGreaterThan(0)
      } finally {
        client.release()
      }
    })

    it('a visitor’s search: the first stretch orders occurrences that start together by their events’ post dates, as the walk does', async () => {
      // Twelve events starting together, posted in the reverse order of their ids: the stretch
      // meets them in the order of their ids, the list shows them in the order of their posting.
      const word = unique('tiedword').replace(/[^a-z0-9]/gi, '')
      const tied: number[] = []
      for (let index = 0; index < 12; index++)
        tied.push(
          (
            await payload.create({
              collection: 'events',
              data: {
                title: `${word} ${index}`,
                timezone: 'UTC',
                status: 'publish',
                author: admin.id,
                startDate: '2030-05-01T18:00:00.000Z',
                endDate: '2030-05-01T19:00:00.000Z',
              } as never,
              overrideAccess: true,
            })
          ).id as number,
        )
      await pool.query(
        `UPDATE events SET post_date = timestamptz '2030-01-01' - id * interval '1 minute' WHERE id = ANY($1::int[])`,
        [tied],
      )
      const where = eventsSql(
        query({
          window: between('2030-05-01 18:00:00', '2030-05-01 23:59:59'),
          search: visitorSearch(word),
        }),
        VISITOR as never,
      )!
      for (const limit of [1, 2, 3, 5])
        for (let page = 1; page <= Math.ceil(12 / limit) + 1; page++) {
          sent.length = 0
          const items = await occurrencePage(recording(), where, { limit, page })
          // Pages within the twelve come from the stretch alone.
          if (limit * page <= 10) expect(sent, `${limit} ${page}`).toHaveLength(1)
          expect(items, `${limit} ${page}`).toEqual(
            await occurrencePage(recording(), walkOf(where), { limit, page }),
          )
        }
      expect(
        (await occurrencePage(recording(), where, { limit: 5, page: 1 })).map(
          (item) => item.eventId,
        ),
      ).toEqual([...tied].reverse().slice(0, 5))
    })

    /** Rows of `table` that the plan's scans read, kept or filtered out. */
    const readOf = (nodes: Record<string, any>[], table: string) =>
      nodes
        .filter((node) => node['Relation Name'] === table)
        .reduce(
          (sum, node) =>
            sum +
            (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'],
          0,
        )
    const searchFor = (word: string) =>
      eventsSql(
        inTheirYear({
          search: visitorSearch(word),
        }),
        VISITOR as never,
      )!

    it('a visitor’s search: the total reads each matching event once and counts its occurrences from an index alone', async () => {
      // The visibility map as a calendar that is not being written has it, so that an index-only
      // scan is what the planner takes where one serves.
      await pool.query('VACUUM ANALYZE calendar_occurrences, events')
      const where = searchFor(many)
      sent.length = 0
      const total = await occurrenceCount(recording(), where)
      // The same as the conditions joined as one statement (the form a list without a search counts with).
      expect(total).toBe(await occurrenceCount(recording(), { ...where, parts: undefined }))
      expect(total).toBe(MANY)
      const { nodes, text } = await planOf(sent[0]!)
      // Each of the word's events read once by its key, not every event of the calendar (which
      // a join planned as one hashed, with the other files' events of the worker's database).
      expect(readOf(nodes, 'events'), text).toBeLessThanOrEqual(MANY)
      // Their occurrences counted from the index alone: their end and status are in it.
      const scans = nodes.filter((node) => node['Relation Name'] === 'calendar_occurrences')
      expect(
        scans.filter((node) => node['Actual Loops'] > 0).map((node) => node['Node Type']),
        text,
      ).toEqual(expect.arrayContaining(['Index Only Scan']))
      expect(
        scans
          .filter((node) => node['Actual Loops'] > 0 && node['Node Type'] !== 'Index Only Scan')
          .map((node) => `${node['Node Type']} ${node['Index Name']}`),
        text,
      ).toEqual(['Index Scan calendar_occurrences_duration_idx'])
    })

    it('a visitor’s search: the walk reads an event only once its texts hold the word', async () => {
      // Events 31 and 310–319 of the year's 320, an hour apart: the walk meets 300 others first.
      const where = searchFor(`${many} night 31`)
      for (const page of [1, 2, 3])
        expect(await occurrencePage(recording(), where, { limit: 5, page })).toEqual(
          await occurrencePage(recording(), walkOf(where), { limit: 5, page }),
        )
      sent.length = 0
      const refs = await occurrencePage(recording(), walkOf(where), { limit: 5, page: 1 })
      expect(refs).toHaveLength(5)
      const { nodes, text } = await planOf(sent.at(-1)!)
      // The five it shows (and the one after, which tells the page is full), not every event the
      // walk meets (which an EXISTS planned as a join read before its texts).
      expect(readOf(nodes, 'events'), text).toBeLessThanOrEqual(6)
      expect(readOf(nodes, 'calendar_occurrences'), text).toBeGreaterThan(300)
      // Its check of each event's texts compares them with the folded word as computed when the
      // statement runs (an InitPlan's value), which the planner takes for any word instead of
      // estimating it against every text column's statistics at each request.
      const checks = nodes
        .filter((node) => node['Relation Name'] === 'calendar_event_folded_texts')
        .map((node) => `${node['Index Cond'] ?? ''} ${node.Filter ?? ''}`)
      expect(checks.length, text).toBeGreaterThan(0)
      expect(
        checks.filter((check) => check.includes(" ~~ '")),
        text,
      ).toEqual([])
    })

    it('a category: whether more than 200 events match takes 201 of its events, read from its links, and no other event', async () => {
      const where = eventsSql(inTheirYear({ categories: [manyCategory] }), VISITOR as never)!
      expect(where.parts?.lead).toBeDefined()
      // Beside a condition that may match far fewer (a venue, another term), the planner chooses.
      for (const also of [{ venues: [venues[0]!] }, { tags: [manyCategory] }])
        expect(
          eventsSql(inTheirYear({ categories: [manyCategory], ...also }), VISITOR as never)!.parts
            ?.lead,
        ).toBeUndefined()
      for (const page of [1, 2])
        expect(await occurrencePage(recording(), where, { limit: 5, page })).toEqual(
          await occurrencePage(recording(), walkOf(where), { limit: 5, page }),
        )
      sent.length = 0
      expect(await occurrencePage(recording(), where, { limit: 10, page: 1 })).toHaveLength(10)
      // As the planner chooses: with the indexes alone, it found the events from the links too.
      const { nodes, text } = await planOf(sent[0]!, { asChosen: true })
      const walk = new Set(subtree(nodes, (node) => node.Alias === '*SELECT* 2'))
      const apartFromTheWalk = nodes.filter((node) => !walk.has(node))
      // Each of the 201 read once by its key, as the category's links give them, whatever the
      // planner makes of the tables' sizes: not the events before them (this file's six others at
      // least), which a read of the events hashed against all the category's links met first.
      expect(readOf(apartFromTheWalk, 'events'), text).toBe(201)
    })

    it('a category’s page is one named statement for any category, parsed once per connection', async () => {
      const pages = []
      const statements: { name?: string; text: string; values: unknown[] }[] = []
      for (const categories of [[manyCategory], [categoryId]]) {
        sent.length = 0
        pages.push(
          await occurrencePage(
            recording(),
            eventsSql(inTheirYear({ categories }), VISITOR as never)!,
            {
              limit: 10,
              page: 1,
            },
          ),
        )
        expect(sent).toHaveLength(1)
        expect(sent[0]).toMatchObject({ name: expect.stringMatching(/^calendar-occurrence-page-/) })
        statements.push(sent[0]!)
      }
      // The category is one of its values, not part of its text.
      expect(statements[1]).toMatchObject({ name: statements[0]!.name, text: statements[0]!.text })
      expect(statements[0]!.values).not.toEqual(statements[1]!.values)
      expect(pages[0]).toHaveLength(10)
      expect(pages[1]).toEqual([])
    })

    it('a category: the events its links lead are not probed for the link again', async () => {
      const where = eventsSql(inTheirYear({ categories: [manyCategory] }), VISITOR as never)!
      expect(where.parts?.lead).toBeDefined()
      sent.length = 0
      expect(await occurrencePage(recording(), where, { limit: 10, page: 1 })).toEqual(
        await occurrencePage(recording(), walkOf(where), { limit: 10, page: 1 }),
      )
      const { nodes, text } = await planOf(sent[0]!, { asChosen: true })
      const walk = new Set(subtree(nodes, (node) => node.Alias === '*SELECT* 2'))
      // Apart from the walk, the category's links are read once: the lead's one range of their
      // index, and no probe of each of the 201 events it gives for the link it came from.
      const linkReads = nodes
        .filter((node) => !walk.has(node) && node['Relation Name'] === 'events_rels')
        .reduce((sum, node) => sum + node['Actual Loops'], 0)
      expect(linkReads, text).toBe(1)
      expect(
        readOf(
          nodes.filter((node) => !walk.has(node)),
          'events',
        ),
        text,
      ).toBe(201)
    })

    it('a category: each event the walk meets is checked with one entry of an index, reading no other link', async () => {
      const where = eventsSql(inTheirYear({ categories: [manyCategory] }), VISITOR as never)!
      for (const page of [1, 2])
        expect(await occurrencePage(recording(), where, { limit: 5, page })).toEqual(
          await occurrencePage(recording(), walkOf(where), { limit: 5, page }),
        )
      // The walk's conditions on one event it meets (`parts.events`, as the events its links lead
      // are read, leaves the link out).
      const { nodes, text } = await planOf({
        text: `SELECT e.id FROM calendar_occurrences o JOIN events e ON e.id = o.event_id
          WHERE e.id = $${where.values.length + 1}::int AND ${where.text}`,
        values: [...where.values, manyIds[MANY - 1]],
      })
      // The index entries of its links that the plan reads (an index-only probe, or an index's
      // entries under a bitmap), and the rows it puts aside.
      const entries = nodes
        .filter((node) => String(node['Index Name'] ?? '').startsWith('events_rels'))
        .reduce(
          (sum, node) =>
            sum +
            (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'],
          0,
        )
      const putAside = nodes
        .filter((node) => node['Relation Name'] === 'events_rels')
        .reduce((sum, node) => sum + (node['Rows Removed by Filter'] ?? 0), 0)
      // Its link to the category, and not its tag's (every one has one), which a probe of all the
      // event's links read and put aside, nor the category's other links.
      expect({ entries, putAside }, text).toEqual({ entries: 1, putAside: 0 })
    })
  })

  /**
   * `/events.json` reads a whole window (`widgetWindow`, up to its 2,000 items): the walk's
   * occurrences, each one's event read by its key, then only the fields an item shows. The items
   * must be what the events list's own read of the window gives, field for field.
   */
  describe('a whole window, as `/events.json` reads it', () => {
    const year = (extra: Partial<EventsQuery> = {}) =>
      query({
        window: [
          { field: 'endLocal', operator: 'greater_than', wallTime: '2027-01-01 00:00:00' },
          { field: 'startLocal', operator: 'less_than', wallTime: '2028-01-01 00:00:00' },
        ],
        ...extra,
      })
    const contextIn = async (language: string) => {
      const ctx = await visitorContext(payload, pluginOptionsOf(payload), language)
      return { ...ctx, now: new Date('2026-06-01T00:00:00Z') }
    }
    /** What `widgetItem` (`src/feeds/eventsJson.ts`) reads of an event shown as an occurrence. */
    const shown = (doc: EventDoc) => {
      const pick = (item: unknown, keys: string[]) =>
        item && typeof item === 'object'
          ? Object.fromEntries(keys.map((key) => [key, (item as Record<string, unknown>)[key]]))
          : null
      return {
        ...pick(doc, [
          'id',
          'title',
          'startDate',
          'endDate',
          'timezone',
          'allDay',
          'status',
          'password',
          'slug',
        ]),
        occurrence: (doc as OccurrenceDoc)[OCCURRENCE] ?? null,
        venue: pick(doc.venue, ['id', 'name', 'status', 'password', 'slug']),
        categories: ((doc.categories as unknown[] | null | undefined) ?? [])
          .map((term) => pick(term, ['id', 'name', 'slug']))
          .filter(Boolean),
      }
    }

    it('gives the events list’s items, field for field, in each language', async () => {
      await payload.update({
        collection: 'venues',
        id: venues[0]!,
        data: { name: `${tag} salle a` } as never,
        locale: 'fr',
        overrideAccess: true,
      })
      for (const language of ['en', 'fr']) {
        const ctx = await contextIn(language)
        const asked = year({ locale: language })
        const listed = await eventsList(ctx, asked, {
          overrideAccess: false,
          req: ctx.req,
          sort: EVENTS_LIST_SORT,
          where: { and: eventsWhere(asked) },
        }).upTo(2_000)
        const read = await widgetWindow(ctx, asked, 2_000)
        expect(listed!.length).toBeGreaterThan(300)
        expect(read!.map(shown)).toEqual(listed!.map(shown))
        // More than asked for: refused, as the list's read refuses it.
        expect(await widgetWindow(ctx, asked, listed!.length - 1)).toBeNull()
      }
    })

    it('reads each occurrence’s event by its key, not every listed event of the calendar', async () => {
      const where = eventsSql(year(), VISITOR as never)!
      expect(where.parts?.fewEvents).toBe(false)
      sent.length = 0
      const refs = await occurrencePage(
        recording(),
        where,
        { limit: 2_001, page: 1 },
        { whole: true },
      )
      expect(refs).toEqual(await occurrencePage(recording(), where, { limit: 2_001, page: 1 }))
      const { nodes, text } = await planOf(sent[0]!, { asChosen: true })
      // Each read of an event is one entry of its key: joined, the planner read every event
      // (a table this small whole, a large one's listed events to hash them) before the window.
      const reads = nodes.filter((node) => node['Relation Name'] === 'events')
      expect(reads.length, text).toBeGreaterThan(0)
      for (const node of reads) {
        expect(node['Index Name'], text).toBe('events_pkey')
        expect(
          node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0),
          text,
        ).toBeLessThanOrEqual(1)
      }
      // One probe for each occurrence the walk met: each one listed, and each of the window's
      // occurrences whose event this reader may not see (other files' drafts, in a shared database).
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM calendar_occurrences
         WHERE end_local > '2027-01-01 00:00:00' AND start_local < '2028-01-01 00:00:00'`,
      )
      const probes = reads.reduce((sum, node) => sum + node['Actual Loops'], 0)
      expect(probes, text).toBeGreaterThanOrEqual(refs.length)
      expect(probes, text).toBeLessThanOrEqual(rows[0]!.n)
    })

    it('reads only what an item shows: no organizer, tag, text or term count', async () => {
      const ctx = await contextIn('en')
      const texts: { text: string; values: unknown[] }[] = []
      const query = pool.query.bind(pool)
      pool.query = ((statement: { text: string; values: unknown[] }, ...rest: unknown[]) => {
        if (typeof statement === 'object' && statement.text) texts.push(statement)
        return (query as (...args: unknown[]) => unknown)(statement, ...rest)
      }) as typeof pool.query
      let read: EventDoc[] | null | undefined
      try {
        read = await widgetWindow(ctx, year(), 2_000)
      } finally {
        pool.query = query
      }
      expect(read!.length).toBeGreaterThan(300)
      const events = texts.find((statement) => /\bshown\b/.test(statement.text))
      expect(events, texts.map((statement) => statement.text).join('\n\n')).toBeDefined()
      const { nodes, text } = await planOf(events!, { asChosen: true })
      // Not even an empty probe: the events list's read looks for each of them, event by event or term by term.
      for (const table of ['organizers', 'event_tags', 'events_texts', 'calendar_term_counts'])
        expect(
          nodes.filter((node) => node['Relation Name'] === table),
          `${table}: ${text}`,
        ).toEqual([])
    })
  })

  it('reads `geoloc=1` in SQL where a venue’s password blanks its coordinates, for a visitor and a contributor, with a venue and a category', () => {
    const unlock = unlockRuleFor(payload, { password: null })
    // What made the SQL leave these queries to Payload, whose joins for each lock a contributor's query multiplied.
    expect(unlock!.locks['venue.latitude']).toContain('venue')
    const contributor = {
      events: { author: admin.id, everything: false },
      venues: { author: admin.id, everything: false },
    }
    for (const scope of [VISITOR, contributor]) {
      const where = eventsSql(
        query({ geoloc: true, venues: [venues[0]!], categories: [categoryId], unlock }),
        scope as never,
      )
      expect(where?.text).toContain('v.latitude IS NOT NULL')
    }
  })
})
