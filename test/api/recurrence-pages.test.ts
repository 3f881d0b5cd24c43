import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { drizzleOf } from '../../src/db/pool'
import { serveAllApis, sessionCookie, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries, occurrenceIdAt, restAs } from '../helpers/series'

/*
 * The public pages of recurring events (docs/recurrence.md, "Public pages"), over HTTP behind the
 * product's Express front: a series' page with its summary and upcoming dates, each occurrence's
 * page at `/event/{slug}/{YYYY-MM-DD}/` with its own dates, title and JSON-LD, and nothing of a
 * cancelled occurrence or of a series a visitor may not read. The test clock is 2026-11-21
 * (test/setupEnv.ts): every occurrence below is upcoming.
 */

type JsonLd = Record<string, any>

const jsonLdOf = (html: string): JsonLd => {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)
  expect(match, 'a JSON-LD script').not.toBeNull()
  return JSON.parse(match![1]!) as JsonLd
}
const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!)

describe('public pages of recurring events', () => {
  let payload: Payload
  let server: TestServer
  let admin: TestUser
  let editor: TestUser
  const marker = unique('recpage')
  const series: Record<string, { id: number; slug: string; title: string }> = {}

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
  const html = async (path: string, headers: Record<string, string> = {}) => {
    const response = await page(path, headers)
    expect(response.status, path).toBe(200)
    return response.text()
  }
  const rest = restAs(
    () => server,
    () => admin,
  )
  const rowAt = (eventId: number, originalStart: string) =>
    occurrenceIdAt(payload, eventId, originalStart)
  const sessionOf = (user: TestUser) => sessionCookie(server, payload, user)

  /** The issue's series (Mondays 09:00 New York from 2027-03-01, 6 times, 22 March excluded), with `extra`. */
  const make = async (key: string, extra: Record<string, unknown> = {}) => {
    const title = `${key} class ${marker}`
    const { doc } = await rest('POST', '/events', issueWeeklySeries(title, extra))
    series[key] = { id: doc.id, slug: doc.slug, title }
    return series[key]!
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    editor = await createUser(payload, 'editor')
    const weekly = await make('Weekly')
    // 15 March moved to Tuesday 16 March 10:00 and retitled; 29 March cancelled.
    const moved = await rowAt(weekly.id, '2027-03-15T09:00:00')
    await rest('PATCH', `/events/${weekly.id}/occurrences/${moved}`, {
      startDate: '2027-03-16T14:00:00Z',
      endDate: '2027-03-16T15:30:00Z',
    })
    await drizzleOf(payload)!.execute(
      sql`UPDATE calendar_occurrences SET override = override || '{"title": "Moved class"}'::jsonb WHERE id = ${moved}`,
    )
    await rest(
      'PATCH',
      `/events/${weekly.id}/occurrences/${await rowAt(weekly.id, '2027-03-29T09:00:00')}`,
      {
        status: 'cancelled',
      },
    )
    await make('Draft', { status: 'draft' })
    await make('Private', { status: 'private' })
    await make('Protected', { password: 'door-code' })
    const { doc } = await rest('POST', '/events', {
      title: `Single night ${marker}`,
      startDate: '2026-12-12T18:00:00.000Z',
      endDate: '2026-12-12T21:30:00.000Z',
      timezone: 'Europe/Paris',
      status: 'publish',
    })
    series.single = { id: doc.id, slug: doc.slug, title: doc.title }
  })
  afterAll(() => server?.close())

  it("shows a series' page with its summary, its upcoming dates (not the cancelled one) and their JSON-LD", async () => {
    const { slug, title } = series.Weekly!
    const text = await html(`/event/${slug}/`)
    expect(text).toContain(`<h1>${title}</h1>`)
    expect(text).toContain('Every Monday at 09:00, 6 times, except on 1 date')
    const dates = hrefs(text).filter((href) => href.includes(`/event/${slug}/2027-`))
    expect(dates.map((href) => new URL(href).pathname)).toEqual([
      `/event/${slug}/2027-03-01/`,
      `/event/${slug}/2027-03-08/`,
      `/event/${slug}/2027-03-16/`,
      `/event/${slug}/2027-04-05/`,
    ])
    expect(text).toContain('Moved class')
    const jsonLd = jsonLdOf(text)
    expect(jsonLd['@type']).toBe('Event')
    expect(jsonLd.startDate).toBe('2027-03-01T09:00:00-05:00')
    expect(
      jsonLd.subEvent.map((item: JsonLd) => [item.name, item.startDate, item.endDate]),
    ).toEqual([
      [title, '2027-03-01T09:00:00-05:00', '2027-03-01T10:30:00-05:00'],
      [title, '2027-03-08T09:00:00-05:00', '2027-03-08T10:30:00-05:00'],
      ['Moved class', '2027-03-16T10:00:00-04:00', '2027-03-16T11:30:00-04:00'],
      [title, '2027-04-05T09:00:00-04:00', '2027-04-05T10:30:00-04:00'],
    ])
  })

  it('shows one occurrence at its address: its dates in the zone of that day, the series linked, the next dates, its JSON-LD and .ics', async () => {
    const { slug, title } = series.Weekly!
    const text = await html(`/event/${slug}/2027-03-08/`)
    expect(text).toContain(`<h1>${title}</h1>`)
    expect(text).toMatch(/Monday, March 8, 2027, 9:00\s?AM – 10:30\s?AM EST/)
    const links = hrefs(text).map((href) => new URL(href).pathname)
    expect(links).toContain(`/event/${slug}/`)
    expect(links).toContain(`/event/${slug}/2027-03-08.ics`)
    expect(links.filter((link) => /\/2027-\d\d-\d\d\/$/.test(link))).toEqual([
      `/event/${slug}/2027-03-16/`,
      `/event/${slug}/2027-04-05/`,
    ])
    const jsonLd = jsonLdOf(text)
    expect(jsonLd).toMatchObject({
      '@type': 'Event',
      name: title,
      startDate: '2027-03-08T09:00:00-05:00',
      endDate: '2027-03-08T10:30:00-05:00',
      eventStatus: 'https://schema.org/EventScheduled',
      superEvent: { '@type': 'Event', name: title },
    })
    expect(new URL(jsonLd.url).pathname).toBe(`/event/${slug}/2027-03-08/`)
    expect(new URL(jsonLd.superEvent.url).pathname).toBe(`/event/${slug}/`)

    // The calendar's API root on the page is the occurrence's own route, which answers it.
    const root = (await page(`/event/${slug}/2027-03-08/`)).headers.get('x-tec-api-root')!
    expect(new URL(root).pathname).toBe(
      `/wp-json/vendor/events/v1/events/${await rowAt(series.Weekly!.id, '2027-03-08T09:00:00')}`,
    )
    expect(text).toContain(`<link rel="alternate" href="${root}">`)
    const occurrence = await (await page(new URL(root).pathname)).json()
    expect(occurrence.start_date).toBe('2027-03-08 09:00:00')

    // After the clocks change, 09:00 is EDT.
    expect(await html(`/event/${slug}/2027-04-05/`)).toMatch(
      /Monday, April 5, 2027, 9:00\s?AM – 10:30\s?AM EDT/,
    )
  })

  it('shows a moved occurrence at its new date with its own title, as rescheduled', async () => {
    const { slug } = series.Weekly!
    const text = await html(`/event/${slug}/2027-03-16/`)
    expect(text).toContain('<h1>Moved class</h1>')
    expect(text).toMatch(/Tuesday, March 16, 2027, 10:00\s?AM – 11:30\s?AM EDT/)
    expect(jsonLdOf(text)).toMatchObject({
      name: 'Moved class',
      startDate: '2027-03-16T10:00:00-04:00',
      eventStatus: 'https://schema.org/EventRescheduled',
    })
  })

  it('answers 404 for a cancelled occurrence, a date with none, an impossible date and a single event', async () => {
    const { slug, title } = series.Weekly!
    for (const path of [
      `/event/${slug}/2027-03-29/`, // cancelled
      `/event/${slug}/2027-03-15/`, // moved to the 16th
      `/event/${slug}/2027-03-22/`, // excluded
      `/event/${slug}/2027-03-08/2/`, // one occurrence that day
      `/event/${slug}/2027-02-30/`, // no such date
      `/event/${slug}/2027-03-08/0/`,
      `/event/${series.single!.slug}/2026-12-12/`, // a single event has no occurrence pages
    ]) {
      const response = await page(path)
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).not.toContain(title)
    }
    // The single event's own page is as it was, with its JSON-LD.
    const single = await html(`/event/${series.single!.slug}/`)
    expect(jsonLdOf(single)).toMatchObject({
      startDate: '2026-12-12T19:00:00+01:00',
      endDate: '2026-12-12T22:30:00+01:00',
    })
  })

  it("shows a visitor nothing of a draft, private or password-protected series' occurrences; an editor previews a draft's", async () => {
    for (const key of ['Draft', 'Private', 'Protected']) {
      const { slug, title } = series[key]!
      for (const path of [`/event/${slug}/`, `/event/${slug}/2027-03-08/`]) {
        const response = await page(path)
        expect(response.status, path).toBe(404)
        expect(await response.text(), path).not.toContain(title)
      }
    }
    const { slug, title } = series.Draft!
    const preview = await html(`/event/${slug}/2027-03-08/`, await sessionOf(editor))
    expect(preview).toContain(`<h1>${title}</h1>`)
    expect(preview).toContain('class="preview"')
  })

  it('numbers a second occurrence on one date: /{n}/', async () => {
    const { slug } = await make('Twice', {
      recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3', rdates: ['2027-03-08T18:00:00'] },
    })
    const series = await html(`/event/${slug}/`)
    expect(hrefs(series).map((href) => new URL(href).pathname)).toContain(
      `/event/${slug}/2027-03-08/2/`,
    )
    expect(await html(`/event/${slug}/2027-03-08/2/`)).toMatch(
      /Monday, March 8, 2027, 6:00\s?PM – 7:30\s?PM EST/,
    )
    expect(await html(`/event/${slug}/2027-03-08/`)).toMatch(
      /Monday, March 8, 2027, 9:00\s?AM – 10:30\s?AM EST/,
    )
    expect((await page(`/event/${slug}/2027-03-08/3/`)).status).toBe(404)
  })

  it("writes the series' summary in the page's language", async () => {
    const text = await html(`/fr/event/${series.Weekly!.slug}/`)
    expect(text).toContain('6 fois')
    expect(
      hrefs(text).some((href) => href.includes(`/fr/event/${series.Weekly!.slug}/2027-03-08/`)),
    ).toBe(true)
  })
})
