import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { applyCalendarSchema } from '../../src/db/calendarSchema'
import { drizzleOf } from '../../src/db/pool'
import { extendRecurrences } from '../../src/jobs/extendRecurrences'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries } from '../helpers/series'

type Row = {
  id: number
  original_start: string
  start_utc: string
  end_utc: string
  sequence: number
}

/**
 * Recurring events stored (issue 26; docs/recurrence.md, "Our design"): the recurrence field
 * checked on every surface, the occurrences kept in `calendar_occurrences` in the save's own
 * transaction with ids that never change, and the route that lists a series' occurrences.
 */
describe('recurring events stored: occurrences, their ids, their checks', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let editor: TestUser

  const rest = async (
    method: string,
    path: string,
    body?: unknown,
    user: null | TestUser = admin,
  ) => {
    const response = await fetch(`${api.url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }
  const graphql = async (query: string, user: TestUser = admin) => {
    const response = await fetch(`${api.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      body: JSON.stringify({ query }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }
  const rowsOf = async (eventId: number): Promise<Row[]> => {
    const { rows } = (await drizzleOf(payload)!.execute(sql`
      SELECT id, to_char(original_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start,
        to_char(start_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start_utc,
        to_char(end_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS end_utc, sequence
      FROM calendar_occurrences WHERE event_id = ${eventId} ORDER BY start_utc, id`)) as {
      rows: Row[]
    }
    return rows.map((row) => ({ ...row, id: Number(row.id) }))
  }
  const idsByStart = (rows: Row[]) =>
    Object.fromEntries(rows.map((row) => [row.original_start, row.id]))

  /** The issue's example (`issueWeeklySeries`). */
  const weekly = (extra: Record<string, unknown> = {}) =>
    issueWeeklySeries(unique('Weekly class'), extra)
  const createSeries = async (extra: Record<string, unknown> = {}) => {
    const { body, status } = await rest('POST', '/events', weekly(extra))
    expect(status, JSON.stringify(body)).toBe(201)
    return body.doc as { id: number; recurrence: Record<string, unknown> }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    editor = await createUser(payload, 'editor')
  })
  afterAll(() => api?.close())

  it("stores the issue's weekly series as 5 occurrences at 09:00 New York time, 14:00 then 13:00 UTC across 2027-03-14", async () => {
    const event = await createSeries()
    expect(event.recurrence).toMatchObject({
      rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6',
      exdates: ['2027-03-22T09:00:00'],
    })
    const rows = await rowsOf(event.id)
    expect(rows.map((row) => [row.original_start, row.start_utc, row.end_utc])).toEqual([
      ['2027-03-01T09:00:00', '2027-03-01T14:00:00Z', '2027-03-01T15:30:00Z'],
      ['2027-03-08T09:00:00', '2027-03-08T14:00:00Z', '2027-03-08T15:30:00Z'],
      ['2027-03-15T09:00:00', '2027-03-15T13:00:00Z', '2027-03-15T14:30:00Z'],
      ['2027-03-29T09:00:00', '2027-03-29T13:00:00Z', '2027-03-29T14:30:00Z'],
      ['2027-04-05T09:00:00', '2027-04-05T13:00:00Z', '2027-04-05T14:30:00Z'],
    ])
    // The first occurrence answers at the event's own id; the others have ids no post has.
    expect(rows[0]!.id).toBe(event.id)
    const others = rows.slice(1).map((row) => row.id)
    expect(new Set(others).size).toBe(4)
    for (const id of others) {
      const { totalDocs } = await payload.count({
        collection: 'events',
        where: { id: { equals: id } },
      })
      expect(totalDocs).toBe(0)
    }
    const { rows: owners } = (await drizzleOf(payload)!.execute(
      sql`SELECT owner FROM calendar_post_id_owners WHERE id IN (${sql.join(
        others.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )) as { rows: { owner: string }[] }
    expect(owners.map((row) => row.owner)).toEqual(others.map(() => 'calendar_occurrences'))

    const listed = await rest(
      'GET',
      `/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`,
      undefined,
      null,
    )
    expect(listed.status).toBe(200)
    expect(listed.body).toMatchObject({ totalDocs: 5, page: 1, hasNextPage: false })
    expect(
      listed.body.docs.map((doc: { id: number; startUtc: string; startLocal: string }) => [
        doc.id,
        doc.startUtc,
        doc.startLocal,
      ]),
    ).toEqual(rows.map((row) => [row.id, row.start_utc, row.original_start]))
  })

  it('keeps the ids across reads and after the title is edited', async () => {
    const event = await createSeries()
    const before = await rowsOf(event.id)
    const read = async () =>
      (
        await rest('GET', `/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`)
      ).body.docs.map((doc: { id: number }) => doc.id)
    expect(await read()).toEqual(before.map((row) => row.id))
    expect(await read()).toEqual(before.map((row) => row.id))
    const edited = await rest('PATCH', `/events/${event.id}`, { title: unique('Renamed class') })
    expect(edited.status).toBe(200)
    expect(await rowsOf(event.id)).toEqual(before)
  })

  it('keeps the ids of the starts that remain when the rule changes; new starts get new ids, vanished ones go', async () => {
    const event = await createSeries()
    const before = idsByStart(await rowsOf(event.id))
    // Mondays and Wednesdays, 8 times: the Mondays but the last one remain.
    const edited = await rest('PATCH', `/events/${event.id}`, {
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8' },
    })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    const after = idsByStart(await rowsOf(event.id))
    expect(Object.keys(after)).toEqual([
      '2027-03-01T09:00:00',
      '2027-03-03T09:00:00',
      '2027-03-08T09:00:00',
      '2027-03-10T09:00:00',
      '2027-03-15T09:00:00',
      '2027-03-17T09:00:00',
      '2027-03-24T09:00:00',
    ])
    for (const start of ['2027-03-01T09:00:00', '2027-03-08T09:00:00', '2027-03-15T09:00:00'])
      expect(after[start]).toBe(before[start])
    const reused = Object.values(after).filter((id) => Object.values(before).includes(id))
    expect(reused).toHaveLength(3)

    // The whole series an hour later: each occurrence keeps its id at its shifted start.
    const moved = await rest('PATCH', `/events/${event.id}`, {
      startDate: '2027-03-01T15:00:00.000Z',
      endDate: '2027-03-01T16:30:00.000Z',
      recurrence: { exdates: ['2027-03-22T10:00:00'] },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const shifted = idsByStart(await rowsOf(event.id))
    expect(Object.entries(shifted)).toEqual(
      Object.entries(after).map(([start, id]) => [start.replace('T09:', 'T10:'), id]),
    )
  })

  it('gives a single event one occurrence with its own id, following its dates, and takes the rows back when a series stops recurring', async () => {
    const { body } = await rest('POST', '/events', {
      title: unique('Single'),
      startDate: '2027-05-01T10:00:00.000Z',
      endDate: '2027-05-01T12:00:00.000Z',
      timezone: 'Europe/Paris',
      status: 'publish',
    })
    const id = body.doc.id as number
    expect(await rowsOf(id)).toMatchObject([
      {
        id,
        original_start: '2027-05-01T12:00:00',
        start_utc: '2027-05-01T10:00:00Z',
        end_utc: '2027-05-01T12:00:00Z',
      },
    ])
    await rest('PATCH', `/events/${id}`, {
      startDate: '2027-05-02T10:00:00.000Z',
      endDate: '2027-05-02T11:00:00.000Z',
    })
    expect(await rowsOf(id)).toMatchObject([
      {
        id,
        original_start: '2027-05-02T12:00:00',
        start_utc: '2027-05-02T10:00:00Z',
        end_utc: '2027-05-02T11:00:00Z',
        sequence: 1,
      },
    ])

    const series = await createSeries()
    expect(await rowsOf(series.id)).toHaveLength(5)
    const stopped = await rest('PATCH', `/events/${series.id}`, {
      recurrence: { rule: '', exdates: [] },
    })
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200)
    expect(stopped.body.doc.materializedUntil).toBeNull()
    expect(await rowsOf(series.id)).toMatchObject([
      { id: series.id, start_utc: '2027-03-01T14:00:00Z' },
    ])
  })

  it('gives an event stored without its occurrence (before the table existed) its one, with its own id, when the schema step runs', async () => {
    const { body } = await rest('POST', '/events', {
      title: unique('Stored before'),
      startDate: '2027-06-01T07:00:00.000Z',
      endDate: '2027-06-01T08:00:00.000Z',
      timezone: 'Europe/Paris',
      status: 'publish',
    })
    const id = body.doc.id as number
    await drizzleOf(payload)!.execute(sql`DELETE FROM calendar_occurrences WHERE event_id = ${id}`)
    expect(await rowsOf(id)).toEqual([])
    await applyCalendarSchema(payload)
    expect(await rowsOf(id)).toMatchObject([
      {
        id,
        original_start: '2027-06-01T09:00:00',
        start_utc: '2027-06-01T07:00:00Z',
        end_utc: '2027-06-01T08:00:00Z',
      },
    ])
  })

  it("gives an event created with a chosen id, as the importer keeps the source's, its occurrence at that id, and a series created so its other ids past it", async () => {
    const { rows } = (await drizzleOf(payload)!.execute(
      sql`SELECT last_value FROM calendar_post_ids`,
    )) as { rows: { last_value: string }[] }
    const chosen = Number(rows[0]!.last_value) + 100
    const single = await payload.create({
      collection: 'events',
      data: {
        id: chosen,
        title: unique('Imported'),
        startDate: '2027-07-01T10:00:00.000Z',
        endDate: '2027-07-01T11:00:00.000Z',
        timezone: 'UTC',
        status: 'publish',
      } as never,
    })
    expect(await rowsOf(single.id as number)).toMatchObject([
      { id: chosen, original_start: '2027-07-01T10:00:00' },
    ])
    const series = await payload.create({
      collection: 'events',
      data: { ...weekly(), id: chosen + 50 } as never,
    })
    const ids = (await rowsOf(series.id as number)).map((row) => row.id)
    expect(ids[0]).toBe(chosen + 50)
    for (const id of ids.slice(1)) expect(id).toBeGreaterThan(chosen + 50)
  })

  it('stores an all-day series on dates, each as long as the event', async () => {
    const event = await createSeries({
      allDay: true,
      startDate: '2027-03-01T05:00:00.000Z',
      endDate: '2027-03-02T05:00:00.000Z',
      recurrence: { rule: 'FREQ=MONTHLY;BYDAY=1MO;COUNT=3', exdates: [] },
    })
    expect(
      (await rowsOf(event.id)).map((row) => [row.original_start, row.start_utc, row.end_utc]),
    ).toEqual([
      ['2027-03-01T00:00:00', '2027-03-01T05:00:00Z', '2027-03-03T04:59:59Z'],
      ['2027-04-05T00:00:00', '2027-04-05T04:00:00Z', '2027-04-07T03:59:59Z'],
      ['2027-05-03T00:00:00', '2027-05-03T04:00:00Z', '2027-05-05T03:59:59Z'],
    ])
    const listed = await rest(
      'GET',
      `/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`,
    )
    expect(listed.body.docs.map((doc: { originalStart: string }) => doc.originalStart)).toEqual([
      '2027-03-01',
      '2027-04-05',
      '2027-05-03',
    ])
  })

  describe('bad input is a 400 naming the field, and nothing is written', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a COUNT over 1,000', { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=1001' }, 'recurrence.rule.count'],
      ['an interval of 0', { rule: 'FREQ=WEEKLY;INTERVAL=0' }, 'recurrence.rule.interval'],
      [
        'an UNTIL before the start',
        { rule: 'FREQ=WEEKLY;UNTIL=20270101T000000Z' },
        'recurrence.rule.until',
      ],
      [
        'more than 2,000 occurrences before the horizon',
        { rule: 'FREQ=DAILY', exdates: [], _start: '2021-03-01T14:00:00.000Z' },
        'recurrence.rule',
      ],
      ['an RDATE in another zone', { rdates: ['2027-03-10T09:00:00Z'] }, 'recurrence.rdates[0]'],
      [
        'an EXDATE that is no occurrence',
        { exdates: ['2027-03-23T09:00:00'] },
        'recurrence.exdates[0]',
      ],
      ['a rule that cannot be read', { rule: 'FREQ=SOMETIMES' }, 'recurrence.rule.freq'],
      [
        'a rule part the product does not offer',
        { rule: 'FREQ=DAILY;BYHOUR=9' },
        'recurrence.rule',
      ],
      // Rules that give no date: refused as such at once, not a 500 after the library's search.
      [
        'a BYSETPOS beyond the days of a month',
        { rule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-366' },
        'recurrence.rule.bySetPos[0]',
      ],
      [
        'a BYMONTHDAY of no month of BYMONTH (30 February)',
        { rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
        'recurrence.rule.byMonthDay',
      ],
      [
        'an UNTIL in year 0',
        { rule: 'FREQ=WEEKLY;UNTIL=00000101T000000Z' },
        'recurrence.rule.until',
      ],
      [
        'parts that never meet (a fifth Monday on the 1st)',
        { rule: 'FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=1' },
        'recurrence.rule',
      ],
      [
        'rule text too long',
        { rule: `FREQ=WEEKLY;BYDAY=${'MO,'.repeat(30_000)}MO` },
        'recurrence.rule',
      ],
    ]

    it.each(cases)('%s, on Payload REST', async (_name, recurrence, path) => {
      const event = await createSeries()
      const before = await rowsOf(event.id)
      const { _start: start, ...sent } = recurrence
      // A daily series from years ago has its thousands of past days before the horizon.
      const dates = start ? { startDate: start, endDate: start } : {}
      const refused = await rest('PATCH', `/events/${event.id}`, {
        title: 'changed',
        ...dates,
        recurrence: sent,
      })
      expect(refused.status, JSON.stringify(refused.body).slice(0, 500)).toBe(400)
      expect(
        refused.body.errors[0].data.errors.map((error: { path: string }) => error.path),
      ).toEqual([path])
      const stored = await payload.findByID({ collection: 'events', id: event.id })
      expect(stored.title).not.toBe('changed')
      expect(stored.recurrence).toMatchObject({
        rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6',
        exdates: ['2027-03-22T09:00:00'],
      })
      expect(await rowsOf(event.id)).toEqual(before)
    })

    it('a series created with a bad rule is not created at all', async () => {
      const title = unique('Refused series')
      const refused = await rest(
        'POST',
        '/events',
        weekly({ title, recurrence: { rule: 'FREQ=WEEKLY;COUNT=5000' } }),
      )
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0].data.errors[0].path).toBe('recurrence.rule.count')
      expect(
        (await payload.count({ collection: 'events', where: { title: { equals: title } } }))
          .totalDocs,
      ).toBe(0)
    })

    it('on GraphQL', async () => {
      const event = await createSeries()
      const before = await rowsOf(event.id)
      const refused = await graphql(
        `mutation { updateEvent(id: ${event.id}, data: { title: "changed", recurrence: { rule: "FREQ=WEEKLY;INTERVAL=0" } }) { id } }`,
      )
      expect(refused.body.data?.updateEvent ?? null).toBeNull()
      expect(refused.body.errors[0].extensions).toMatchObject({ statusCode: 400 })
      expect(refused.body.errors[0].extensions.data.errors[0].path).toBe('recurrence.rule.interval')
      expect((await payload.findByID({ collection: 'events', id: event.id })).title).not.toBe(
        'changed',
      )
      expect(await rowsOf(event.id)).toEqual(before)
    })

    it("on the compatibility API's writes: a start the rule does not give is a rest_invalid_param naming the rule", async () => {
      const event = await createSeries()
      const before = await rowsOf(event.id)
      const response = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${event.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
        body: JSON.stringify({
          start_date: '2027-03-02 09:00:00',
          end_date: '2027-03-02 10:00:00',
        }),
      })
      const body = (await response.json()) as {
        code: string
        data: { params: Record<string, string> }
      }
      expect(response.status).toBe(400)
      expect(body.code).toBe('rest_invalid_param')
      expect(Object.keys(body.data.params)).toEqual(['recurrence.rule'])
      expect(await rowsOf(event.id)).toEqual(before)
    })

    it('on the Local API, and when a start the rule does not give is sent', async () => {
      const event = await createSeries()
      await expect(
        payload.update({
          collection: 'events',
          id: event.id,
          data: { recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=1001' } } as never,
        }),
      ).rejects.toMatchObject({
        name: 'ValidationError',
        data: { errors: [{ path: 'recurrence.rule.count' }] },
      })
      // A Tuesday start for a Monday rule.
      const moved = await rest('PATCH', `/events/${event.id}`, {
        startDate: '2027-03-02T14:00:00.000Z',
        endDate: '2027-03-02T15:00:00.000Z',
      })
      expect(moved.status).toBe(400)
      expect(moved.body.errors[0].data.errors[0].path).toBe('recurrence.rule')
    })
  })

  it('two rule edits at the same moment leave the series as the last one wrote it: no occurrence lost or doubled', async () => {
    const event = await createSeries()
    const first = idsByStart(await rowsOf(event.id))
    const rules = [
      'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
      'FREQ=WEEKLY;BYDAY=MO,FR;COUNT=12',
      'FREQ=WEEKLY;BYDAY=MO;COUNT=7',
      'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=9',
    ]
    const answers = await Promise.all(
      rules.map((rule, index) =>
        rest('PATCH', `/events/${event.id}`, { recurrence: { rule } }, index % 2 ? editor : admin),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    const stored = await payload.findByID({ collection: 'events', id: event.id })
    const rule = (stored.recurrence as { rule: string }).rule
    const expected = {
      'FREQ=WEEKLY;BYDAY=MO;COUNT=10': 9,
      'FREQ=WEEKLY;BYDAY=MO,FR;COUNT=12': 11,
      'FREQ=WEEKLY;BYDAY=MO;COUNT=7': 6,
      'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=9': 8,
    }[rule]
    const rows = await rowsOf(event.id)
    expect(rows).toHaveLength(expected!)
    expect(new Set(rows.map((row) => row.original_start)).size).toBe(rows.length)
    // Each Monday that every one of the rules keeps (those in March; the MO,WE rule ends on
    // 29 March, so 5 April may be dropped and made again with a new id) kept its first id.
    const keptByEveryRule = rows.filter(
      (row) => first[row.original_start] && row.original_start < '2027-04-01',
    )
    expect(keptByEveryRule).toHaveLength(4)
    for (const row of keptByEveryRule) expect(row.id).toBe(first[row.original_start])
  })

  it('extends an open-ended series to the horizon as time passes, keeping the ids it gave', async () => {
    const { horizonMonths } = pluginOptionsOf(payload).recurrence
    const event = await createSeries({ recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', exdates: [] } })
    const saved = await rowsOf(event.id)
    const savedUntil = new Date(
      (await payload.findByID({ collection: 'events', id: event.id })).materializedUntil as string,
    )
    expect(saved.at(-1)!.start_utc < savedUntil.toISOString()).toBe(true)
    expect(savedUntil.getTime() - Date.now()).toBeGreaterThan((horizonMonths * 30 - 2) * 86_400_000)

    // Three months on, the job stores the Mondays of the three months after the old horizon.
    const later = new Date(Date.now() + 92 * 86_400_000)
    const first = await extendRecurrences({
      collection: 'events',
      horizonMonths,
      now: later,
      payload,
    })
    expect(first.series).toBeGreaterThanOrEqual(1)
    const extended = await rowsOf(event.id)
    expect(extended.length - saved.length).toBeGreaterThanOrEqual(12)
    expect(extended.length - saved.length).toBeLessThanOrEqual(14)
    expect(extended.slice(0, saved.length)).toEqual(saved)
    expect(new Set(extended.map((row) => row.id)).size).toBe(extended.length)
    const until = new Date(
      (await payload.findByID({ collection: 'events', id: event.id })).materializedUntil as string,
    )
    expect(until.getTime()).toBeGreaterThan(savedUntil.getTime())
    expect(extended.at(-1)!.start_utc <= until.toISOString()).toBe(true)

    // Run again at the same moment: nothing left to add.
    await extendRecurrences({ collection: 'events', horizonMonths, now: later, payload })
    expect(await rowsOf(event.id)).toEqual(extended)
  })

  it('marks a series that its COUNT ends by the horizon as stored whole, which the horizon job then passes by', async () => {
    const { horizonMonths } = pluginOptionsOf(payload).recurrence
    const event = await createSeries()
    const storedUntil = async () =>
      (await payload.findByID({ collection: 'events', id: event.id })).materializedUntil
    expect(await storedUntil()).toBe('9000-01-01T00:00:00.000Z')
    const rows = await rowsOf(event.id)
    const later = new Date(Date.now() + 92 * 86_400_000)
    await extendRecurrences({ collection: 'events', horizonMonths, now: later, payload })
    expect(await rowsOf(event.id)).toEqual(rows)
    expect(await storedUntil()).toBe('9000-01-01T00:00:00.000Z')
    // Made endless, it is stored to the horizon again.
    await rest('PATCH', `/events/${event.id}`, {
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO', exdates: [] },
    })
    expect(new Date((await storedUntil()) as string).getFullYear()).toBeLessThan(2100)
  })

  it('cancels or moves one occurrence, keeping its id; visitors no longer see a cancelled one, editors see it as cancelled', async () => {
    const event = await createSeries()
    const rows = await rowsOf(event.id)
    const subscriber = await createUser(payload, 'subscriber')
    const occurrence = (id: number, body: unknown, user: null | TestUser = admin) =>
      rest('PATCH', `/events/${event.id}/occurrences/${id}`, body, user)

    expect((await occurrence(rows[2]!.id, { status: 'cancelled' }, subscriber)).status).toBe(403)
    expect((await occurrence(rows[2]!.id, { status: 'gone' })).status).toBe(400)
    expect((await occurrence(rows[2]!.id, { title: '' })).status).toBe(400)
    expect((await occurrence(rows[2]!.id, { venue: 1 })).status).toBe(400)
    expect(
      (
        await occurrence(rows[2]!.id, {
          startDate: '2027-03-16T13:00:00Z',
          endDate: '2027-03-16T12:00:00Z',
        })
      ).status,
    ).toBe(400)
    expect((await occurrence(999_999_999, { status: 'cancelled' })).status).toBe(404)
    expect(await rowsOf(event.id)).toEqual(rows)

    expect((await occurrence(rows[2]!.id, { status: 'cancelled' })).status).toBe(200)
    const window = `/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`
    const seen = await rest('GET', window, undefined, null)
    expect(seen.body.docs.map((doc: { id: number }) => doc.id)).toEqual(
      rows.filter((_, index) => index !== 2).map((row) => row.id),
    )
    const edited = await rest('GET', window, undefined, editor)
    expect(edited.body.docs[2]).toMatchObject({ id: rows[2]!.id, status: 'cancelled', sequence: 1 })

    // The second Monday moved to the Tuesday at the same time, 09:00 in New York (before daylight saving).
    expect(
      (
        await occurrence(rows[1]!.id, {
          startDate: '2027-03-09T14:00:00Z',
          endDate: '2027-03-09T15:00:00Z',
        })
      ).status,
    ).toBe(200)
    const moved = (await rest('GET', window, undefined, null)).body.docs[1]
    expect(moved).toMatchObject({
      id: rows[1]!.id,
      originalStart: '2027-03-08T09:00:00',
      startLocal: '2027-03-09T09:00:00',
      startUtc: '2027-03-09T14:00:00Z',
      endUtc: '2027-03-09T15:00:00Z',
      sequence: 1,
    })

    // A rule edit of "all" keeps both changes and every id.
    expect(
      (
        await rest('PATCH', `/events/${event.id}`, {
          recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=7' },
        })
      ).status,
    ).toBe(200)
    const after = (await rest('GET', window, undefined, editor)).body.docs
    expect(after.slice(0, 5).map((doc: { id: number }) => doc.id)).toEqual(
      rows.map((row) => row.id),
    )
    expect(after[1]).toMatchObject({ startUtc: '2027-03-09T14:00:00Z' })
    expect(after[2]).toMatchObject({ status: 'cancelled' })
    expect(after).toHaveLength(6)
  })

  describe('the occurrences route', () => {
    it("answers a draft series' occurrences to its editors only", async () => {
      const event = await createSeries({ status: 'draft' })
      expect(
        (
          await rest(
            'GET',
            `/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`,
            undefined,
            null,
          )
        ).status,
      ).toBe(404)
      const seen = await rest(
        'GET',
        `/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`,
        undefined,
        editor,
      )
      expect(seen.status).toBe(200)
      expect(seen.body.totalDocs).toBe(5)
    })

    it('pages a window, and refuses windows and pages beyond its bounds', async () => {
      const event = await createSeries()
      const page = await rest(
        'GET',
        `/events/${event.id}/occurrences?from=2027-03-08&to=2027-04-01&limit=2&page=2`,
      )
      expect(page.body).toMatchObject({
        totalDocs: 3,
        limit: 2,
        page: 2,
        totalPages: 2,
        hasNextPage: false,
        hasPrevPage: true,
      })
      expect(page.body.docs.map((doc: { startLocal: string }) => doc.startLocal)).toEqual([
        '2027-03-29T09:00:00',
      ])
      for (const query of [
        'from=2027-01-01&to=2033-01-02',
        'limit=101',
        'from=yesterday',
        'to=2020-01-01',
        'page=0',
      ]) {
        const refused = await rest('GET', `/events/${event.id}/occurrences?${query}`)
        expect(refused.status, query).toBe(400)
      }
      // Dates the database cannot read, and days that do not exist: refused before any statement,
      // saying why, rather than failing in the database or read as another day (2027-02-30 as 2 March).
      for (const [query, reason] of [
        ['from=0000-01-01', /from must be between the years 1 and 9999/],
        ['from=9999-12-31', /from must be between the years 1 and 9999/],
        ['to=9999-12-31T23:59:59-14:00', /to must be between the years 1 and 9999/],
        ['from=2027-02-30', /from is not a real date/],
        ['from=2027-03-01&to=2027-04-31T09:00:00Z', /to is not a real date/],
      ] as const) {
        const refused = await rest('GET', `/events/${event.id}/occurrences?${query}`)
        expect(refused.status, query).toBe(400)
        expect(JSON.stringify(refused.body), query).toMatch(reason)
      }
      // A window near the last year the calendar stores is answered.
      const late = await rest('GET', `/events/${event.id}/occurrences?from=9999-06-01`)
      expect(late.status, JSON.stringify(late.body)).toBe(200)
      expect(late.body.totalDocs).toBe(0)
      expect((await rest('GET', '/events/99999999/occurrences')).status).toBe(404)
    })

    it('is GraphQL’s EventOccurrences too, under the same rules', async () => {
      const event = await createSeries()
      const draft = await createSeries({ status: 'draft' })
      const rows = await rowsOf(event.id)
      expect(
        (
          await rest('PATCH', `/events/${event.id}/occurrences/${rows[1]!.id}`, {
            status: 'cancelled',
          })
        ).status,
      ).toBe(200)
      const ask = async (
        id: number,
        user: null | TestUser,
        window = 'from: "2027-01-01", to: "2028-01-01"',
      ) => {
        const response = await fetch(`${api.url}/api/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(user ? basic(user.email, user.password) : {}),
          },
          body: JSON.stringify({
            query: `{ EventOccurrences(event: ${id}, ${window}, limit: 10) { totalDocs docs { id event startUtc status override } } }`,
          }),
        })
        return (await response.json()) as {
          data?: {
            EventOccurrences: { docs: { id: number; status: string }[]; totalDocs: number } | null
          }
          errors?: { message: string }[]
        }
      }
      const overRest = await (
        await fetch(`${api.url}/api/events/${event.id}/occurrences?from=2027-01-01&to=2028-01-01`)
      ).json()
      const visitor = await ask(event.id, null)
      expect(visitor.errors).toBeUndefined()
      expect(visitor.data!.EventOccurrences!.docs.map((doc) => doc.id)).toEqual(
        overRest.docs.map((doc: { id: number }) => doc.id),
      )
      expect(visitor.data!.EventOccurrences!.totalDocs).toBe(4)
      const edited = await ask(event.id, editor)
      expect(edited.data!.EventOccurrences!.docs.map((doc) => doc.status)).toContain('cancelled')
      // A draft series: not found for a visitor, its occurrences for its editors.
      const hidden = await ask(draft.id, null)
      expect(hidden.data?.EventOccurrences ?? null).toBeNull()
      expect(hidden.errors?.[0]?.message).toBeTruthy()
      expect(JSON.stringify(hidden)).not.toContain('2027-03')
      expect((await ask(draft.id, editor)).data!.EventOccurrences!.totalDocs).toBe(5)
      const tooWide = await ask(event.id, null, 'from: "2027-01-01", to: "2033-01-02"')
      expect(tooWide.errors?.[0]?.message).toContain('at most 5 years')
    })
  })
})
