import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries, occurrenceIdAt, restAs } from '../helpers/series'

/*
 * Recurring events in the feeds (docs/recurrence.md, "Feeds"), over HTTP: a series is one VEVENT
 * with its rule plus one per changed occurrence, and ical.js (an independent reader, resolving
 * times through the feed's own VTIMEZONEs) must expand it to exactly the occurrences we store,
 * instant by instant: moved ones at their new times, cancelled ones absent. One occurrence's
 * own `.ics` is a standalone VEVENT.
 */

type Instance = { start: string; end: string; summary: string }
type Stored = { id: number; original_start: string; start_utc: string; end_utc: string }

const iso = (time: ICAL.Time) => time.toJSDate().toISOString()

/** The VEVENTs of `uid` in a feed, and what ical.js expands them to (exceptions applied). */
function expand(text: string, uid: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const components = calendar
    .getAllSubcomponents('vevent')
    .filter((component) => component.getFirstPropertyValue('uid') === uid)
  const master = components.find((component) => !component.hasProperty('recurrence-id'))!
  const overrides = components.filter((component) => component.hasProperty('recurrence-id'))
  const event = new ICAL.Event(master)
  for (const component of overrides) event.relateException(new ICAL.Event(component))
  const instances: Instance[] = []
  const iterator = event.iterator()
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = event.getOccurrenceDetails(next)
    instances.push({
      start: iso(details.startDate),
      end: iso(details.endDate),
      summary: details.item.summary,
    })
    if (instances.length > 100) throw new Error('ical.js did not stop')
  }
  return { calendar, components, master, overrides, instances }
}

