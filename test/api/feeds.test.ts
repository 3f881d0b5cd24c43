import type { Payload } from 'payload'

import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import config from '../../payload.config'
import { poolOf } from '../../src/db/pool'
import { createEventsCalendarHandler } from '../../src/exports/handler'
import { eventsCalendarRoutes } from '../../src/exports/next'
import {
  MAX_RENDERS,
  MAX_WAIT_MS,
  RETRY_AFTER_SECONDS,
  withRenderTurn,
} from '../../src/feeds/renderTurns'
import { serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { lexicalParagraph } from '../helpers/lexical'

/*
 * The calendar feeds (`src/feeds/`), over HTTP behind the product's Express front: every feed is
 * parsed with ical.js (an independent reader, which resolves times through the feed's own
 * VTIMEZONEs) and compared with what the compatibility API shows a visitor for the same filters.
 * The test clock is 2026-11-21T00:37:04Z, the site's timezone America/New_York (test/setupEnv.ts):
 * the site's "today" is 2026-11-20.
 */

type ApiEvent = {
  all_day: boolean | null
  categories: { name: string }[]
  end_date: string
  global_id: string
  id: number
  start_date: string
  title: string
  url: string
  utc_end_date: string
  utc_start_date: string
  venue:
    [] | { address?: string; city?: string; geo_lat?: number; geo_lng?: number; venue?: string }
}

type FeedEvent = {
  allDay: boolean
  categories: string[]
  description: null | string
  end: string
  geo: null | number[]
  location: null | string
  organizer: null | string
  sequence: number
  start: string
  summary: string
  tzid: null | string
  uid: string
  url: null | string
}

/** A feed's events as ical.js reads them, times as UTC instants (ISO) or, all-day, as dates. */
function parseFeed(text: string): { calendar: ICAL.Component; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    const when = (time: ICAL.Time) =>
      time.isDate ? time.toString() : time.toJSDate().toISOString()
    const categories = component
      .getAllProperties('categories')
      .flatMap((property) => property.getValues() as string[])
    return {
      allDay: event.startDate.isDate,
      categories,
      description: (component.getFirstPropertyValue('description') as null | string) ?? null,
      end: when(event.endDate),
      geo: (component.getFirstPropertyValue('geo') as null | number[]) ?? null,
      location: (component.getFirstPropertyValue('location') as null | string) ?? null,
      organizer: (component.getFirstPropertyValue('organizer') as null | string) ?? null,
      sequence: Number(component.getFirstPropertyValue('sequence')),
      start: when(event.startDate),
      summary: event.summary,
      tzid:
        (component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      uid: event.uid,
      url: (component.getFirstPropertyValue('url') as null | string) ?? null,
    }
  })
  return { calendar, events }
}

const utcIso = (wall: string) => new Date(`${wall.replace(' ', 'T')}Z`).toISOString()
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')

