import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveAllApis, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'

/*
 * A feed's SUMMARY is the event's title as the API's JSON shows it, typeset (curly quotes and
 * apostrophes, dashes), decoded to plain text (docs/compatibility.md, "Feeds"): a calendar app and a
 * site built on the API show the same title. Over HTTP, read with ical.js.
 */

describe('the feeds’ SUMMARY', () => {
  let server: TestServer
  const marker = unique('summarymark')
  const titles = [
    `Jazz "Night" at Tom's ${marker}`,
    `Rock & Roll -- live... ${marker}`,
    `'Quoted' 1990s -- 5x5 ${marker}`,
  ]

  beforeAll(async () => {
    const payload = await getTestPayload()
    server = await serveAllApis(payload)
    for (const [index, title] of titles.entries())
      await payload.create({
        collection: 'events',
        data: {
          title,
          status: 'publish',
          startDate: `2027-04-0${index + 1}T18:00:00.000Z`,
          endDate: `2027-04-0${index + 1}T20:00:00.000Z`,
        } as never,
      })
  })
  afterAll(() => server?.close())

  it('is the title the JSON shows, typeset and decoded, not the title as typed', async () => {
    const api = await fetch(
      `${server.url}/wp-json/vendor/events/v1/events?search=${marker}&start_date=2027-04-01`,
    )
    expect(api.status).toBe(200)
    const titles = ((await api.json()) as { events: { title: string }[] }).events.map(
      (event) => event.title,
    )
    expect(titles).toEqual([
      `Jazz &#8220;Night&#8221; at Tom&#8217;s ${marker}`,
      `Rock &#038; Roll &#8212; live&#8230; ${marker}`,
      `&#8216;Quoted&#8217; 1990s &#8212; 5&#215;5 ${marker}`,
    ])
    const feed = await fetch(`${server.url}/events.ics?search=${marker}&start_date=2027-04-01`)
    expect(feed.status).toBe(200)
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()))
    const summaries = calendar
      .getAllSubcomponents('vevent')
      .map((component) => String(component.getFirstPropertyValue('summary')))
    expect(summaries).toEqual([
      `Jazz “Night” at Tom’s ${marker}`,
      `Rock & Roll — live… ${marker}`,
      `‘Quoted’ 1990s — 5×5 ${marker}`,
    ])
  })
})
