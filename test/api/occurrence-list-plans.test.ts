import type { Pool } from 'pg'
import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import type { CalendarContext } from '../../src/calendar/context'
import type { EventsQuery } from '../../src/calendar/events/eventsQuery'

import { unlockRuleFor } from '../../endpoints/events/listQuery'
import { EVENT_SEARCH_FIELDS } from '../../src/calendar/events/eventsQuery'
import { containsPattern } from '../../src/lib/searchTerms'
import { eventsSql, type SqlWhere } from '../../src/calendar/events/eventsSql'
import { occurrencePage } from '../../src/calendar/events/occurrences'
import { poolOf } from '../../src/db/pool'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

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
  const sent: { text: string; values: unknown[] }[] = []
  const recording = () =>
    ({
      payload: {
        db: {
          pool: {
            query: (statement: { text: string; values: unknown[] }) => {
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
  const query = (extra: Partial<EventsQuery>): EventsQuery => ({
    locale: 'en',
    statuses: ['publish'],
    unlock: null,
    window: [
      { field: 'startLocal', operator: 'greater_than_equal', wallTime: '2027-01-01 00:00:00' },
      { field: 'endLocal', operator: 'less_than_equal', wallTime: '2027-12-31 23:59:59' },
    ],
    ...extra,
  })
  const walkOf = ({ text, values, walkText, with: common }: SqlWhere): SqlWhere => ({
    text,
    values,
    ...(common && { walkText, with: common }),
  })
  let tag: string

  beforeAll(async () => {
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
        search: {
          fields: EVENT_SEARCH_FIELDS,
          terms: [{ exclude: false, pattern: containsPattern(`${tag} weekly`) }],
          unprotectedOnly: true,
        },
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
    const statement = sent.at(-1)!
    const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>({
      text: `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      values: statement.values,
    })
    // Every row of calendar_occurrences that a scan read, kept or filtered out.
    let read = 0
    const visit = (node: Record<string, any>) => {
      if (node['Relation Name'] === 'calendar_occurrences')
        read += (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops']
      for (const child of node.Plans ?? []) visit(child)
    }
    visit((rows[0]!['QUERY PLAN'] as { Plan: Record<string, any> }[])[0]!.Plan)
    // The venue's own: six of the series and two singles; the crowded venue's 300 come first in the
    // window, and the walk reads them all. EXPLAIN gives a node's rows as a per-loop average,
    // rounded (8 rows over 3 loops show as 3 × 3), and the planner may read an event's window
    // whole rather than its first rows: a bound near 8, far below 300.
    expect(read, JSON.stringify(rows[0]!['QUERY PLAN'])).toBeLessThanOrEqual(16)
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