describe('calendar feeds (iCalendar)', () => {
  let payload: Payload
  let server: TestServer
  let editor: TestUser
  const marker = unique('feedmark')
  const ids: Record<string, number> = {}
  const slugs: Record<string, string> = {}
  let categoryId = 0
  let categorySlug = ''
  let venueId = 0

  const feed = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers })
  const feedText = async (path: string) => {
    const response = await feed(path)
    expect(response.status, await response.clone().text()).toBe(200)
    return response.text()
  }
  /** Every event the API lists for a visitor with these filters, all pages. */
  const apiEvents = async (query: string): Promise<ApiEvent[]> => {
    const events: ApiEvent[] = []
    for (let page = 1; ; page++) {
      const response = await fetch(
        `${server.url}/wp-json/vendor/events/v1/events?per_page=50&page=${page}&${query}`,
      )
      if (response.status === 404 && page > 1) break
      expect(response.status).toBe(200)
      const body = await response.json()
      events.push(...body.events)
      if (page >= body.total_pages) break
    }
    return events
  }

  /** The feed and the API agree on every event: the same ones, instants, dates, places and categories. */
  const expectSameAsApi = (feedEvents: FeedEvent[], api: ApiEvent[]) => {
    expect(feedEvents.map((event) => event.uid)).toEqual(api.map((event) => event.global_id))
    for (const [index, shown] of api.entries()) {
      const event = feedEvents[index]!
      expect(event.summary).toBe(decode(shown.title))
      expect(event.url).toBe(shown.url)
      if (shown.all_day) {
        expect(event.allDay).toBe(true)
        expect(event.start).toBe(shown.start_date.slice(0, 10))
        const lastDay = new Date(`${shown.end_date.slice(0, 10)}T00:00:00Z`)
        expect(event.end).toBe(new Date(lastDay.getTime() + 86_400_000).toISOString().slice(0, 10))
      } else {
        expect(event.allDay).toBe(false)
        expect(event.start).toBe(utcIso(shown.utc_start_date))
        expect(event.end).toBe(utcIso(shown.utc_end_date))
      }
      expect(event.categories.sort()).toEqual(
        shown.categories.map((category) => decode(category.name)).sort(),
      )
      if (Array.isArray(shown.venue) || shown.id === ids.utc) {
        // The `utc` event's venue is password-protected: the API embeds it blanked, the feed leaves it out.
        if (shown.id === ids.utc)
          expect(JSON.stringify(shown.venue)).not.toContain('1 Secret Street')
        expect(event.location).toBeNull()
      } else {
        for (const part of [shown.venue.venue, shown.venue.address, shown.venue.city])
          if (part) expect(event.location).toContain(decode(part))
        if (shown.venue.geo_lat)
          expect(event.geo).toEqual([shown.venue.geo_lat, shown.venue.geo_lng])
      }
    }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    editor = await createUser(payload, 'editor')
    categorySlug = unique('jazz')
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: `Jazz, Blues & Soul ${marker}`, slug: categorySlug } as never,
    })
    categoryId = category.id as number
    const venue = await payload.create({
      collection: 'venues',
      data: {
        name: `Le Duc; des Lombards ${marker}`,
        address: '42 rue des Lombards',
        city: 'Paris',
        country: 'France',
        zip: '75001',
        latitude: 48.8597,
        longitude: 2.3488,
        status: 'publish',
        author: editor.id,
      } as never,
    })
    venueId = venue.id as number
    const secretVenue = await payload.create({
      collection: 'venues',
      data: {
        name: `Hidden Cellar ${marker}`,
        address: '1 Secret Street',
        password: 'venue-pw',
        status: 'publish',
      } as never,
    })
    const draftVenue = await payload.create({
      collection: 'venues',
      data: { name: `Draft Hall ${marker}`, address: '9 Draft Road', status: 'draft' } as never,
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: `Jazz Club ${marker}`, email: 'club@example.test', status: 'publish' } as never,
    })
    const quoted = await payload.create({
      collection: 'organizers',
      data: {
        name: `The "Blue" Note ${marker}`,
        email: 'blue@example.test',
        status: 'publish',
      } as never,
    })

    const make = async (key: string, data: Record<string, unknown>) => {
      const doc = await payload.create({
        collection: 'events',
        data: {
          title: `${key} ${marker}`,
          status: 'publish',
          description: lexicalParagraph(`About ${key}: line one, then; more.`),
          ...data,
        } as never,
      })
      ids[key] = doc.id as number
      slugs[key] = String((doc as { slug?: string }).slug)
    }
    // Across the spring DST change of each zone (Paris: 2027-03-28, New York: 2027-03-14).
    await make('parisBefore', {
      startDate: '2027-03-27T19:00:00.000Z',
      endDate: '2027-03-27T21:00:00.000Z',
      timezone: 'Europe/Paris',
      venue: venue.id,
      organizers: [organizer.id],
      categories: [category.id],
      featured: true,
    })
    await make('parisAfter', {
      startDate: '2027-03-28T18:00:00.000Z',
      endDate: '2027-03-28T20:00:00.000Z',
      timezone: 'Europe/Paris',
      venue: venue.id,
    })
    await make('nyBefore', {
      startDate: '2027-03-13T23:00:00.000Z',
      endDate: '2027-03-14T01:00:00.000Z',
      timezone: 'America/New_York',
      organizers: [quoted.id],
    })
    await make('nyAfter', {
      startDate: '2027-03-14T22:00:00.000Z',
      endDate: '2027-03-15T00:00:00.000Z',
      timezone: 'America/New_York',
      categories: [category.id],
    })
    // 01:30 on 2027-11-07 happens twice in New York; this is the second one (EST).
    await make('nyRepeatedHour', {
      startDate: '2027-11-07T06:30:00.000Z',
      endDate: '2027-11-07T07:30:00.000Z',
      timezone: 'America/New_York',
    })
    // Two whole days in Paris: 10 and 11 January.
    await make('allDay', {
      startDate: '2027-01-09T23:00:00.000Z',
      endDate: '2027-01-11T22:59:59.000Z',
      timezone: 'Europe/Paris',
      allDay: true,
    })
    await make('ongoing', {
      startDate: '2026-11-19T15:00:00.000Z',
      endDate: '2026-11-22T15:00:00.000Z',
      timezone: 'America/New_York',
    })
    await make('ended', {
      startDate: '2026-11-18T15:00:00.000Z',
      endDate: '2026-11-19T15:00:00.000Z',
      timezone: 'America/New_York',
    })
    await make('utc', {
      startDate: '2027-02-01T10:00:00.000Z',
      endDate: '2027-02-01T11:00:00.000Z',
      timezone: 'UTC',
      venue: secretVenue.id,
    })
    // Saved with a zone in other letters, as the original takes them (`utc`, `europe/paris`).
    await make('utcLower', {
      startDate: '2027-02-01T12:00:00.000Z',
      endDate: '2027-02-01T13:00:00.000Z',
      timezone: 'utc',
    })
    await make('parisLower', {
      startDate: '2027-03-29T18:00:00.000Z',
      endDate: '2027-03-29T19:00:00.000Z',
      timezone: 'europe/paris',
    })
    await make('draftVenue', {
      startDate: '2027-02-02T10:00:00.000Z',
      endDate: '2027-02-02T11:00:00.000Z',
      venue: draftVenue.id,
    })
    await make('protected', {
      startDate: '2027-02-03T10:00:00.000Z',
      endDate: '2027-02-03T11:00:00.000Z',
      password: 'event-pw',
      venue: venue.id,
      categories: [category.id],
      organizers: [organizer.id],
      description: lexicalParagraph('Secret words of the protected event'),
    })
    for (const status of ['draft', 'pending', 'private'])
      await make(status, {
        startDate: '2027-02-04T10:00:00.000Z',
        endDate: '2027-02-04T11:00:00.000Z',
        status,
      })
    await make('hidden', {
      startDate: '2027-02-05T10:00:00.000Z',
      endDate: '2027-02-05T11:00:00.000Z',
      hideFromListings: true,
    })
    await make('trashed', {
      startDate: '2027-02-06T10:00:00.000Z',
      endDate: '2027-02-06T11:00:00.000Z',
    })
    await payload.update({
      collection: 'events',
      id: ids.trashed!,
      data: { status: 'trash' } as never,
    })
  })
  afterAll(() => server?.close())

  it('serves the upcoming events as the API lists them for a visitor, with the headers of a feed', async () => {
    const response = await feed(`/events.ics?search=${marker}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('etag')).toMatch(/^W\/".+"$/)
    // A date of the latest change would tell when hidden items were edited: the ETag alone.
    expect(response.headers.get('last-modified')).toBeNull()
    const text = await response.text()
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    const { calendar, events } = parseFeed(text)
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Events – /)
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York')
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H')
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H')
    // Upcoming: not ended before the site's today (2026-11-20), so the ongoing event is in and the ended one out.
    const api = await apiEvents(`search=${marker}&ends_after=2026-11-19`)
    expect(api.map((event) => event.id)).toContain(ids.ongoing)
    expect(api.map((event) => event.id)).not.toContain(ids.ended)
    expectSameAsApi(events, api)
  })

  it('gives every zone used a VTIMEZONE, so instants hold across DST changes, and all-day events DATE values with an exclusive end', async () => {
    const { calendar, events } = parseFeed(await feedText(`/events.ics?search=${marker}`))
    const zones = calendar
      .getAllSubcomponents('vtimezone')
      .map((zone) => zone.getFirstPropertyValue('tzid'))
    expect(zones.sort()).toEqual(['America/New_York', 'Europe/Paris'])
    const byTitle = (key: string) => events.find((event) => event.summary === `${key} ${marker}`)!
    expect(byTitle('parisBefore')).toMatchObject({
      start: '2027-03-27T19:00:00.000Z',
      tzid: 'Europe/Paris',
    })
    expect(byTitle('parisAfter')).toMatchObject({
      start: '2027-03-28T18:00:00.000Z',
      tzid: 'Europe/Paris',
    })
    expect(byTitle('nyBefore')).toMatchObject({
      start: '2027-03-13T23:00:00.000Z',
      tzid: 'America/New_York',
    })
    expect(byTitle('nyAfter')).toMatchObject({
      start: '2027-03-14T22:00:00.000Z',
      tzid: 'America/New_York',
    })
    // A local time that names two instants is written in UTC instead.
    expect(byTitle('nyRepeatedHour')).toMatchObject({
      start: '2027-11-07T06:30:00.000Z',
      end: '2027-11-07T07:30:00.000Z',
      tzid: null,
    })
    expect(byTitle('utc')).toMatchObject({ start: '2027-02-01T10:00:00.000Z', tzid: null })
    // A zone saved in other letters is written in its own: no TZID:utc, no second Paris.
    expect(byTitle('utcLower')).toMatchObject({ start: '2027-02-01T12:00:00.000Z', tzid: null })
    expect(byTitle('parisLower')).toMatchObject({
      start: '2027-03-29T18:00:00.000Z',
      tzid: 'Europe/Paris',
    })
    expect(byTitle('allDay')).toMatchObject({
      allDay: true,
      start: '2027-01-10',
      end: '2027-01-12',
    })
  })

  it('writes what an event says: plain description, location, GEO, organizer, categories, UID, SEQUENCE, status', async () => {
    const text = await feedText(`/events.ics?search=${marker}`)
    const { events } = parseFeed(text)
    const paris = events.find((event) => event.summary === `parisBefore ${marker}`)!
    expect(paris.uid).toBe(`localhost?id=${ids.parisBefore}`)
    expect(paris.description).toBe('About parisBefore: line one, then; more.')
    expect(paris.location).toBe(
      `Le Duc; des Lombards ${marker}, 42 rue des Lombards, Paris, 75001, France`,
    )
    expect(paris.geo).toEqual([48.8597, 2.3488])
    expect(paris.organizer).toBe('mailto:club@example.test')
    expect(paris.categories).toEqual([`Jazz, Blues & Soul ${marker}`])
    expect(text).toContain('STATUS:CONFIRMED')
    // Escaped as TEXT: the comma and semicolon of the venue's name.
    expect(text.replace(/\r\n /g, '')).toContain(
      `LOCATION:Le Duc\\; des Lombards ${marker}\\, 42 rue des Lombards`,
    )
  })

  // Issue 25, finding 12: ical-generator wrote `CN="The \\"Blue\\" Note"`; a parameter value has no escape for DQUOTE.
  it('writes an organizer’s name with double quotes as a valid parameter value', async () => {
    const text = (await feedText(`/events.ics?search=${marker}`)).replace(/\r\n /g, '')
    const line = text
      .split('\r\n')
      .find((item) => item.startsWith('ORGANIZER') && item.includes('blue@example.test'))!
    expect(line).toBe(`ORGANIZER;CN="The 'Blue' Note ${marker}":mailto:blue@example.test`)
    const { calendar } = parseFeed(text)
    const event = calendar
      .getAllSubcomponents('vevent')
      .find((item) => String(item.getFirstPropertyValue('summary')).startsWith('nyBefore'))!
    expect(event.getFirstProperty('organizer')!.getParameter('cn')).toBe(
      `The 'Blue' Note ${marker}`,
    )
  })

  it('never shows drafts, pending, private, trashed or hidden events, nor a protected event’s or venue’s content', async () => {
    const text = await feedText(`/events.ics?search=${marker}`)
    const unfolded = text.replace(/\r\n /g, '')
    for (const key of ['draft', 'pending', 'private', 'trashed', 'hidden'])
      expect(unfolded).not.toContain(`${key} ${marker}`)
    for (const secret of [
      'Secret words',
      '1 Secret Street',
      'Hidden Cellar',
      'Draft Hall',
      '9 Draft Road',
    ])
      expect(unfolded).not.toContain(secret)
    // A visitor's search leaves password-protected events out (docs/compatibility.md, "Search"): its day instead.
    expect(parseFeed(text).events.map((event) => event.summary)).not.toContain(
      `protected ${marker}`,
    )
    const { events } = parseFeed(
      await feedText('/events.ics?start_date=2027-02-03&end_date=2027-02-03'),
    )
    const locked = events.find((event) => event.summary === `protected ${marker}`)!
    expect(locked).toMatchObject({
      start: '2027-02-03T10:00:00.000Z',
      end: '2027-02-03T11:00:00.000Z',
      description: 'Content is protected.',
      location: null,
      organizer: null,
      categories: [],
      geo: null,
    })
    // Single feeds: unpublished ones are 404, the protected one keeps its title and times only.
    for (const key of ['draft', 'pending', 'private', 'trashed'])
      expect((await feed(`/event/${slugs[key]}.ics`)).status).toBe(404)
    const single = parseFeed(await feedText(`/event/${slugs.protected}.ics`)).events
    expect(single).toHaveLength(1)
    expect(single[0]).toMatchObject({
      summary: `protected ${marker}`,
      description: 'Content is protected.',
      location: null,
    })
  })

  it('takes the events list’s filters, and agrees with the API for each', async () => {
    for (const query of [
      `search=${marker}&start_date=2027-01-01&end_date=2027-12-31`,
      `search=${marker}&start_date=2026-11-01&end_date=2027-03-20`,
      `search=${marker}&categories=${categorySlug}&start_date=2026-01-01&end_date=2028-01-01`,
      `search=${marker}&categories=${categoryId}&start_date=2026-01-01&end_date=2028-01-01`,
      `search=${marker}&venue=${venueId}&start_date=2026-01-01&end_date=2028-01-01`,
      `search=${marker}&featured=1&start_date=2026-01-01&end_date=2028-01-01`,
      `search=${marker}&featured=0&start_date=2026-01-01&end_date=2028-01-01`,
    ]) {
      const { events } = parseFeed(await feedText(`/events.ics?${query}`))
      const api = await apiEvents(query)
      expect(api.length, query).toBeGreaterThan(0)
      expectSameAsApi(events, api)
    }
  })

  it('keeps the UID across updates while SEQUENCE and LAST-MODIFIED grow, and answers 304 while nothing changed', async () => {
    const path = `/event/${slugs.nyAfter}.ics`
    const first = await feed(path)
    const etag = first.headers.get('etag')!
    const before = parseFeed(await first.text()).events[0]!
    const notModified = await feed(path, { 'If-None-Match': etag })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')
    // A change no visitor can see (a draft's save, an item created private) keeps every feed's ETag.
    const hidden = await payload.create({
      collection: 'events',
      data: {
        endDate: '2027-03-14T22:00:00.000Z',
        startDate: '2027-03-14T21:00:00.000Z',
        status: 'draft',
        timezone: 'UTC',
        title: `hidden ${marker}`,
      } as never,
    })
    await payload.update({
      collection: 'events',
      id: hidden.id,
      data: { status: 'private' } as never,
    })
    const calendar = `/events.ics?search=${marker}`
    const whole = (await feed(calendar)).headers.get('etag')!
    await payload.update({
      collection: 'events',
      id: hidden.id,
      data: { title: `hidden again ${marker}` } as never,
    })
    for (const [url, tag] of [
      [path, etag],
      [calendar, whole],
    ] as const)
      expect((await feed(url, { 'If-None-Match': tag })).status, url).toBe(304)
    await payload.delete({ collection: 'events', id: hidden.id })
    // Another last character, whatever it was (an ETag ending in `x` stayed the same before).
    expect(
      (
        await feed(path, {
          'If-None-Match': etag.replace(
            /(.)"$/,
            (_, last: string) => `${last === 'x' ? 'y' : 'x'}"`,
          ),
        })
      ).status,
    ).toBe(200)
    expect((await feed(`/events.ics?search=${marker}`, { 'If-None-Match': etag })).status).toBe(200)

    await new Promise((resolve) => setTimeout(resolve, 1100))
    await payload.update({
      collection: 'events',
      id: ids.nyAfter!,
      data: { title: `nyAfter moved ${marker}`, startDate: '2027-03-14T21:00:00.000Z' } as never,
    })
    const changed = await feed(path, { 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    const after = parseFeed(await changed.text()).events[0]!
    expect(after.uid).toBe(before.uid)
    expect(after.sequence).toBeGreaterThan(before.sequence)
    expect(after).toMatchObject({
      summary: `nyAfter moved ${marker}`,
      start: '2027-03-14T21:00:00.000Z',
    })
  })

  it('serves The Events Calendar’s ?ical=1 URLs and the language roots', async () => {
    const list = parseFeed(await feedText(`/events/?ical=1&search=${marker}`)).events
    expect(list.map((event) => event.uid)).toEqual(
      parseFeed(await feedText(`/events.ics?search=${marker}`)).events.map((event) => event.uid),
    )
    const single = parseFeed(await feedText(`/event/${slugs.parisAfter}/?ical=1`)).events
    expect(single.map((event) => event.summary)).toEqual([`parisAfter ${marker}`])
    await payload.update({
      collection: 'events',
      id: ids.parisAfter!,
      locale: 'fr',
      data: { title: `Après ${marker}` } as never,
    })
    const french = parseFeed(await feedText(`/fr/event/${slugs.parisAfter}.ics`))
    expect(french.calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Événements – /)
    expect(french.events[0]!.summary).toBe(`Après ${marker}`)
    // Searching matches the language's own texts, as the API's list does: no search here.
    const spanish = parseFeed(
      await feedText('/es/events.ics?start_date=2027-02-03&end_date=2027-02-03'),
    )
    expect(spanish.calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Eventos – /)
    expect(
      spanish.events.find((event) => event.uid === `localhost?id=${ids.protected}`)!.description,
    ).toBe('El contenido está protegido.')
    expect((await feed('/events/')).status).not.toBe(200)
  })

  it('answers hostile filter values with a 400, never a 500', async () => {
    for (const query of [
      'start_date=not-a-date',
      'end_date=%00%00',
      'start_date[$gt]=2020-01-01',
      'venue=abc',
      'venue[]=1&venue[]=x',
      'organizer=-1',
      'categories[a][b]=c',
      'featured=maybe',
      'search[]=x',
      // Longer than any search (src/lib/textLimits.ts): refused before any work.
      `search=${'a'.repeat(4000)}`,
      'tags=%27%3B%20DROP%20TABLE%20events%3B--',
    ]) {
      const response = await feed(`/events.ics?${query}`)
      expect(response.status, query).toBe(400)
      expect((await response.json()).code).toBe('rest_invalid_param')
    }
    for (const query of [
      `search=${'%F0%9F%92%A5'.repeat(200)}`,
      // A NUL is kept in a search, which then finds nothing, as the events list's does.
      'search=%00',
      'search=a%00b',
      `search=${'a'.repeat(500)}`,
      'unknown=1&per_page=100000&status=draft',
    ]) {
      expect((await feed(`/events.ics?${query}`)).status, query).toBe(200)
    }
    expect((await feed('/event/%E0%A4%A.ics')).status).toBe(404)
  })

  /** Feeds rendered while `act` runs: statements that read a feed's events (`feedEventIds`). */
  const rendersDuring = async (act: () => Promise<unknown>) => {
    const pool = poolOf(payload)!
    const query = pool.query
    let renders = 0
    pool.query = function (this: unknown, ...args: unknown[]) {
      const text = String((args[0] as { text?: string })?.text ?? args[0])
      // The page statement of the feed's events (`occurrencePage`); a search's begins with its `WITH`.
      if (text.includes('SELECT e.id AS event_id, o.id FROM calendar_occurrences o')) renders++
      return (query as (...args: unknown[]) => unknown).apply(this, args)
    } as typeof pool.query
    try {
      await act()
    } finally {
      pool.query = query
    }
    return renders
  }

  // Issue 25, finding 4: each feed was rendered anew, 14-23 s at 3,000 events, eight at once starving everyone.
  it('keeps a rendered feed until the calendar changes, and renders one feed once for requests that ask at the same time', async () => {
    const path = `/events.ics?search=${marker}&start_date=2026-01-01&end_date=2028-01-01`
    let first = ''
    expect(await rendersDuring(async () => (first = await feedText(path)))).toBe(1)
    let again = ''
    expect(await rendersDuring(async () => (again = await feedText(path)))).toBe(0)
    expect(again).toBe(first)
    // Another URL for the same feed is another feed (its URL is in it).
    expect(await rendersDuring(() => feedText(`${path}&x=1`))).toBe(1)

    await payload.update({
      collection: 'events',
      id: ids.parisBefore!,
      data: { title: `parisBefore renamed ${marker}` } as never,
    })
    let texts: string[] = []
    expect(
      await rendersDuring(
        async () => (texts = await Promise.all(Array.from({ length: 8 }, () => feedText(path)))),
      ),
    ).toBe(1)
    for (const text of texts)
      expect(parseFeed(text).events.map((event) => event.summary)).toContain(
        `parisBefore renamed ${marker}`,
      )
    expect(new Set(texts).size).toBe(1)
    await payload.update({
      collection: 'events',
      id: ids.parisBefore!,
      data: { title: `parisBefore ${marker}` } as never,
    })
  })

  it('renders at most MAX_RENDERS feeds at once across the server; others wait, then get 503 with Retry-After, while kept feeds are still served', async () => {
    const kept = `/events.ics?search=${marker}&start_date=2027-01-01&end_date=2027-12-31`
    await feedText(kept)
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const taken = Array.from({ length: MAX_RENDERS }, () => withRenderTurn(() => held))
    try {
      const started = Date.now()
      const waiting = feed(`/events.ics?search=${marker}&start_date=2027-02-01&end_date=2027-02-28`)
      expect((await feed(kept)).status).toBe(200)
      const refused = await waiting
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS))
      expect(Date.now() - started).toBeGreaterThanOrEqual(MAX_WAIT_MS - 100)
      // A turn that frees while a render waits is taken at once.
      const next = feed(`/events.ics?search=${marker}&start_date=2027-03-01&end_date=2027-03-31`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      release()
      expect((await next).status).toBe(200)
    } finally {
      release()
      await Promise.all(taken)
    }
  })

  it('is served by the fetch handler and the Next routes too', async () => {
    const handle = createEventsCalendarHandler(async () => payload)
    const viaHandler = await handle(new Request(`http://localhost/event/${slugs.parisBefore}.ics`))
    expect(viaHandler!.status).toBe(200)
    expect(parseFeed(await viaHandler!.text()).events[0]!.summary).toBe(`parisBefore ${marker}`)
    expect(await handle(new Request('http://localhost/elsewhere.ics'))).toBeNull()
    const routes = eventsCalendarRoutes(config)
    const viaNext = await routes.GET(new Request(`http://localhost/es/events.ics?search=${marker}`))
    expect(viaNext.status).toBe(200)
    expect(viaNext.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  })
})
