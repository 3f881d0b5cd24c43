import type { AddressInfo } from 'node:net'
import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import ICAL from 'ical.js'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'
import { runCalendarSource } from '../../src/icsImport/runSource'
import { runCalendarQueueOnce } from '../../src/jobs/calendarQueueRunner'
import { importDueCalendarSources } from '../../src/jobs/importCalendarSources'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import {
  as,
  createUser,
  failureOf,
  getTestPayload,
  type TestUser,
  unique,
} from '../helpers/payload'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ics')
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8')

type Doc = Record<string, any>

/**
 * Calendar subscriptions in (issue 27, part 2; docs/calendar-sources.md): feeds written as
 * Google, Outlook and Apple write them, served over real HTTP, imported into events whose times
 * are those ical.js reads from the same text; a second run idempotent, changes and removals
 * upstream followed, local edits kept when the source says so, bad feeds failed cleanly.
 */
describe('calendar sources: iCalendar feeds imported', () => {
  let payload: Payload
  let api: TestServer
  let feeds: http.Server
  let feedBase: string
  let admin: TestUser
  let editor: TestUser
  let contributor: TestUser
  /** What the feed server answers, by path; edited by the tests to change a feed upstream. */
  const served = new Map<string, string>()

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    feeds = http.createServer((req, res) => {
      const url = req.url ?? '/'
      if (url === '/loop') {
        res.writeHead(302, { location: '/loop' }).end()
      } else if (url === '/huge.ics') {
        // 200 MB of calendar, never sent whole: the download must stop at its bound.
        res.writeHead(200, { 'content-type': 'text/calendar' })
        const line = Buffer.from(`${'X-FILLER:'.padEnd(1023, 'x')}\n`)
        let sent = 0
        const pump = () => {
          while (sent < 200 * 1024 * 1024) {
            sent += line.length
            if (!res.write(line)) return res.once('drain', pump)
          }
          res.end()
        }
        res.write('BEGIN:VCALENDAR\r\n')
        pump()
      } else if (url === '/page.html') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hello</body></html>')
      } else if (served.has(url)) {
        res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(served.get(url))
      } else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve))
    feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
    // As a site whose feeds come from its own network would configure it (`calendarSourceHosts`).
    pluginOptionsOf(payload).calendarSourceHosts.push('127.0.0.1')
    ;[admin, editor, contributor] = await Promise.all([
      createUser(payload, 'administrator'),
      createUser(payload, 'editor'),
      createUser(payload, 'contributor'),
    ])
  })

  afterAll(async () => {
    feeds?.closeAllConnections()
    await new Promise((resolve) => feeds?.close(resolve))
    await api?.close()
  })

  const createSource = async (data: Doc, user: TestUser = editor) =>
    (await payload.create({
      collection: 'calendar-sources' as never,
      data: {
        name: unique('source'),
        schedule: 'manual',
        eventStatus: 'publish',
        ...data,
      } as never,
      ...as(user),
    })) as Doc

  /** The events a source imported, by UID and RECURRENCE-ID. */
  const importedBy = async (sourceId: number) => {
    const { docs } = await payload.find({
      collection: 'calendar-source-items' as never,
      depth: 0,
      limit: 0,
      pagination: false,
      where: { source: { equals: sourceId } },
    })
    const events = new Map<string, Doc>()
    for (const item of docs as Doc[]) {
      const event = await payload.findByID({
        collection: 'events',
        depth: 0,
        id: item.event,
        overrideAccess: true,
      })
      events.set(item.recurrenceId ? `${item.uid} ${item.recurrenceId}` : item.uid, event as Doc)
    }
    return events
  }

  const occurrencesOf = async (eventId: number) =>
    (
      (await drizzleOf(payload)!.execute(sql`
        SELECT to_char(start_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start_utc, status
        FROM calendar_occurrences WHERE event_id = ${eventId} ORDER BY start_utc`)) as {
        rows: { start_utc: string; status: string }[]
      }
    ).rows

  /** ical.js's own reading of a feed: each event's instants (the series expanded, overrides and exclusions applied). */
  function icalInstants(text: string): Map<string, string[]> {
    const calendar = new ICAL.Component(ICAL.parse(text))
    for (const zone of calendar.getAllSubcomponents('vtimezone'))
      ICAL.TimezoneService.register(zone)
    const byUid = new Map<string, ICAL.Component[]>()
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const uid = String(vevent.getFirstPropertyValue('uid'))
      byUid.set(uid, [...(byUid.get(uid) ?? []), vevent])
    }
    const instants = new Map<string, string[]>()
    for (const [uid, components] of byUid) {
      const master = components.find((component) => !component.hasProperty('recurrence-id'))!
      const event = new ICAL.Event(master, {
        exceptions: components.filter((component) => component !== master) as never,
      })
      const found: string[] = []
      const iterator = event.iterator()
      for (let next = iterator.next(); next && found.length < 100; next = iterator.next()) {
        const details = event.getOccurrenceDetails(next)
        if (String(details.item.component.getFirstPropertyValue('status')) === 'CANCELLED') continue
        found.push(details.startDate.toJSDate().toISOString().replace('.000Z', 'Z'))
      }
      instants.set(uid, found)
    }
    return instants
  }

  it('imports a Google feed: times as ical.js reads them, the series with its exclusion and overrides, the place matched to a venue by name', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: `Riverside Hall`, status: 'publish' } as never,
      overrideAccess: true,
    })
    served.set('/google.ics', fixture('google.ics'))
    const source = await createSource({ url: `${feedBase}/google.ics` })
    const run = await runCalendarSource(payload, source.id)
    expect(run.log[0]).toBe(
      '3 created, 0 updated, 0 unchanged, 0 kept as edited here, 0 moved to the trash, 0 failed',
    )
    expect(run.ok).toBe(true)
    const events = await importedBy(source.id)
    const expected = icalInstants(fixture('google.ics'))

    const concert = events.get('concert-1@google.com')!
    // 19:00 in New York, still on standard time (EST) three days before the change.
    expect(concert.startDate).toBe('2027-03-11T00:00:00.000Z')
    expect(concert.startDate).toBe(
      new Date(expected.get('concert-1@google.com')![0]!).toISOString(),
    )
    expect(concert.timezone).toBe('America/New_York')
    expect(concert.status).toBe('publish')
    expect(concert.venue).toBe(venue.id)
    // A text description is text: its angle brackets are no markup.
    expect(concert.descriptionHtml).toContain('&lt;b&gt;guest&lt;/b&gt;')

    // A UTC time, kept in the feed's own zone (X-WR-TIMEZONE); its place, no venue of ours, kept as text.
    const late = events.get('concert-2@google.com')!
    expect([late.startDate, late.timezone]).toEqual([
      `${expected.get('concert-2@google.com')![0]!.slice(0, -1)}.000Z`,
      'America/New_York',
    ])
    expect(late.venue ?? null).toBeNull()
    expect(late.descriptionHtml).toContain('12 Unknown Street, Springfield')

    const rehearsal = events.get('rehearsal@google.com')!
    expect(rehearsal.recurrence.rule).toBe('FREQ=WEEKLY;COUNT=6;BYDAY=MO')
    expect(rehearsal.recurrence.exdates).toEqual(['2027-03-22T09:00:00'])
    const rows = await occurrencesOf(rehearsal.id)
    // ical.js's instants: the exclusion left out, the moved one at its new time, the cancelled one gone.
    expect(rows.filter((row) => row.status === 'scheduled').map((row) => row.start_utc)).toEqual(
      expected.get('rehearsal@google.com')!.sort(),
    )
    expect(rows.filter((row) => row.status === 'cancelled').map((row) => row.start_utc)).toEqual([
      '2027-03-29T13:00:00Z',
    ])
  })

  it('a second run adds nothing; a changed event is updated, a removed one goes to the trash', async () => {
    served.set('/again.ics', fixture('google.ics'))
    const source = await createSource({ url: `${feedBase}/again.ics` })
    await runCalendarSource(payload, source.id)
    const before = await importedBy(source.id)
    const second = await runCalendarSource(payload, source.id)
    expect(second.log[0]).toBe(
      '0 created, 0 updated, 3 unchanged, 0 kept as edited here, 0 moved to the trash, 0 failed',
    )
    const after = await importedBy(source.id)
    expect([...after].map(([key, event]) => [key, event.id, event.updatedAt])).toEqual(
      [...before].map(([key, event]) => [key, event.id, event.updatedAt]),
    )

    const changed = fixture('google.ics')
      .replace('SUMMARY:Spring concert', 'SUMMARY:Spring concert (moved)')
      .replace(
        'T190000\r\nDTEND;TZID=America/New_York:20270310T213000',
        'T200000\r\nDTEND;TZID=America/New_York:20270310T223000',
      )
      .replace(/BEGIN:VEVENT\r\nDTSTART:20270415T230000Z[\s\S]*?END:VEVENT\r\n/, '')
    served.set('/again.ics', changed)
    const third = await runCalendarSource(payload, source.id)
    expect(third.log[0]).toBe(
      '0 created, 1 updated, 1 unchanged, 0 kept as edited here, 1 moved to the trash, 0 failed',
    )
    const now = await importedBy(source.id)
    const concert = now.get('concert-1@google.com')!
    expect([concert.id, concert.title, concert.startDate]).toEqual([
      before.get('concert-1@google.com')!.id,
      'Spring concert (moved)',
      '2027-03-11T01:00:00.000Z',
    ])
    expect(now.get('concert-2@google.com')!.status).toBe('trash')

    // Back upstream: the same event comes out of the trash, nothing new is made.
    served.set('/again.ics', fixture('google.ics'))
    const fourth = await runCalendarSource(payload, source.id)
    expect(fourth.log[0]).toMatch(/^0 created, 2 updated, 1 unchanged/)
    const back = (await importedBy(source.id)).get('concert-2@google.com')!
    expect([back.id, back.status]).toEqual([before.get('concert-2@google.com')!.id, 'publish'])
  })

  it("follows a series' overrides as they change upstream: a move undone goes back, a retitled occurrence takes its title and gives it back", async () => {
    const moved =
      /BEGIN:VEVENT\r\nDTSTART;TZID=America\/New_York:20270315T110000[\s\S]*?END:VEVENT\r\n/
    const retitled = [
      'BEGIN:VEVENT',
      'DTSTART;TZID=America/New_York:20270405T090000',
      'DTEND;TZID=America/New_York:20270405T103000',
      'RECURRENCE-ID;TZID=America/New_York:20270405T090000',
      'DTSTAMP:20261120T120000Z',
      'UID:rehearsal@google.com',
      'SUMMARY:Weekly rehearsal: dress rehearsal',
      'END:VEVENT',
      '',
    ].join('\r\n')
    served.set('/overrides.ics', fixture('google.ics'))
    const source = await createSource({ url: `${feedBase}/overrides.ics` })
    await runCalendarSource(payload, source.id)
    const series = (await importedBy(source.id)).get('rehearsal@google.com')!
    const overrides = async () =>
      (
        (await drizzleOf(payload)!.execute(sql`
          SELECT to_char(original_start, 'MM-DD') AS day, override
          FROM calendar_occurrences WHERE event_id = ${series.id} AND override IS NOT NULL
          ORDER BY original_start`)) as { rows: { day: string; override: Doc }[] }
      ).rows
    expect(await overrides()).toEqual([
      {
        day: '03-15',
        override: { endLocal: '2027-03-15T12:30:00', startLocal: '2027-03-15T11:00:00' },
      },
    ])

    // The 15th's move is withdrawn upstream, and the 5 April is retitled at its own time.
    const changed = fixture('google.ics')
      .replace(moved, '')
      .replace('END:VCALENDAR', `${retitled}END:VCALENDAR`)
    served.set('/overrides.ics', changed)
    expect((await runCalendarSource(payload, source.id)).log[0]).toMatch(/^0 created, 1 updated/)
    const scheduled = async () =>
      (await occurrencesOf(series.id))
        .filter((row) => row.status === 'scheduled')
        .map((row) => row.start_utc)
    expect(await scheduled()).toEqual(icalInstants(changed).get('rehearsal@google.com')!.sort())
    expect(await scheduled()).toContain('2027-03-15T13:00:00Z')
    expect(await overrides()).toEqual([
      { day: '04-05', override: { title: 'Weekly rehearsal: dress rehearsal' } },
    ])

    // The title withdrawn too: the occurrence is the series' again.
    served.set('/overrides.ics', fixture('google.ics').replace(moved, ''))
    await runCalendarSource(payload, source.id)
    expect(await overrides()).toEqual([])
  })

  it('imports an Outlook feed: Windows zone names, HTML made safe, a rule the model cannot hold expanded and said in the log', async () => {
    served.set('/outlook.ics', fixture('outlook.ics'))
    const source = await createSource({ url: `${feedBase}/outlook.ics` })
    const run = await runCalendarSource(payload, source.id)
    expect(run.ok).toBe(true)
    expect(run.log.join('\n')).toMatch(/BYHOUR is not supported.*imported as its events up to/)
    const events = await importedBy(source.id)
    const expected = icalInstants(fixture('outlook.ics'))

    const review = events.get('040000008200E00074C5B7101A82E00800000000A1B2C3D4')!
    expect([review.timezone, review.startDate]).toEqual([
      'Europe/Berlin',
      '2027-06-02T12:00:00.000Z',
    ])
    expect(review.startDate).toBe(
      new Date(expected.get('040000008200E00074C5B7101A82E00800000000A1B2C3D4')![0]!).toISOString(),
    )
    expect(review.descriptionHtml).toContain('Quarterly <strong>review</strong>')
    // Outlook's whole HTML document: its style and script dropped with their text, the link without its script.
    expect(review.descriptionHtml).not.toMatch(/script|javascript:|onclick|alert|color:red/i)

    const board = [...events]
      .filter(([key]) => key.startsWith('040000008200E00074C5B7101A82E00800000000FFEE0011 '))
      .map(([, event]) => event.startDate)
      .sort()
    expect(board).toEqual(
      expected
        .get('040000008200E00074C5B7101A82E00800000000FFEE0011')!
        .map((instant) => new Date(instant).toISOString())
        .sort(),
    )
    expect(board).toHaveLength(4)
  })

  it('imports an Apple feed: all-day events, floating times in the site zone, an all-day series with an exclusion', async () => {
    // An uploaded file's text rather than an address.
    const source = await createSource({ ics: fixture('apple.ics') })
    const run = await runCalendarSource(payload, source.id)
    expect(run.ok).toBe(true)
    const events = await importedBy(source.id)
    const zone = pluginOptionsOf(payload).siteTimezone

    const fair = events.get('5B8C1D2E-1111-4A4A-9999-ABCDEF012345')!
    expect([fair.allDay, fair.startLocal, fair.endLocal]).toEqual([
      true,
      '2027-07-02 00:00:00',
      '2027-07-03 23:59:59',
    ])
    const talk = events.get('5B8C1D2E-2222-4A4A-9999-ABCDEF012345')!
    expect([talk.timezone, talk.startDate]).toEqual(['Europe/Paris', '2027-09-10T16:30:00.000Z'])
    const breakfast = events.get('floating-1@example.test')!
    expect([breakfast.timezone, breakfast.startLocal]).toEqual([zone, '2027-05-05 08:00:00'])

    const market = events.get('allday-weekly@example.test')!
    expect(market.recurrence.exdates).toEqual(['2027-06-15'])
    const days = (await occurrencesOf(market.id)).map((row) => row.status)
    expect(days).toEqual(['scheduled', 'scheduled', 'scheduled'])
  })

  it('"keep local edits" keeps an event edited here; "source wins" overwrites it', async () => {
    served.set('/edits.ics', fixture('outlook.ics'))
    const source = await createSource({ url: `${feedBase}/edits.ics` })
    await runCalendarSource(payload, source.id)
    const uid = '040000008200E00074C5B7101A82E00800000000A1B2C3D4'
    const id = (await importedBy(source.id)).get(uid)!.id
    await payload.update({
      collection: 'events',
      id,
      data: { title: 'Our own title' },
      ...as(editor),
    })
    served.set(
      '/edits.ics',
      fixture('outlook.ics').replace('SUMMARY:Quarterly review', 'SUMMARY:Q2 review'),
    )

    const kept = await runCalendarSource(payload, source.id)
    expect(kept.log[0]).toMatch(/ 1 kept as edited here,/)
    expect((await importedBy(source.id)).get(uid)!.title).toBe('Our own title')

    await payload.update({
      collection: 'calendar-sources' as never,
      id: source.id,
      data: { conflictPolicy: 'sourceWins' } as never,
      ...as(editor),
    })
    const overwritten = await runCalendarSource(payload, source.id)
    expect(overwritten.log[0]).toMatch(/^0 created, 1 updated,/)
    expect((await importedBy(source.id)).get(uid)!.title).toBe('Q2 review')
  })

  it('fails cleanly on a 200 MB feed, endless redirects, a page that is not a calendar, text that is not iCalendar and a private address', async () => {
    const countEvents = async () => (await payload.count({ collection: 'events' })).totalDocs
    served.set('/hello.ics', 'hello, this is no calendar')
    const cases: [string, RegExp][] = [
      [`${feedBase}/huge.ics`, /larger than 10 MB/],
      [`${feedBase}/loop`, /too many redirects/],
      [`${feedBase}/page.html`, /not a calendar \(text\/html\)/],
      [`${feedBase}/hello.ics`, /not an iCalendar file/],
      // Not a trusted host: localhost is the server's own network.
      [
        `http://localhost:${(feeds.address() as AddressInfo).port}/google.ics`,
        /private or internal address/,
      ],
    ]
    for (const [url, reason] of cases) {
      const before = await countEvents()
      const source = await createSource({ url })
      const started = Date.now()
      const run = await runCalendarSource(payload, source.id)
      expect(Date.now() - started).toBeLessThan(20_000)
      expect(run.ok).toBe(false)
      expect(run.log[0]).toMatch(reason)
      const stored = (await payload.findByID({
        collection: 'calendar-sources' as never,
        id: source.id,
        overrideAccess: true,
      })) as Doc
      expect([stored.lastRun.status, stored.lastRun.log]).toEqual(['failed', run.log.join('\n')])
      expect(await countEvents()).toBe(before)
    }
  })

  it('runs a source when its schedule says it is due, and not again before', async () => {
    served.set('/hourly.ics', fixture('apple.ics'))
    const hourly = await createSource({ url: `${feedBase}/hourly.ics`, schedule: 'hourly' })
    const lastRunOf = async () =>
      (
        (await payload.findByID({
          collection: 'calendar-sources' as never,
          id: hourly.id,
          overrideAccess: true,
        })) as Doc
      ).lastRun?.at ?? null
    const now = new Date()
    await importDueCalendarSources(payload, now)
    const first = await lastRunOf()
    expect(first).toBe(now.toISOString())
    // Half an hour later: not due; an hour later: due again.
    await importDueCalendarSources(payload, new Date(now.getTime() + 30 * 60_000))
    expect(await lastRunOf()).toBe(first)
    const later = new Date(now.getTime() + 60 * 60_000)
    await importDueCalendarSources(payload, later)
    expect(await lastRunOf()).toBe(later.toISOString())
  })

  it('is for editors and administrators: contributors can neither see nor add one; "run now" queues the run on the calendar queue', async () => {
    expect(
      (await failureOf(() => createSource({ url: `${feedBase}/google.ics` }, contributor))).status,
    ).toBe(403)
    const source = await createSource({ url: `${feedBase}/runnow.ics` }, admin)
    served.set('/runnow.ics', fixture('google.ics'))
    const read = await failureOf(() =>
      payload.find({ collection: 'calendar-sources' as never, ...as(contributor) }),
    )
    expect(read.status).toBe(403)
    // The address is checked as it is written.
    expect(
      (await failureOf(() => createSource({ url: 'ftp://example.test/feed.ics' }))).message,
    ).toMatch(/invalid/i)

    const runNow = (user: TestUser) =>
      fetch(`${api.url}/api/calendar-sources/${source.id}/run`, {
        method: 'POST',
        headers: basic(user.email, user.password),
      })
    expect((await runNow(contributor)).status).toBe(404)
    expect((await runNow(editor)).status).toBe(202)
    await runCalendarQueueOnce(payload)
    const stored = (await payload.findByID({
      collection: 'calendar-sources' as never,
      id: source.id,
      overrideAccess: true,
    })) as Doc
    expect(stored.lastRun.status).toBe('succeeded')
    expect((await importedBy(source.id)).size).toBe(3)
  })
})
