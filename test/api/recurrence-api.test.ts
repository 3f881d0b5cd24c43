import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { inReadMode, READ_MODES } from '../helpers/readModes'
import { issueWeeklySeries } from '../helpers/series'

type Item = Record<string, any> & { id: number }

/**
 * The compatibility API on occurrences (issue 26, item 4; docs/recurrence.md, "The API's
 * answers"): lists, totals, filters, single reads and writes count and address occurrences, the
 * same in both read modes; a draft series' occurrences reach no one who may not read the series.
 */
describe('the compatibility API answers with occurrences', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let contributor: TestUser

  const WINDOW = 'start_date=2027-02-01&end_date=2027-06-01'

  const rest = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api.url}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }
  const compat = async (
    path: string,
    {
      user = null,
      method = 'GET',
      body,
    }: { user?: null | TestUser; method?: string; body?: unknown } = {},
  ) => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(user ? basic(user.email, user.password) : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return {
      status: response.status,
      total: response.headers.get('x-tec-total'),
      body: (await response.json()) as Record<string, any>,
    }
  }
  const list = async (query: string, user: null | TestUser = null) => {
    const answer = await compat(`/events?${query}`, { user })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer as typeof answer & {
      body: { events: Item[]; total: number; total_pages: number }
    }
  }
  const occurrenceIds = async (eventId: number): Promise<number[]> => {
    const { rows } = (await drizzleOf(payload)!.execute(
      sql`SELECT id FROM calendar_occurrences WHERE event_id = ${eventId} ORDER BY start_utc, id`,
    )) as { rows: { id: number }[] }
    return rows.map((row) => Number(row.id))
  }

  /** The issue's example (`issueWeeklySeries`), its title starting with `marker`. */
  const createSeries = async (marker: string, extra: Record<string, unknown> = {}) => {
    const { body, status } = await rest(
      'POST',
      '/events',
      issueWeeklySeries(`${marker} weekly class`, extra),
    )
    expect(status, JSON.stringify(body)).toBe(201)
    const event = body.doc as { id: number; slug: string }
    return { ...event, ids: await occurrenceIds(event.id) }
  }

  let marker: string
  let series: Awaited<ReturnType<typeof createSeries>>
  let single: { id: number }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    contributor = await createUser(payload, 'contributor')
    marker = unique('occapi')
    series = await createSeries(marker)
    const created = await rest('POST', '/events', {
      title: `${marker} single concert`,
      startDate: '2027-03-10T18:00:00.000Z',
      endDate: '2027-03-10T20:00:00.000Z',
      timezone: 'America/New_York',
      status: 'publish',
    })
    expect(created.status).toBe(201)
    single = created.body.doc
  })
  afterAll(() => api?.close())

  for (const mode of READ_MODES) {
    describe(mode.name, () => {
      const inMode = <T>(action: () => Promise<T>) => inReadMode(payload, mode.sql, action)

      it('lists one item per occurrence, at 14:00 then 13:00 UTC across 2027-03-14, with their own ids, urls and totals', () =>
        inMode(async () => {
          const { body, total } = await list(`search=${marker}%20weekly&${WINDOW}`)
          expect(
            body.events.map((item) => [item.id, item.start_date, item.utc_start_date]),
          ).toEqual([
            [series.id, '2027-03-01 09:00:00', '2027-03-01 14:00:00'],
            [series.ids[1], '2027-03-08 09:00:00', '2027-03-08 14:00:00'],
            [series.ids[2], '2027-03-15 09:00:00', '2027-03-15 13:00:00'],
            [series.ids[3], '2027-03-29 09:00:00', '2027-03-29 13:00:00'],
            [series.ids[4], '2027-04-05 09:00:00', '2027-04-05 13:00:00'],
          ])
          expect(body.events[1]!.url).toBe(`http://localhost:3000/event/${series.slug}/2027-03-08/`)
          expect(body.events[1]!.rest_url).toMatch(new RegExp(`/events/${series.ids[1]}$`))
          expect(body.events[2]!.utc_end_date).toBe('2027-03-15 14:30:00')
          expect(body.total).toBe(5)
          expect(total).toBe('5')

          // Paging counts occurrences; the ids are the same on every request.
          const pages = await Promise.all(
            [1, 2, 3].map((page) =>
              list(`search=${marker}%20weekly&${WINDOW}&per_page=2&page=${page}`),
            ),
          )
          expect(pages.map((page) => page.body.events.map((item) => item.id))).toEqual([
            [series.id, series.ids[1]],
            [series.ids[2], series.ids[3]],
            [series.ids[4]],
          ])
          expect(pages[0]!.body.total_pages).toBe(3)

          // The date window reads each occurrence's own dates.
          const late = await list(
            `search=${marker}%20weekly&start_date=2027-03-20&end_date=2027-06-01`,
          )
          expect(late.body.events.map((item) => item.id)).toEqual([series.ids[3], series.ids[4]])
          expect(late.body.total).toBe(2)
        }))

      it('answers an occurrence id with that occurrence, the event id and slug with the first', () =>
        inMode(async () => {
          const third = await compat(`/events/${series.ids[2]}`)
          expect(third.status).toBe(200)
          expect(third.body).toMatchObject({
            id: series.ids[2],
            start_date: '2027-03-15 09:00:00',
            utc_start_date: '2027-03-15 13:00:00',
            url: `http://localhost:3000/event/${series.slug}/2027-03-15/`,
          })
          for (const path of [`/events/${series.id}`, `/events/by-slug/${series.slug}`]) {
            const first = await compat(path)
            expect(first.status).toBe(200)
            expect(first.body).toMatchObject({ id: series.id, start_date: '2027-03-01 09:00:00' })
            expect(first.body).not.toHaveProperty('recurrence')
          }
          const withRule = await compat(`/events/${series.ids[2]}?recurrence=true`)
          expect(withRule.body.recurrence.rrule).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6')
          expect(withRule.body.recurrence.rrule).toContain(
            'EXDATE;TZID=America/New_York:20270322T090000',
          )
          expect(withRule.body.recurrence.summary).toMatch(/Monday/)
          const french = (await fetch(
            `${api.url}/fr/wp-json/vendor/events/v1/events/${series.id}?recurrence=true`,
          ).then((response) => response.json())) as Item
          expect(french.recurrence.summary).toMatch(/lundi/)
          // A single event has no rule to show.
          expect((await compat(`/events/${single.id}?recurrence=true`)).body.recurrence).toBeNull()
        }))

      it('filters by post_parent and include on occurrences, and shows each series once on request', () =>
        inMode(async () => {
          // Any id of the series names it.
          for (const parent of [series.id, series.ids[3]]) {
            const { body } = await list(`post_parent=${parent}&${WINDOW}`)
            expect(body.events.map((item) => item.id)).toEqual([series.id, ...series.ids.slice(1)])
            expect(body.total).toBe(5)
          }
          // A single event has no children.
          expect((await list(`post_parent=${single.id}&${WINDOW}`)).body.total).toBe(0)
          const included = await list(`include=${series.ids[3]},${single.id},${series.ids[1]}`)
          expect(included.body.events.map((item) => item.id)).toEqual([
            series.ids[1],
            single.id,
            series.ids[3],
          ])
          expect(included.body.total).toBe(3)
          const once = await list(`search=${marker}&${WINDOW}&hide_subsequent_recurrences=true`)
          expect(once.body.events.map((item) => item.id)).toEqual([series.id, single.id])
          expect(once.total).toBe('2')
          const later = await list(
            `search=${marker}&start_date=2027-03-12&end_date=2027-06-01&hide_subsequent_recurrences=true`,
          )
          expect(later.body.events.map((item) => item.id)).toEqual([series.ids[2]])
        }))
    })
  }

  it('keeps the ids when the title of "all" changes', async () => {
    const before = await list(`search=${marker}%20weekly&${WINDOW}`)
    const renamed = await rest('PATCH', `/events/${series.id}`, { title: `${marker} weekly yoga` })
    expect(renamed.status).toBe(200)
    for (const mode of READ_MODES) {
      await inReadMode(payload, mode.sql, async () => {
        const after = await list(`search=${marker}%20weekly&${WINDOW}`)
        expect(after.body.events.map((item) => item.id)).toEqual(
          before.body.events.map((item) => item.id),
        )
        expect(after.body.events.every((item) => item.title.endsWith('weekly yoga'))).toBe(true)
      })
    }
  })

  it('writes to an occurrence id change that occurrence only; a DELETE cancels it', async () => {
    const own = await createSeries(unique('occwrite'))
    const search = `search=${encodeURIComponent((await compat(`/events/${own.id}`)).body.title)}&${WINDOW}`
    const moved = await compat(`/events/${own.ids[1]}`, {
      user: admin,
      method: 'POST',
      body: { start_date: '2027-03-09 10:00:00' },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toMatchObject({
      id: own.ids[1],
      start_date: '2027-03-09 10:00:00',
      end_date: '2027-03-09 11:30:00',
    })
    const refused = await compat(`/events/${own.ids[1]}`, {
      user: admin,
      method: 'POST',
      body: { description: 'Only this one' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.code).toBe('rest_invalid_param')
    expect(refused.body.data.params).toHaveProperty('description')
    // Nobody but an editor of the series changes its occurrences.
    const stranger = await compat(`/events/${own.ids[2]}`, {
      user: contributor,
      method: 'DELETE',
    })
    expect(stranger.status).toBeGreaterThanOrEqual(401)
    expect(stranger.status).toBeLessThan(404)

    const cancelled = await compat(`/events/${own.ids[2]}`, { user: admin, method: 'DELETE' })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.id).toBe(own.ids[2])
    expect((await compat(`/events/${own.ids[2]}`, { user: admin, method: 'DELETE' })).status).toBe(
      410,
    )

    for (const mode of READ_MODES) {
      await inReadMode(payload, mode.sql, async () => {
        const { body, total } = await list(search)
        expect(body.events.map((item) => [item.id, item.start_date])).toEqual([
          [own.id, '2027-03-01 09:00:00'],
          [own.ids[1], '2027-03-09 10:00:00'],
          [own.ids[3], '2027-03-29 09:00:00'],
          [own.ids[4], '2027-04-05 09:00:00'],
        ])
        expect(total).toBe('4')
        expect((await compat(`/events/${own.ids[2]}`)).status).toBe(404)
        // The series itself is unchanged.
        expect((await compat(`/events/${own.id}`)).body.title).toBe(body.events[0]!.title)
      })
    }
  })

  it("shows a draft series' occurrences to no visitor and no other contributor, on any route", async () => {
    const draftMarker = unique('occdraft')
    const draft = await createSeries(draftMarker, { status: 'draft' })
    for (const mode of READ_MODES) {
      await inReadMode(payload, mode.sql, async () => {
        for (const user of [null, contributor]) {
          const searched = await list(`search=${draftMarker}&${WINDOW}`, user)
          expect(searched.body.total).toBe(0)
          expect(searched.total).toBe('0')
          for (const query of [
            `post_parent=${draft.ids[2]}&${WINDOW}`,
            `include=${draft.ids.join(',')}`,
            `search=${draftMarker}&${WINDOW}&hide_subsequent_recurrences=true`,
          ]) {
            const found = await list(query, user)
            expect(found.body.events).toEqual([])
            expect(found.body.total).toBe(0)
          }
          for (const id of draft.ids) {
            const read = await compat(`/events/${id}`, { user })
            expect(read.status).not.toBe(200)
            expect(JSON.stringify(read.body)).not.toContain(draftMarker)
          }
        }
        // Its editor sees them all.
        const mine = await list(`search=${draftMarker}&${WINDOW}`, admin)
        expect(mine.body.events.map((item) => item.id)).toEqual(draft.ids)
      })
    }
  })
})