describe('recurring events in the feeds', () => {
  let payload: Payload
  let server: TestServer
  let admin: TestUser
  let host = ''
  const marker = unique('recfeed')

  const rest = restAs(
    () => server,
    () => admin,
  )
  const stored = async (eventId: number): Promise<Stored[]> => {
    const { rows } = (await drizzleOf(payload)!.execute(sql`
      SELECT id, to_char(original_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start, start_utc, end_utc
      FROM calendar_occurrences WHERE event_id = ${eventId} AND status = 'scheduled' ORDER BY start_utc, id`)) as {
      rows: Stored[]
    }
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      start_utc: new Date(row.start_utc).toISOString(),
      end_utc: new Date(row.end_utc).toISOString(),
    }))
  }
  const rowAt = (eventId: number, originalStart: string) =>
    occurrenceIdAt(payload, eventId, originalStart)
  const feedText = async (path: string) => {
    const response = await fetch(`${server.url}${path}`)
    expect(response.status, path + (await response.clone().text())).toBe(200)
    return response.text()
  }

  /** The issue's series: Mondays at 09:00 in New York from 2027-03-01, 6 times, 22 March excluded. */
  let series: { id: number; slug: string }
  let movedId = 0
  let cancelledId = 0

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    host = new URL(pluginOptionsOf(payload).siteUrl).hostname
    const { doc } = await rest('POST', '/events', issueWeeklySeries(`Weekly class ${marker}`))
    series = { id: doc.id, slug: doc.slug }
    // 15 March moved to Tuesday 16 March, 10:00-11:30 New York time, and retitled; 29 March cancelled.
    movedId = await rowAt(series.id, '2027-03-15T09:00:00')
    cancelledId = await rowAt(series.id, '2027-03-29T09:00:00')
    await rest('PATCH', `/events/${series.id}/occurrences/${movedId}`, {
      startDate: '2027-03-16T14:00:00Z',
      endDate: '2027-03-16T15:30:00Z',
    })
    await rest('PATCH', `/events/${series.id}/occurrences/${cancelledId}`, { status: 'cancelled' })
    await rest('PATCH', `/events/${series.id}/occurrences/${movedId}`, { title: 'Moved class' })
  })
  afterAll(() => server?.close())

  it('writes the series as one VEVENT with its rule and one per moved occurrence, which ical.js expands to exactly the stored occurrences', async () => {
    const text = await feedText(`/event/${series.slug}.ics`)
    const { master, overrides, instances } = expand(text, `${series.id}@${host}`)
    expect(master.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York')
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6\r\n')
    // The excluded date and the cancelled occurrence, both as EXDATE.
    expect(text).toContain('EXDATE;TZID=America/New_York:20270322T090000,20270329T090000\r\n')
    expect(overrides).toHaveLength(1)
    expect(text).toContain('RECURRENCE-ID;TZID=America/New_York:20270315T090000\r\n')
    expect(Number(overrides[0]!.getFirstPropertyValue('sequence'))).toBeGreaterThan(
      Number(master.getFirstPropertyValue('sequence')),
    )

    const rows = await stored(series.id)
    expect(rows.map((row) => row.start_utc)).toEqual([
      '2027-03-01T14:00:00.000Z',
      '2027-03-08T14:00:00.000Z',
      '2027-03-16T14:00:00.000Z',
      '2027-04-05T13:00:00.000Z',
    ])
    expect(instances.map(({ start, end }) => ({ start, end }))).toEqual(
      rows.map((row) => ({ start: row.start_utc, end: row.end_utc })),
    )
  })

  it('gives a retitled occurrence its own SUMMARY and link, and keeps every UID across an edit of the whole series', async () => {
    await rest('PATCH', `/events/${series.id}`, { title: `Weekly class renamed ${marker}` })
    const text = await feedText(`/event/${series.slug}.ics`)
    const { overrides, instances } = expand(text, `${series.id}@${host}`)
    expect(instances.map((instance) => instance.summary)).toEqual([
      `Weekly class renamed ${marker}`,
      `Weekly class renamed ${marker}`,
      'Moved class',
      `Weekly class renamed ${marker}`,
    ])
    expect(overrides[0]!.getFirstPropertyValue('url')).toMatch(
      new RegExp(`/event/${series.slug}/2027-03-16/$`),
    )
    const rows = await stored(series.id)
    expect(instances.map((instance) => instance.start)).toEqual(rows.map((row) => row.start_utc))
  })

  it('writes the series whole, once, in the calendar feed of its window', async () => {
    const text = await feedText('/events.ics?start_date=2027-03-01&end_date=2027-04-30')
    const { components, instances } = expand(text, `${series.id}@${host}`)
    expect(components).toHaveLength(2)
    expect(instances).toHaveLength(4)
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n')
  })

  it("gives the VTIMEZONE every year a series' occurrences reach", async () => {
    const { doc } = await rest('POST', '/events', {
      title: `New Year class ${marker}`,
      startDate: '2027-12-27T08:00:00.000Z',
      endDate: '2027-12-27T09:00:00.000Z',
      timezone: 'Australia/Sydney',
      status: 'publish',
      recurrence: { rule: 'FREQ=MONTHLY;COUNT=5' },
    })
    const text = await feedText(`/event/${doc.slug}.ics`)
    const { calendar, instances } = expand(text, `${doc.id}@${host}`)
    const zone = calendar
      .getAllSubcomponents('vtimezone')
      .find((component) => component.getFirstPropertyValue('tzid') === 'Australia/Sydney')!
    const onsets = zone
      .getAllSubcomponents()
      .map((observance) => String(observance.getFirstPropertyValue('dtstart')))
    // Sydney leaves daylight saving in April 2028, which the series' last occurrence follows.
    expect(onsets.some((onset) => onset.startsWith('2028-04'))).toBe(true)
    const rows = await stored(doc.id)
    expect(rows).toHaveLength(5)
    expect(instances.map((instance) => instance.start)).toEqual(rows.map((row) => row.start_utc))
  })

  it('writes an all-day series with dates: ical.js expands it to the stored days, the cancelled one absent', async () => {
    const { doc } = await rest('POST', '/events', {
      title: `Festival ${marker}`,
      startDate: '2027-06-30T22:00:00.000Z',
      endDate: '2027-07-01T21:59:59.000Z',
      timezone: 'Europe/Paris',
      allDay: true,
      status: 'publish',
      recurrence: { rule: 'FREQ=DAILY;COUNT=4' },
    })
    await rest(
      'PATCH',
      `/events/${doc.id}/occurrences/${await rowAt(doc.id, '2027-07-02T00:00:00')}`,
      {
        status: 'cancelled',
      },
    )
    const text = await feedText(`/event/${doc.slug}.ics`)
    expect(text).toContain('EXDATE;VALUE=DATE:20270702\r\n')
    const calendar = new ICAL.Component(ICAL.parse(text))
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
    expect(event.startDate.isDate).toBe(true)
    const days: string[] = []
    const iterator = event.iterator()
    for (let next = iterator.next(); next && days.length < 10; next = iterator.next())
      days.push(next.toString())
    expect(days).toEqual(['2027-07-01', '2027-07-03', '2027-07-04'])
  })

  it("answers one occurrence's own .ics with a standalone VEVENT, and 404 for a cancelled, missing or unreadable one", async () => {
    const text = await feedText(`/event/${series.slug}/2027-03-16.ics`)
    const calendar = new ICAL.Component(ICAL.parse(text))
    const [vevent, ...others] = calendar.getAllSubcomponents('vevent')
    expect(others).toHaveLength(0)
    expect(vevent!.getFirstPropertyValue('uid')).toBe(`${series.id}-${movedId}@${host}`)
    expect(vevent!.hasProperty('rrule')).toBe(false)
    expect(vevent!.hasProperty('recurrence-id')).toBe(false)
    const event = new ICAL.Event(vevent!)
    expect([iso(event.startDate), iso(event.endDate)]).toEqual([
      '2027-03-16T14:00:00.000Z',
      '2027-03-16T15:30:00.000Z',
    ])
    expect(event.summary).toBe('Moved class')
    // The same through the page's address.
    expect(await feedText(`/event/${series.slug}/2027-03-16/?ical=1`)).toContain(
      `UID:${series.id}-${movedId}@${host}`,
    )

    for (const path of [
      `/event/${series.slug}/2027-03-29.ics`, // cancelled
      `/event/${series.slug}/2027-03-15.ics`, // moved away
      `/event/${series.slug}/2027-03-16/2.ics`, // no second one that day
      `/event/${series.slug}/2027-02-30.ics`, // no such date
    ]) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).not.toMatch(/calendar/)
    }
    const draft = await rest(
      'POST',
      '/events',
      issueWeeklySeries(`Draft class ${marker}`, { status: 'draft' }),
    )
    for (const path of [
      `/event/${draft.doc.slug}/2027-03-08.ics`,
      `/event/${draft.doc.slug}.ics`,
    ]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404)
    }
  })
})
