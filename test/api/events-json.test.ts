import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_WIDGET_ITEMS } from '../../src/feeds/eventsJson'
import { watchDriverStatements } from '../helpers/driverStatements'
import { serveAllApis, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'

/*
 * `/events.json` for calendar widgets (src/feeds/eventsJson.ts, docs/widgets.md), over HTTP behind
 * the product's Express front: FullCalendar's event-source shape, a visitor's events only, every
 * occurrence of a series in the window, the window's bounds, CORS open for GET. Events live in
 * January 2028 and the following year (within the recurrence horizon), apart from other files' by a marker (the site's zone is America/New_York: test/setupEnv.ts).
 */

type WidgetItem = {
  allDay: boolean
  end: string
  extendedProps: {
    categories: { name: string; slug: string }[]
    eventId: number
    venue: null | { name: string; url: string }
  }
  groupId?: string
  id: string
  start: string
  title: string
  url: string
}

describe('/events.json (calendar widgets)', () => {
  let payload: Payload
  let server: TestServer
  const marker = unique('widgetmark')
  const ids: Record<string, number> = {}

  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init)
  const items = async (path: string): Promise<WidgetItem[]> => {
    const response = await get(path)
    expect(response.status, await response.clone().text()).toBe(200)
    return (await response.json()) as WidgetItem[]
  }
  const titles = (list: WidgetItem[]) => list.map((item) => item.title)
  const window2028 = `start=2028-01-01T00:00:00Z&end=2028-02-01T00:00:00Z&search=${marker}`

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: `Folk ${marker}`, slug: unique('folk') } as never,
    })
    const venue = await payload.create({
      collection: 'venues',
      data: { name: `Hall ${marker}`, address: '1 Main St', status: 'publish' } as never,
    })
    const secretVenue = await payload.create({
      collection: 'venues',
      data: { name: `Cellar ${marker}`, password: 'venue-pw', status: 'publish' } as never,
    })
    const make = async (key: string, data: Record<string, unknown>) => {
      const doc = await payload.create({
        collection: 'events',
        data: {
          title: `${key} ${marker}`,
          status: 'publish',
          startDate: '2028-01-12T15:00:00.000Z',
          endDate: '2028-01-12T17:00:00.000Z',
          timezone: 'America/New_York',
          ...data,
        } as never,
      })
      ids[key] = doc.id as number
    }
    await make('shown', { venue: venue.id, categories: [category.id] })
    await payload.update({
      collection: 'events',
      id: ids.shown!,
      data: { title: `montré ${marker}` } as never,
      locale: 'fr',
    })
    await make('secretVenue', { venue: secretVenue.id })
    await make('draft', { status: 'draft' })
    await make('pending', { status: 'pending' })
    await make('private', { status: 'private' })
    await make('protected', { password: 'event-pw' })
    await make('future', {
      status: 'future',
      publishedAt: '2030-01-01T00:00:00Z',
    })
    await make('unlisted', { hideFromListings: true })
    // Two whole days in Paris: 20 and 21 January.
    await make('allDay', {
      startDate: '2028-01-19T23:00:00.000Z',
      endDate: '2028-01-21T22:59:59.000Z',
      timezone: 'Europe/Paris',
      allDay: true,
    })
    // Mondays at 09:00 in New York: 3 January to 7 February, 6 times; 17 January excluded.
    await make('weekly', {
      startDate: '2028-01-03T14:00:00.000Z',
      endDate: '2028-01-03T15:00:00.000Z',
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', exdates: ['2028-01-17T09:00:00'] },
    })
    const trashed = await payload.create({
      collection: 'events',
      data: {
        title: `trashed ${marker}`,
        status: 'publish',
        startDate: '2028-01-14T15:00:00.000Z',
        endDate: '2028-01-14T16:00:00.000Z',
      } as never,
    })
    await payload.update({
      collection: 'events',
      id: trashed.id,
      data: { status: 'trash' } as never,
    })
  }, 120_000)

  afterAll(async () => {
    await server?.close()
  })

  it('answers a window in FullCalendar’s event-source shape, a visitor’s events only', async () => {
    const list = await items(`/events.json?${window2028}`)
    expect(titles(list).sort()).toEqual(
      [
        `allDay ${marker}`,
        `secretVenue ${marker}`,
        `shown ${marker}`,
        ...Array(4).fill(`weekly ${marker}`),
      ].sort(),
    )
    const shown = list.find((item) => item.title === `shown ${marker}`)!
    expect(shown).toMatchObject({
      id: String(ids.shown),
      start: '2028-01-12T15:00:00.000Z',
      end: '2028-01-12T17:00:00.000Z',
      allDay: false,
      extendedProps: {
        eventId: ids.shown,
        categories: [{ name: `Folk ${marker}` }],
        venue: { name: `Hall ${marker}` },
      },
    })
    expect(shown.url).toMatch(/\/event\/[^/]+\/$/)
    // A password-protected venue is not shown inside an event.
    const secret = list.find((item) => item.title === `secretVenue ${marker}`)!
    expect(secret.extendedProps.venue).toBeNull()
    expect(JSON.stringify(list)).not.toContain('Cellar')
    // All day: dates in the event's zone, the end exclusive.
    const allDay = list.find((item) => item.title === `allDay ${marker}`)!
    expect(allDay).toMatchObject({ allDay: true, start: '2028-01-20', end: '2028-01-22' })
  })

  it('lists every occurrence of a series in the window, each with its own id and page', async () => {
    const weekly = (await items(`/events.json?${window2028}`)).filter(
      (item) => item.title === `weekly ${marker}`,
    )
    expect(weekly.map((item) => item.start)).toEqual([
      '2028-01-03T14:00:00.000Z',
      '2028-01-10T14:00:00.000Z',
      '2028-01-24T14:00:00.000Z',
      '2028-01-31T14:00:00.000Z',
      // Not 7 February: after the window. 17 January is excluded.
    ])
    expect(new Set(weekly.map((item) => item.id)).size).toBe(4)
    expect(weekly.every((item) => item.groupId === String(ids.weekly))).toBe(true)
    expect(weekly[1]!.url).toMatch(/\/event\/[^/]+\/2028-01-10\/$/)
    // The window overlaps: an occurrence under way at its start is in it.
    const overlapping = await items(
      `/events.json?start=2028-01-10T14:30:00Z&end=2028-01-10T20:00:00Z&search=${marker}`,
    )
    expect(overlapping.map((item) => item.start)).toEqual(['2028-01-10T14:00:00.000Z'])
  })

  it('reads a window without an offset in the zone sent, and answers under a language root', async () => {
    const inParis = await items(
      `/events.json?start=2028-01-12T21:30:00&end=2028-01-13T00:00:00&timeZone=Europe/Paris&search=${marker}`,
    )
    // 15:00–17:00 UTC is 16:00–18:00 in Paris: before the window.
    expect(titles(inParis)).toEqual([])
    const inNewYork = await items(
      `/events.json?start=2028-01-12T11:30:00&end=2028-01-13T00:00:00&timeZone=America/New_York&search=${marker}`,
    )
    expect(titles(inNewYork).sort()).toEqual([`secretVenue ${marker}`, `shown ${marker}`])
    const french = await items(`/fr/events.json?${window2028}`)
    const shown = french.find((item) => item.extendedProps.eventId === ids.shown)!
    expect(shown.title).toBe(`montré ${marker}`)
    expect(shown.url).toContain('/fr/event/')
  })

  it('never shows drafts, pending, scheduled, private, trashed, unlisted or protected events, even to a signed-in caller', async () => {
    // Without `search`, which alone leaves protected events out for visitors (as WordPress's search does).
    const response = await get('/events.json?start=2028-01-12&end=2028-01-15', {
      headers: { cookie: 'payload-token=whatever' },
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain(`shown ${marker}`)
    for (const hidden of [
      'draft',
      'pending',
      'future',
      'private',
      'protected',
      'unlisted',
      'trashed',
    ])
      expect(text).not.toContain(`${hidden} ${marker}`)
  })

  it('refuses a window that is not one: missing, malformed, reversed, longer than a year', async () => {
    for (const query of [
      '',
      'start=2028-01-01',
      'start=tomorrow&end=2028-02-01',
      'start=2028-02-30&end=2028-03-01',
      'start=2028-02-01&end=2028-01-01',
      'start=2028-01-01&end=2029-01-05',
      `start=${'2028-01-01'.padEnd(100, '0')}&end=2028-02-01`,
    ]) {
      const response = await get(`/events.json?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      const body = await response.json()
      expect(body.code, query).toBe('rest_invalid_param')
      expect(body.data.status).toBe(400)
    }
    // A whole year is a window.
    expect((await get('/events.json?start=2028-01-01&end=2029-01-01')).status).toBe(200)
  })

  it(`refuses a window of more than ${MAX_WIDGET_ITEMS} occurrences`, async () => {
    const many = unique('manymark')
    for (let n = 0; n < 6; n++)
      await payload.create({
        collection: 'events',
        data: {
          title: `daily ${n} ${many}`,
          status: 'publish',
          startDate: '2027-11-25T15:00:00.000Z',
          endDate: '2027-11-25T16:00:00.000Z',
          recurrence: { rule: 'FREQ=DAILY;COUNT=340' },
        } as never,
      })
    const year = `start=2027-11-25&end=2028-11-25&search=${many}`
    const refused = await get(`/events.json?${year}`)
    expect(refused.status).toBe(400)
    expect((await refused.json()).message).toContain('end')
    // Half the year holds 6 × 182 occurrences, found by one statement on the occurrences: the
    // page's ids tell whether there are too many (a count read them all before the page did).
    const sent: string[] = []
    const stop = watchDriverStatements((text) => sent.push(text))
    let half: unknown[]
    try {
      half = await items(`/events.json?start=2027-11-25&end=2028-05-25&search=${many}`)
    } finally {
      stop()
    }
    expect(half).toHaveLength(6 * 182)
    expect(
      sent.filter((text) => text.includes('FROM calendar_occurrences o JOIN events e')),
      sent.join('\n---\n'),
    ).toHaveLength(1)
  }, 180_000)

  it('is open to every origin for GET, without credentials, and kept as the feeds are', async () => {
    const response = await get(`/events.json?${window2028}`, {
      headers: { origin: 'https://widgets.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-credentials')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    const etag = response.headers.get('etag')
    expect(etag).toBeTruthy()
    expect(response.headers.get('last-modified')).toBeNull()
    const again = await get(`/events.json?${window2028}`, { headers: { 'if-none-match': etag! } })
    expect(again.status).toBe(304)
    // A draft's save in the window tells the widget nothing: the same answer, the same ETag.
    const draft = await payload.create({
      collection: 'events',
      data: {
        endDate: '2028-01-10T11:00:00.000Z',
        startDate: '2028-01-10T10:00:00.000Z',
        status: 'draft',
        timezone: 'UTC',
        title: `A draft in the window ${marker}`,
      } as never,
    })
    try {
      const unchanged = await get(`/events.json?${window2028}`, {
        headers: { 'if-none-match': etag! },
      })
      expect([unchanged.status, unchanged.headers.get('etag')]).toEqual([304, etag])
    } finally {
      await payload.delete({ collection: 'events', id: draft.id })
    }

    const preflight = await get(`/events.json?${window2028}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://widgets.example', 'access-control-request-method': 'GET' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
    const post = await get(`/events.json?${window2028}`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('shows a change at once: an event unpublished leaves the window', async () => {
    await payload.update({
      collection: 'events',
      id: ids.shown!,
      data: { status: 'draft' } as never,
    })
    try {
      const list = await items(`/events.json?${window2028}`)
      expect(titles(list)).not.toContain(`shown ${marker}`)
    } finally {
      await payload.update({
        collection: 'events',
        id: ids.shown!,
        data: { status: 'publish' } as never,
      })
    }
  })
})
