import type { Payload } from 'payload'

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { CalendarContext } from '../../src/calendar/context'
import type { EventsQuery, WindowBound } from '../../src/calendar/events/eventsQuery'
import type { PostStatus } from '../../src/types'

import {
  EVENTS_LIST_SORT,
  unlockRuleFor,
  withOccurrencesForPayload,
} from '../../endpoints/events/listQuery'
import { EVENT_SEARCH_FIELDS } from '../../src/calendar/events/eventsQuery'
import { eventsWhere } from '../../src/calendar/events/eventsWhere'
import { leanListApplies } from '../../src/calendar/events/leanList'
import { eventsList } from '../../src/calendar/events/loadEvents'
import { poolOf } from '../../src/db/pool'
import { containsPattern } from '../../src/lib/searchTerms'
import { htmlToLexical } from '../../src/lib/richText'
import { sanitizeOptions } from '../../src/sanitizeOptions'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { inReadMode } from '../helpers/readModes'
import {
  READ_SCOPES,
  readerName,
  type ReadScopeName,
  readScopeContexts,
} from '../helpers/readScopes'
import { templateCopy } from '../helpers/workerDatabase'

/*
 * The events list's one query model (`src/calendar/events/eventsQuery.ts`) read both ways, as the
 * list reads it (`eventsList`): with the plugin's `reads.sql` on, in SQL of our own (`eventsSql.ts`,
 * with the read scope), and with it off, through Payload's `where` (`eventsWhere.ts`, read by
 * Payload with the collection's access) and the occurrences of the events it finds. Over generated
 * queries (statuses, ids of events and occurrences, windows, searches with exclusions, every
 * filter, series once, `post_parent`, the unlocking rule, two languages) on a seeded calendar of
 * single events and series (split, with cancelled, moved and retitled occurrences) in every status,
 * trashed, protected and translated or not, for a visitor, a contributor, an author and an editor,
 * both give the same items in the same order and the same total. When the SQL declines a query,
 * Payload reads it in both modes (counted, nothing to compare).
 */

const STATUSES: PostStatus[] = ['publish', 'draft', 'pending', 'future', 'private', 'trash']
const PASSWORD = 'open sesame'
const RUNS = Number(process.env.QUERY_MODEL_RUNS) || 50

