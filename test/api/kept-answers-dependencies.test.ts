import type { Payload } from 'payload'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveCompatApi, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'
import { pluginOptionsOf } from '../../src/pluginOptions'

/*
 * What a change drops of the visitors' kept answers (`endpoints/freshness.ts`,
 * `endpoints/visitorResponses.ts`), over HTTP: one item's answer only when an item it shows
 * changed (the event, its venue, its terms' counts), a list showing a changed event with it,
 * whichever process wrote (which changes the events lists outlive: `kept-lists.test.ts`). Whether an answer was served from what was kept is seen by changing a title behind the
 * server's back (with the database's triggers off, so the change log does not see it): a kept
 * answer still shows the old title, a new one the new title.
 */

describe('kept answers dropped by what they depend on', () => {
  let payload: Payload
  let api: TestServer
  let db: pg.Client
  const DATES = { startDate: '2027-05-01T10:00:00.000Z', endDate: '2027-05-01T12:00:00.000Z' }

  const get = async (path: string, base = api.url) => {
    const response = await fetch(`${base}/wp-json/vendor/events/v1${path}`)
    return { body: await response.json(), status: response.status }
  }
  const create = async (collection: string, data: Record<string, unknown>) =>
    (
      (await payload.create({ collection: collection as never, data: data as never })) as {
        id: number
      }
    ).id
  const update = (collection: string, id: number, data: Record<string, unknown>, locale?: string) =>
    payload.update({
      collection: collection as never,
      data: data as never,
      id,
      ...(locale ? { locale: locale as never } : {}),
    })
  /** Renames an event in the database without the change log seeing it. */
  const renameUnseen = async (id: number, title: string) => {
    await db.query('BEGIN')
    await db.query('SET LOCAL session_replication_role = replica')
    await db.query(`UPDATE events_locales SET title = $1 WHERE _parent_id = $2`, [title, id])
    await db.query('COMMIT')
  }
  const titles = (list: { body: { events?: { id: number; title: string }[] } }) =>
    Object.fromEntries((list.body.events ?? []).map((event) => [event.id, event.title]))

  let tag: string
  let venue: number
  let otherVenue: number
  let category: number
  let otherCategory: number
  let a: number
  let b: number
  let c: number

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    db = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await db.connect()
    tag = unique('Depends')
    venue = await create('venues', { name: `${tag} hall`, status: 'publish' })
    otherVenue = await create('venues', { name: `${tag} barn`, status: 'publish' })
    category = await create('event-categories', { name: `${tag} jazz` })
    otherCategory = await create('event-categories', { name: `${tag} folk` })
    const event = (title: string, data: Record<string, unknown>) =>
      create('events', { title: `${tag} ${title}`, ...DATES, status: 'publish', ...data })
    a = await event('A', { categories: [category], venue })
    b = await event('B', { categories: [category], venue: otherVenue })
    c = await event('C', { categories: [otherCategory], venue: otherVenue })
  })
  afterAll(async () => {
    await db.end()
    await api.close()
  })

  it('a change of event A drops A’s answers and every list, and keeps B’s, which is served as kept', async () => {
    const slugOfA = (await get(`/events/${a}`)).body.slug as string
    await get(`/events/by-slug/${slugOfA}`)
    await get(`/events/${b}`)
    await get(`/events?search=${encodeURIComponent(tag)}`)
    await renameUnseen(b, `${tag} B unseen`)
    // Nothing changed that the log saw: every answer is the kept one.
    expect((await get(`/events/${b}`)).body.title).toBe(`${tag} B`)

    await update('events', a, { title: `${tag} A renamed` })
    expect((await get(`/events/${a}`)).body.title).toBe(`${tag} A renamed`)
    expect((await get(`/events/by-slug/${slugOfA}`)).body.title).toBe(`${tag} A renamed`)
    // B shares A's category, whose count did not move: B's answer is still the kept one.
    expect((await get(`/events/${b}`)).body.title).toBe(`${tag} B`)
    // The list was dropped: it shows the new A (and B as kept by id, which did not change).
    expect(titles(await get(`/events?search=${encodeURIComponent(tag)}`))).toMatchObject({
      [a]: `${tag} A renamed`,
      [b]: `${tag} B`,
    })
    await renameUnseen(b, `${tag} B`)
    await update('events', b, { title: `${tag} B` })
  })

  it('a venue renamed drops the events that show it, not the others', async () => {
    await get(`/events/${a}`)
    await get(`/events/${c}`)
    await renameUnseen(c, `${tag} C unseen`)
    await update('venues', venue, { name: `${tag} hall renamed` })
    expect((await get(`/events/${a}`)).body.venue.venue).toBe(`${tag} hall renamed`)
    expect((await get(`/events/${c}`)).body.title).toBe(`${tag} C`)
    await renameUnseen(c, `${tag} C`)
  })

  it('a term’s count that moves drops the events that show the term, not the others', async () => {
    const countOf = (event: { body: { categories: { id: number; count: number }[] } }) =>
      event.body.categories.find((term) => term.id === category)?.count
    const before = countOf(await get(`/events/${b}`))
    await get(`/events/${c}`)
    await renameUnseen(c, `${tag} C unseen`)
    const d = await create('events', {
      title: `${tag} D`,
      ...DATES,
      status: 'publish',
      categories: [category],
    })
    expect(countOf(await get(`/events/${b}`))).toBe(before! + 1)
    expect((await get(`/events/${c}`)).body.title).toBe(`${tag} C`)
    // Unpublished: the count moves back, and D is no longer shown to visitors.
    await get(`/events/${d}`)
    await update('events', d, { status: 'draft' })
    expect(countOf(await get(`/events/${b}`))).toBe(before)
    expect((await get(`/events/${d}`)).status).not.toBe(200)
    await renameUnseen(c, `${tag} C`)
  })

  it('a change in one language drops the item’s answers in every language', async () => {
    const french = await get(`/events/${a}?i18n_language=fr`)
    expect(french.status).toBe(200)
    await update('events', a, { title: `${tag} A en français` }, 'fr')
    expect((await get(`/events/${a}?i18n_language=fr`)).body.title).toBe(`${tag} A en français`)
  })

  it('sees a write made by another process at once (the change log is the database’s)', async () => {
    await get(`/events/${c}`)
    await db.query(`UPDATE events_locales SET title = $1 WHERE _parent_id = $2`, [
      `${tag} C elsewhere`,
      c,
    ])
    expect((await get(`/events/${c}`)).body.title).toBe(`${tag} C elsewhere`)
    await db.query(`UPDATE events_locales SET title = $1 WHERE _parent_id = $2`, [`${tag} C`, c])
  })

  it('sees a change of an occurrence alone (the horizon job, an import’s ids) as a change of its event', async () => {
    const list = `/events?search=${encodeURIComponent(tag)}`
    await get(`/events/${c}`)
    await get(list)
    await renameUnseen(c, `${tag} C unseen`)
    await db.query(`UPDATE calendar_occurrences SET sequence = sequence + 1 WHERE event_id = $1`, [
      c,
    ])
    expect((await get(`/events/${c}`)).body.title).toBe(`${tag} C unseen`)
    expect(titles(await get(list))[c]).toBe(`${tag} C unseen`)
    await db.query(`UPDATE calendar_occurrences SET sequence = sequence - 1 WHERE event_id = $1`, [
      c,
    ])
    await renameUnseen(c, `${tag} C`)
  })

  describe('answers that read the clock', () => {
    let clocked: TestServer
    let now: Date

    beforeAll(async () => {
      clocked = await serveCompatApi(payload, { ...pluginOptionsOf(payload), clock: () => now })
    })
    afterAll(() => clocked.close())

    it('keeps a list past its second until the next instant that can change it: a venue drops out of upcoming at once when its event starts', async () => {
      const starts = new Date('2027-09-01T15:00:00.000Z')
      const soon = await create('venues', { name: `${tag} soon`, status: 'publish' })
      const e = await create('events', {
        title: `${tag} E`,
        startDate: starts.toISOString(),
        endDate: new Date(starts.getTime() + 3_600_000).toISOString(),
        status: 'publish',
        timezone: 'UTC',
        venue: soon,
      })
      const upcoming = async () =>
        ((
          await get(
            `/venues?only_with_upcoming=1&per_page=50&search=${encodeURIComponent(tag)}`,
            clocked.url,
          )
        ).body.venues ?? []) as { id: number; venue: string }[]
      // Nothing else of the calendar starts between these instants in this test's database… but
      // other files' events may: the bound is then earlier, which keeps less, never more.
      now = new Date(starts.getTime() - 60_000)
      expect((await upcoming()).map((v) => v.id)).toContain(soon)
      // Renamed behind the server's back: a kept answer still shows the old name.
      await db.query('BEGIN')
      await db.query('SET LOCAL session_replication_role = replica')
      await db.query(`UPDATE venues_locales SET name = $1 WHERE _parent_id = $2`, [
        `${tag} soon unseen`,
        soon,
      ])
      await db.query('COMMIT')
      now = new Date(starts.getTime() - 30_000)
      expect((await upcoming()).find((v) => v.id === soon)?.venue).toBe(`${tag} soon`)
      now = new Date(starts.getTime() + 1_000)
      expect((await upcoming()).map((v) => v.id)).not.toContain(soon)
      await update('events', e, { status: 'draft' })
    })

    it('keeps the events list’s default window within a day, and moves it at midnight', async () => {
      // The window starts on the local day of "yesterday 23:59 UTC" (docs/compatibility.md).
      const early = await create('events', {
        title: `${tag} F`,
        startDate: '2027-10-10T12:00:00.000Z',
        endDate: '2027-10-10T13:00:00.000Z',
        status: 'publish',
        timezone: 'UTC',
      })
      const listed = async () =>
        Object.keys(
          titles(await get(`/events?search=${encodeURIComponent(`${tag} F`)}`, clocked.url)),
        )
      now = new Date('2027-10-11T12:00:00.000Z')
      expect(await listed()).toContain(String(early))
      await renameUnseen(early, `${tag} F unseen`)
      now = new Date('2027-10-11T12:05:00.000Z')
      expect(
        titles(await get(`/events?search=${encodeURIComponent(`${tag} F`)}`, clocked.url))[early],
      ).toBe(`${tag} F`)
      now = new Date('2027-10-12T12:00:00.000Z')
      expect(await listed()).not.toContain(String(early))
      await update('events', early, { status: 'draft' })
    })
  })
})
