import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries } from '../helpers/series'

type Row = {
  id: number
  event_id: number
  original_start: string
  start_utc: string
  status: string
}

/*
 * "This and following", "all" and "this occurrence" retitled (issue 26, item 3; docs/recurrence.md,
 * "Exceptions and edits"), over HTTP: `PATCH /api/events/:id/occurrences/:occurrence` with a scope.
 * Every occurrence keeps its id in whichever half it lands; a refused edit changes nothing.
 */
describe('editing a series from one occurrence: this, this and following, all', () => {
  let payload: Payload
  let server: TestServer
  let admin: TestUser
  let author: TestUser
  let contributor: TestUser
  const marker = unique('split')

  const call = async (method: string, url: string, body?: unknown, user: TestUser = admin) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, text, body: JSON.parse(text) as Record<string, any> }
  }
  const edit = (eventId: number, id: number, body: unknown, user: TestUser = admin) =>
    call('PATCH', `/api/events/${eventId}/occurrences/${id}`, body, user)
  const rowsOf = async (eventIds: number[]): Promise<Row[]> => {
    const { rows } = (await drizzleOf(payload)!.execute(sql`
      SELECT id, event_id, status, to_char(original_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start,
        to_char(start_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start_utc
      FROM calendar_occurrences WHERE event_id = ANY(${`{${eventIds.join(',')}}`}::int[]) ORDER BY original_start, id`)) as {
      rows: Row[]
    }
    return rows.map((row) => ({ ...row, id: Number(row.id), event_id: Number(row.event_id) }))
  }
  const compatList = async (query: string) => {
    const response = await call('GET', `/wp-json/vendor/events/v1/events?${query}`)
    expect(response.status, response.text).toBe(200)
    return response.body.events as Record<string, any>[]
  }
  const createSeries = async (title: string) => {
    const created = await call('POST', '/api/events', issueWeeklySeries(title))
    expect(created.status, created.text).toBe(201)
    const doc = created.body.doc as { id: number; slug: string }
    return { ...doc, ids: (await rowsOf([doc.id])).map((row) => row.id) }
  }
  const eventsTitled = async (title: string) =>
    (
      await payload.find({
        collection: 'events',
        where: { title: { like: title } },
        depth: 0,
        limit: 10,
        sort: 'startLocal',
      })
    ).docs as unknown as Record<string, any>[]

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    author = await createUser(payload, 'author')
    contributor = await createUser(payload, 'contributor')
  })
  afterAll(() => server?.close())

  it("keeps the issue's ids across requests, an edit of all, and a split from the 4th, whose two series keep their past ids", async () => {
    const series = await createSeries(`${marker} weekly`)
    const window = `search=${marker}%20weekly&start_date=2027-02-01&end_date=2027-06-01`
    const listed = async () =>
      (await compatList(window)).map((item) => [item.id, item.utc_start_date, item.title])
    const first = await listed()
    expect(first.map(([, start]) => start)).toEqual([
      '2027-03-01 14:00:00',
      '2027-03-08 14:00:00',
      '2027-03-15 13:00:00',
      '2027-03-29 13:00:00',
      '2027-04-05 13:00:00',
    ])
    expect(first.map(([id]) => id)).toEqual([series.id, ...series.ids.slice(1)])
    expect(await listed()).toEqual(first)

    const all = await edit(series.id, series.ids[2]!, {
      scope: 'all',
      title: `${marker} weekly yoga`,
    })
    expect(all.status, all.text).toBe(200)
    expect((await listed()).map(([id, , title]) => [id, title])).toEqual(
      first.map(([id]) => [id, `${marker} weekly yoga`]),
    )

    // From the 4th (29 March), retitled: two series, the past ids unchanged, the rest moved with theirs.
    const split = await edit(series.id, series.ids[3]!, {
      scope: 'following',
      title: `${marker} weekly pilates`,
    })
    expect(split.status, split.text).toBe(200)
    const second = Number(split.body.event)
    expect(second).not.toBe(series.id)
    const rows = await rowsOf([series.id, second])
    expect(rows.map((row) => [row.id, row.event_id])).toEqual([
      [series.ids[0], series.id],
      [series.ids[1], series.id],
      [series.ids[2], series.id],
      [series.ids[3], second],
      [series.ids[4], second],
    ])
    expect((await listed()).map(([id, start, title]) => [id, start, title])).toEqual(
      first.map(([id, start], index) => [
        id,
        start,
        `${marker} weekly ${index < 3 ? 'yoga' : 'pilates'}`,
      ]),
    )
    const [before, after] = [
      await payload.findByID({ collection: 'events', id: series.id, depth: 0 }),
      await payload.findByID({ collection: 'events', id: second, depth: 0 }),
    ] as unknown as Record<string, any>[]
    expect(before!.recurrence.rule).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=4')
    expect(before!.recurrence.exdates).toEqual(['2027-03-22T09:00:00'])
    expect(after!.recurrence.rule).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=2')
    expect(after!).toMatchObject({
      seriesRoot: series.id,
      status: 'publish',
      startDate: '2027-03-29T13:00:00.000Z',
    })
    expect(after!.slug).not.toBe(before!.slug)
    // post_parent names the group: both halves, from either half's id or an occurrence's.
    for (const parent of [series.id, second, series.ids[4]])
      expect((await compatList(`post_parent=${parent}&${window}`)).map((item) => item.id)).toEqual(
        first.map(([id]) => id),
      )
  })

  it('moves the following occurrences by the drag, keeping their ids; a cancelled and a moved one go with their half', async () => {
    const series = await createSeries(`${marker} moved`)
    const [, second, third, fourth, fifth] = series.ids
    expect((await edit(series.id, second!, { status: 'cancelled' })).status, 'cancel the 2nd').toBe(
      200,
    )
    expect(
      (
        await edit(series.id, fifth!, {
          startDate: '2027-04-06T13:00:00Z',
          endDate: '2027-04-06T14:30:00Z',
        })
      ).status,
      'move the 5th to Tuesday',
    ).toBe(200)
    // The 3rd (15 March, 09:00) dragged to 10:00 and 30 minutes longer, for it and the ones after.
    const split = await edit(series.id, third!, {
      scope: 'following',
      startDate: '2027-03-15T14:00:00Z',
      endDate: '2027-03-15T16:00:00Z',
    })
    expect(split.status, split.text).toBe(200)
    const other = Number(split.body.event)
    const rows = await rowsOf([series.id, other])
    expect(rows.map((row) => [row.id, row.event_id, row.start_utc, row.status])).toEqual([
      [series.id, series.id, '2027-03-01T14:00:00Z', 'scheduled'],
      [second, series.id, '2027-03-08T14:00:00Z', 'cancelled'],
      [third, other, '2027-03-15T14:00:00Z', 'scheduled'],
      [fourth, other, '2027-03-29T14:00:00Z', 'scheduled'],
      [fifth, other, '2027-04-06T13:00:00Z', 'scheduled'],
    ])
    const after = (await payload.findByID({
      collection: 'events',
      id: other,
      depth: 0,
    })) as unknown as Record<string, any>
    expect(after.recurrence.exdates).toEqual(['2027-03-22T10:00:00'])
    expect([after.startDate, after.endDate]).toEqual([
      '2027-03-15T14:00:00.000Z',
      '2027-03-15T16:00:00.000Z',
    ])

    // "All" from the second half dragged back an hour: every id stays, the moved one at its own time.
    const back = await edit(other, fourth!, {
      scope: 'all',
      startDate: '2027-03-29T13:00:00Z',
      endDate: '2027-03-29T15:00:00Z',
    })
    expect(back.status, back.text).toBe(200)
    expect((await rowsOf([other])).map((row) => [row.id, row.start_utc])).toEqual([
      [third, '2027-03-15T13:00:00Z'],
      [fourth, '2027-03-29T13:00:00Z'],
      [fifth, '2027-04-06T13:00:00Z'],
    ])
  })

  it('refuses a caller who may not edit the series, and a split that cannot be, changing nothing', async () => {
    const series = await createSeries(`${marker} refused`)
    const before = await rowsOf([series.id])
    const denied = await edit(
      series.id,
      series.ids[2]!,
      { scope: 'following', title: `${marker} refused taken` },
      contributor,
    )
    expect(denied.status, denied.text).toBe(403)
    const first = await edit(series.id, series.id, { scope: 'following', title: 'x' })
    expect(first.status, first.text).toBe(400)
    expect(first.text).toMatch(/recurrence\.at|this and following/)
    for (const body of [
      { scope: 'following', title: '' },
      { scope: 'this', title: 'x'.repeat(2001) },
      { scope: 'sometimes', title: 'x' },
      { scope: 'following', status: 'cancelled' },
    ]) {
      const refused = await edit(series.id, series.ids[2]!, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.text, JSON.stringify(body)).toMatch(/title|scope|status/)
    }
    // Only an ISO date-time of a storable year moves an occurrence (`Date` reads "1" as 2001).
    for (const [startDate, endDate] of [
      ['1', '2'],
      ['March 8 2027', 'March 9 2027'],
      ['2027-02-30T10:00:00Z', '2027-02-30T11:00:00Z'],
      ['0000-01-01T10:00:00Z', '0000-01-01T11:00:00Z'],
      ['+010000-01-01T10:00:00Z', '+010000-01-01T11:00:00Z'],
    ]) {
      const refused = await edit(series.id, series.ids[2]!, { scope: 'this', startDate, endDate })
      expect(refused.status, startDate).toBe(400)
      expect(refused.text, startDate).toMatch(/startDate must be a date-time/)
    }
    expect(await rowsOf([series.id])).toEqual(before)
    expect((await eventsTitled(`${marker} refused`)).map((event) => event.id)).toEqual([series.id])
  })

  it('two editors splitting one series at once lose and double no occurrence', async () => {
    const series = await createSeries(`${marker} race`)
    const answers = await Promise.all([
      edit(series.id, series.ids[2]!, { scope: 'following', title: `${marker} race b` }),
      edit(series.id, series.ids[3]!, { scope: 'following', title: `${marker} race c` }),
    ])
    const halves = [series.id, ...answers.filter((a) => a.status === 200).map((a) => a.body.event)]
    // The second waits for the first, then splits what is left (or finds its occurrence gone: 404).
    for (const answer of answers) expect([200, 404], answer.text).toContain(answer.status)
    expect(answers.some((answer) => answer.status === 200)).toBe(true)
    const rows = await rowsOf(halves.map(Number))
    expect(rows.map((row) => row.id).sort()).toEqual([...series.ids].sort())
    expect(new Set(rows.map((row) => row.original_start)).size).toBe(5)
  })

  it('retitles one occurrence: the API item, its page and the feed show it; null gives the title back', async () => {
    const series = await createSeries(`${marker} retitled`)
    const id = series.ids[1]!
    const retitled = await edit(series.id, id, { title: '  Guest teacher  ' })
    expect(retitled.status, retitled.text).toBe(200)
    const item = await call('GET', `/wp-json/vendor/events/v1/events/${id}`)
    expect(item.body.title).toBe('Guest teacher')
    const listed = await compatList(
      `search=${marker}%20retitled&start_date=2027-02-01&end_date=2027-06-01`,
    )
    expect(listed.map((entry) => entry.title)).toEqual([
      `${marker} retitled`,
      'Guest teacher',
      `${marker} retitled`,
      `${marker} retitled`,
      `${marker} retitled`,
    ])
    const page = await fetch(`${server.url}/event/${series.slug}/2027-03-08/`)
    expect(await page.text()).toContain('Guest teacher')
    const feed = await (await fetch(`${server.url}/event/${series.slug}.ics`)).text()
    const override = feed
      .split('BEGIN:VEVENT')
      .find((block) => block.includes('RECURRENCE-ID;TZID=America/New_York:20270308T090000'))
    expect(override).toContain('SUMMARY:Guest teacher')
    // The compatibility API's write to the occurrence id retitles it too, and refuses an empty title by name.
    const compatWrite = (body: unknown) =>
      call('POST', `/wp-json/vendor/events/v1/events/${series.ids[2]}`, body)
    const written = await compatWrite({ title: 'Open rehearsal' })
    expect(written.status, written.text).toBe(200)
    expect(written.body.title).toBe('Open rehearsal')
    const empty = await compatWrite({ title: ' ' })
    expect(empty.status).toBe(400)
    expect(empty.body.data.params).toHaveProperty('title')
    expect((await edit(series.id, id, { title: null })).status).toBe(200)
    expect((await call('GET', `/wp-json/vendor/events/v1/events/${id}`)).body.title).toBe(
      `${marker} retitled`,
    )
  })

  it('keeps an occurrence’s title as an event’s is kept: an author’s script goes on every route', async () => {
    const created = await call('POST', '/api/events', issueWeeklySeries(`${marker} kept`), author)
    expect(created.status, created.text).toBe(201)
    const series = created.body.doc as { id: number }
    const [, second, third] = (await rowsOf([series.id])).map((row) => row.id)
    const hostile = `<img src=x onerror=alert(1)>Guest <b>star</b><script>alert(2)</script>`
    // What the event's own title keeps of the same text, written by the same author.
    const own = await call('PATCH', `/api/events/${series.id}`, { title: hostile }, author)
    expect(own.status, own.text).toBe(200)
    const kept = own.body.doc.title as string
    expect(kept).not.toMatch(/<img|<script|onerror/)
    expect((await edit(series.id, second!, { title: hostile }, author)).status).toBe(200)
    const compatWrite = await call(
      'POST',
      `/wp-json/vendor/events/v1/events/${third}`,
      { title: hostile },
      author,
    )
    expect(compatWrite.status, compatWrite.text).toBe(200)
    for (const id of [second, third]) {
      const item = await call('GET', `/wp-json/vendor/events/v1/events/${id}`)
      expect(item.body.title, String(id)).toBe(kept)
    }
    // A NUL is dropped, as from any text; a title that keeps nothing gives back the series'.
    expect((await edit(series.id, second!, { title: 'Guest\u0000 teacher' }, author)).status).toBe(
      200,
    )
    const titleOf = async (id: number) =>
      (await call('GET', `/wp-json/vendor/events/v1/events/${id}`)).body.title as string
    expect(await titleOf(second!)).toBe('Guest teacher')
    expect(
      (await edit(series.id, second!, { title: '<img src=x onerror=alert(1)>' }, author)).status,
    ).toBe(200)
    expect(await titleOf(second!)).toBe(kept)
  })
})