describe('events query model: the Payload `where` and the SQL give the same list', () => {
  let payload: Payload
  const tag = unique('qm').replace(/[^a-z0-9]/gi, '')
  let contexts: Record<ReadScopeName, (locale: string) => Promise<CalendarContext>>
  let api: TestServer
  let admin: TestUser
  const seeded = {
    categories: [] as number[],
    events: [] as number[],
    /** Occurrences other than an event's own id (series' later ones, a split half's). */
    occurrences: [] as number[],
    /** Ids whose `post_parent` group is a series (roots and split halves). */
    series: [] as number[],
    organizers: [] as number[],
    tags: [] as number[],
    venues: [] as number[],
  }
  let declined = 0
  let compared = 0

  beforeAll(async () => {
    // A database of its own, a copy of the migrated template: the generated queries are judged on
    // the events this file seeds, not on what files before it in this worker left behind.
    process.env.DATABASE_URL = await templateCopy('events_calendar_test_query_model', {
      fresh: true,
    })
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    const read = await readScopeContexts(payload)
    const users = read.users
    contexts = read.contexts
    const authors = [admin.id, users.author.id, users.contributor.id]
    for (const [index, name] of ['Jazz', 'Théâtre', 'Cinema'].entries()) {
      seeded.categories.push(
        (
          await payload.create({
            collection: 'event-categories',
            data: { name: `${tag} ${name} ${index}` },
            overrideAccess: true,
          })
        ).id as number,
      )
      seeded.tags.push(
        (
          await payload.create({
            collection: 'event-tags',
            data: { name: `${tag} tag ${index}` },
            overrideAccess: true,
          })
        ).id as number,
      )
    }
    // Venues with and without coordinates, in several statuses, one protected.
    const venueData = [
      { status: 'publish', latitude: 48.85, longitude: 2.35 },
      { status: 'publish' },
      { status: 'draft', latitude: 45.76, longitude: 4.83, author: users.author.id },
      { status: 'publish', latitude: 43.3, longitude: 5.37, password: PASSWORD },
      { status: 'private', latitude: 50.63, longitude: 3.06 },
    ]
    for (const [index, data] of venueData.entries()) {
      seeded.venues.push(
        (
          await payload.create({
            collection: 'venues',
            data: { name: `${tag} venue ${index}`, author: admin.id, ...data } as never,
            overrideAccess: true,
          })
        ).id as number,
      )
    }
    for (const status of ['publish', 'draft']) {
      seeded.organizers.push(
        (
          await payload.create({
            collection: 'organizers',
            data: { name: `${tag} organizer ${status}`, status, author: admin.id } as never,
            overrideAccess: true,
          })
        ).id as number,
      )
    }
    const words = ['jazz night', 'théâtre antique', 'cinéma muet', 'open air', 'jazz brunch']
    for (let index = 0; index < 24; index++) {
      const status = STATUSES[index % STATUSES.length]!
      const day = String(1 + (index % 9)).padStart(2, '0')
      const event = await payload.create({
        collection: 'events',
        data: {
          title: `${tag} ${words[index % words.length]} ${index}`,
          excerpt: index % 3 === 0 ? `${words[(index + 2) % words.length]} excerpt` : '',
          description: await htmlToLexical(
            `<p>${words[(index + 1) % words.length]} described</p>`,
            payload.config,
          ),
          startDate: `2027-05-${day}T${String(8 + (index % 5)).padStart(2, '0')}:00:00.000Z`,
          endDate: `2027-05-${day}T${String(13 + (index % 5)).padStart(2, '0')}:00:00.000Z`,
          timezone: index % 2 ? 'Europe/Paris' : 'America/New_York',
          status: status === 'trash' ? 'publish' : status,
          ...(status === 'future' ? { publishedAt: '2030-01-01T00:00:00.000Z' } : {}),
          author: authors[index % authors.length],
          venue: index % 7 === 6 ? null : seeded.venues[index % seeded.venues.length],
          organizers: index % 4 === 0 ? [] : [seeded.organizers[index % 2]],
          categories: index % 5 === 4 ? [] : [seeded.categories[index % 3]],
          tags: index % 2 ? [seeded.tags[index % 3]] : [],
          featured: index % 3 === 1,
          hideFromListings: index === 5,
          ...(index % 4 === 1 ? { password: PASSWORD } : {}),
        } as never,
        overrideAccess: true,
      })
      if (status === 'trash')
        await payload.update({
          collection: 'events',
          id: event.id,
          data: { status: 'trash' } as never,
          overrideAccess: true,
        })
      // A French title for some, none for others (a search in French reads French texts only).
      if (index % 2 === 0)
        await payload.update({
          collection: 'events',
          id: event.id,
          locale: 'fr',
          data: { title: `${tag} ${words[(index + 3) % words.length]} fr ${index}` } as never,
          overrideAccess: true,
        })
      seeded.events.push(event.id as number)
    }
    await seedSeries(authors)
  })
  afterAll(() => api?.close())

  /** "This occurrence" or "this and following" as an editor makes it (docs/recurrence.md, "Exceptions and edits"). */
  const editOccurrence = async (eventId: number, id: number, body: Record<string, unknown>) => {
    const response = await fetch(`${api.url}/api/events/${eventId}/occurrences/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: JSON.stringify(body),
    })
    const answer = (await response.json()) as { event: number }
    expect(response.status, JSON.stringify(answer)).toBe(200)
    return answer.event
  }
  const occurrencesOf = async (eventId: number): Promise<number[]> =>
    (
      await poolOf(payload)!.query<{ id: number }>(
        'SELECT id FROM calendar_occurrences WHERE event_id = $1 ORDER BY original_start',
        [eventId],
      )
    ).rows.map((row) => Number(row.id))

  /**
   * Series across the generated windows, in every status, protected, trashed and translated or
   * not, and their exceptions: a first occurrence cancelled, another moved out of its event's
   * dates, one moved into other days and retitled, one series split ("this and following") into a
   * second half whose occurrences are not at its event's id, a single event's one occurrence moved.
   */
  async function seedSeries(authors: number[]) {
    const series = [
      { status: 'publish', rule: 'FREQ=DAILY;COUNT=6', day: 2, edits: ['cancelFirst'] },
      {
        status: 'publish',
        rule: 'FREQ=DAILY;INTERVAL=2;COUNT=4',
        day: 1,
        edits: ['retitle', 'split'],
      },
      {
        status: 'publish',
        rule: 'FREQ=DAILY;COUNT=3',
        day: 3,
        edits: ['moveFirst'],
        password: true,
      },
      { status: 'draft', rule: 'FREQ=DAILY;COUNT=3', day: 4, edits: ['cancelMiddle'] },
      { status: 'private', rule: 'FREQ=DAILY;COUNT=4', day: 5, edits: ['split'] },
      { status: 'pending', rule: 'FREQ=DAILY;COUNT=3', day: 6, edits: [] },
      { status: 'future', rule: 'FREQ=DAILY;COUNT=3', day: 2, edits: ['cancelFirst'] },
      { status: 'trash', rule: 'FREQ=DAILY;COUNT=3', day: 7, edits: [] },
      { status: 'publish', rule: 'FREQ=DAILY;COUNT=2', day: 8, edits: ['moveFirst'], hidden: true },
    ]
    const words = ['jazz series', 'théâtre saison', 'cinéma cycle']
    for (const [index, item] of series.entries()) {
      const day = String(item.day).padStart(2, '0')
      const hour = String(9 + (index % 4)).padStart(2, '0')
      const event = await payload.create({
        collection: 'events',
        data: {
          title: `${tag} ${words[index % words.length]} s${index}`,
          startDate: `2027-05-${day}T${hour}:00:00.000Z`,
          endDate: `2027-05-${day}T${hour}:30:00.000Z`,
          timezone: 'UTC',
          status: item.status === 'trash' ? 'publish' : item.status,
          ...(item.status === 'future' ? { publishedAt: '2030-01-01T00:00:00.000Z' } : {}),
          author: authors[index % authors.length],
          venue: seeded.venues[index % seeded.venues.length],
          categories: [seeded.categories[index % 3]],
          organizers: index % 2 ? [seeded.organizers[0]] : [],
          featured: index % 2 === 0,
          ...(item.password ? { password: PASSWORD } : {}),
          ...(item.hidden ? { hideFromListings: true } : {}),
          recurrence: { rule: item.rule },
        } as never,
        overrideAccess: true,
      })
      const id = event.id as number
      if (index % 2)
        await payload.update({
          collection: 'events',
          id,
          locale: 'fr',
          data: { title: `${tag} ${words[(index + 1) % words.length]} fr s${index}` } as never,
          overrideAccess: true,
        })
      const occurrences = await occurrencesOf(id)
      const moveTo = (date: string) => ({
        startDate: `${date}T20:00:00.000Z`,
        endDate: `${date}T21:00:00.000Z`,
      })
      for (const edit of item.edits) {
        if (edit === 'cancelFirst') await editOccurrence(id, id, { status: 'cancelled' })
        if (edit === 'cancelMiddle')
          await editOccurrence(id, occurrences[1]!, { status: 'cancelled' })
        if (edit === 'moveFirst') await editOccurrence(id, id, moveTo('2027-05-10'))
        if (edit === 'retitle') {
          await editOccurrence(id, occurrences[1]!, moveTo('2027-05-09'))
          await editOccurrence(id, occurrences[1]!, { title: 'jazz guest' })
        }
        if (edit === 'split') {
          const half = await editOccurrence(id, occurrences[2]!, {
            scope: 'following',
            title: `${tag} second half s${index}`,
          })
          seeded.events.push(half)
          seeded.series.push(half)
        }
      }
      if (item.status === 'trash')
        await payload.update({
          collection: 'events',
          id,
          data: { status: 'trash' } as never,
          overrideAccess: true,
        })
      seeded.events.push(id)
      seeded.series.push(id)
    }
    // A single event's one occurrence, moved to another day than its event's.
    const single = seeded.events[0]!
    await editOccurrence(single, single, {
      startDate: '2027-05-10T06:00:00.000Z',
      endDate: '2027-05-10T07:00:00.000Z',
    })
    const { rows } = await poolOf(payload)!.query<{ id: number }>(
      'SELECT id FROM calendar_occurrences WHERE event_id = ANY($1::int[]) AND id <> event_id',
      [seeded.events],
    )
    seeded.occurrences.push(...rows.map((row) => Number(row.id)))
  }
  afterAll(() => {
    console.log(
      `events query model: ${compared} queries compared, ${declined} left to Payload by the SQL`,
    )
  })

  /** Some of `list`; now and then none (an empty list matches nothing). */
  const ids = (list: number[]) =>
    fc.oneof(
      { arbitrary: fc.subarray(list, { minLength: 1 }), weight: 9 },
      { arbitrary: fc.constant([]), weight: 1 },
    )
  const wallTime = fc
    .record({ day: fc.integer({ min: 1, max: 10 }), hour: fc.integer({ min: 0, max: 23 }) })
    .map(
      ({ day, hour }) =>
        `2027-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00`,
    )
  const bound: fc.Arbitrary<WindowBound> = fc.record({
    field: fc.constantFrom('startLocal' as const, 'endLocal' as const),
    operator: fc.constantFrom(
      'greater_than' as const,
      'greater_than_equal' as const,
      'less_than' as const,
      'less_than_equal' as const,
    ),
    wallTime,
  })
  const term = fc.record({
    exclude: fc.boolean(),
    text: fc.constantFrom(
      'jazz',
      'THEATRE',
      'théâtre',
      'cinéma',
      'air',
      'excerpt',
      'described',
      'fr',
      tag,
      'nowhere',
    ),
  })

  /** Absent three times in four: a query has a few filters, as lists are asked. */
  const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
    fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 })

  /** A query as the list's arguments could make it, with the unlocking rule of one of the callers. */
  const queries = () =>
    fc.record({
      statuses: fc.option(fc.subarray(STATUSES, { minLength: 1 }), { nil: null }),
      include: maybe(ids([...seeded.events, ...seeded.occurrences])),
      window: fc.array(bound, { maxLength: 2 }),
      search: maybe(
        fc.record({
          terms: fc.array(term, { minLength: 1, maxLength: 3 }),
          unprotectedOnly: fc.boolean(),
        }),
      ),
      categories: maybe(ids(seeded.categories)),
      tags: maybe(ids(seeded.tags)),
      venues: maybe(ids(seeded.venues)),
      organizers: maybe(ids(seeded.organizers)),
      featured: maybe(fc.boolean()),
      geoloc: maybe(fc.boolean()),
      nearVenues: maybe(ids(seeded.venues)),
      seriesOnce: maybe(fc.constant(true)),
      postParent: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 12 },
        { arbitrary: fc.constantFrom(0, seeded.events[0]!, ...seeded.series), weight: 1 },
      ),
      unlock: fc.constantFrom<true | { password: null | string }>(
        true,
        { password: null },
        { password: PASSWORD },
        { password: 'wrong' },
      ),
      locale: fc.constantFrom('en', 'fr'),
      page: fc.integer({ min: 1, max: 2 }),
    })

  type Generated = Omit<Partial<EventsQuery>, 'search' | 'unlock'> &
    Pick<EventsQuery, 'locale' | 'statuses' | 'window'> & {
      page: number
      search?: { terms: { exclude: boolean; text: string }[]; unprotectedOnly: boolean }
      unlock: true | { password: null | string }
    }
  const toQuery = (generated: Generated): EventsQuery => {
    const { page: _page, search, unlock, ...rest } = generated
    return {
      ...rest,
      search: search && {
        fields: EVENT_SEARCH_FIELDS,
        terms: search.terms.map(({ exclude, text }) => ({
          exclude,
          pattern: containsPattern(text),
        })),
        unprotectedOnly: search.unprotectedOnly,
      },
      unlock: unlockRuleFor(payload, unlock),
    }
  }

  /**
   * The page and total of the list as it reads `query` in one mode (`reads.sql`), and whether the
   * SQL read it: the query as the list completes it (`withOccurrencesForPayload`), then `eventsList`.
   */
  const readIn = (sql: boolean, scope: ReadScopeName, query: EventsQuery, page: number) =>
    inReadMode(payload, sql, async () => {
      const ctx = await contexts[scope](query.locale)
      const events = await withOccurrencesForPayload(ctx, query)
      const list = eventsList(ctx, events, {
        overrideAccess: false,
        req: ctx.req,
        sort: EVENTS_LIST_SORT,
        where: { and: eventsWhere(events) },
      })
      const [docs, total] = await Promise.all([list.page({ limit: 7, page }), list.count()])
      return { ids: docs.map((doc) => doc.id), lean: leanListApplies(ctx, events), total }
    })

  /** The page and total through Payload, and through the SQL (`undefined` when it declines). */
  const bothWays = async (scope: ReadScopeName, query: EventsQuery, page: number) => {
    const { lean, ...sql } = await readIn(true, scope, query, page)
    const { lean: _never, ...expected } = await readIn(false, scope, query, page)
    return { payload: expected, sql: lean ? sql : undefined }
  }

  for (const scope of READ_SCOPES) {
    it(`gives the same ids in the same order and the same total for ${readerName(scope)}`, async () => {
      let matched = 0
      await fc.assert(
        fc.asyncProperty(queries(), async (generated) => {
          const query = toQuery(generated)
          const { payload: expected, sql } = await bothWays(scope, query, generated.page)
          compared++
          if (!sql) {
            declined++
            return
          }
          if (expected.total) matched++
          expect(sql).toEqual(expected)
        }),
        { numRuns: RUNS },
      )
      // The generated queries find events, not only empty lists.
      expect(matched).toBeGreaterThan(0)
    })
  }

  it('lists the occurrences where they are in both modes: not a cancelled first one, a moved one at its new dates', async () => {
    const day = (date: string): WindowBound[] => [
      { field: 'startLocal', operator: 'greater_than_equal', wallTime: `${date} 00:00:00` },
      { field: 'startLocal', operator: 'less_than_equal', wallTime: `${date} 23:59:59` },
    ]
    const only = (text: string, window: WindowBound[]) =>
      toQuery({
        statuses: null,
        window,
        search: { terms: [{ exclude: false, text }], unprotectedOnly: true },
        unlock: { password: null },
        locale: 'en',
        page: 1,
      })
    for (const sql of [true, false]) {
      // The first series' first occurrence (2 May) is cancelled: a visitor sees nothing that day.
      const cancelled = await readIn(sql, 'visitor', only('series s0', day('2027-05-02')), 1)
      expect(cancelled, `reads.sql ${sql}`).toMatchObject({ ids: [], total: 0 })
      // The first single event, on 1 May, has its one occurrence moved to 10 May (02:00 in New York).
      const moved = await readIn(sql, 'visitor', only('jazz night 0', day('2027-05-10')), 1)
      expect(moved, `reads.sql ${sql}`).toMatchObject({ ids: [seeded.events[0]], total: 1 })
      const before = await readIn(sql, 'visitor', only('jazz night 0', day('2027-05-01')), 1)
      expect(before, `reads.sql ${sql}`).toMatchObject({ ids: [], total: 0 })
    }
  })

  it('reads in SQL a query of every filter it writes, with the unlocking rule', async () => {
    // So that the property above compares two engines, not Payload with itself.
    const query = toQuery({
      statuses: ['publish', 'private'],
      window: [
        { field: 'startLocal', operator: 'greater_than_equal', wallTime: '2027-05-01T00:00:00' },
      ],
      search: {
        terms: [
          { exclude: false, text: 'jazz' },
          { exclude: true, text: 'brunch' },
        ],
        unprotectedOnly: false,
      },
      categories: seeded.categories,
      tags: seeded.tags,
      venues: seeded.venues,
      organizers: seeded.organizers,
      featured: false,
      nearVenues: seeded.venues,
      unlock: { password: PASSWORD },
      locale: 'en',
      page: 1,
    })
    const { sql } = await bothWays('author', query, 1)
    expect(sql).toBeDefined()
  })

  it("takes the SQL path as the plugin option reads.sql, on by default, and heavy lists' turns as reads.heavyTurn", () => {
    expect(sanitizeOptions({}, {}).reads).toEqual({ heavyTurn: null, sql: true })
    const heavyTurn = async () => () => {}
    expect(sanitizeOptions({ reads: { heavyTurn } }, {}).reads).toEqual({ heavyTurn, sql: true })
    expect(() => sanitizeOptions({ reads: { heavyTurn: 'one at a time' as never } }, {})).toThrow(
      'reads.heavyTurn must be a function',
    )
    expect(sanitizeOptions({ reads: { sql: false } }, {}).reads).toEqual({
      heavyTurn: null,
      sql: false,
    })
    expect(() => sanitizeOptions({ reads: { sql: 'no' as never } }, {})).toThrow(
      'reads.sql must be true or false',
    )
  })
})
