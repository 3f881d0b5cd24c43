import type { Payload } from 'payload'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { pluginOptionsOf } from '../../src/pluginOptions'
import { serveAllApis, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { occurrenceIdAt, restAs } from '../helpers/series'

/*
 * Which changes a kept events list outlives (`src/db/calendarSchema/listRows.ts`,
 * `endpoints/freshness.ts`), over HTTP: a list is dropped when an event it shows changes, or when
 * anything that may move which events match the lists changes (a search also when a searched text
 * does), and kept across any other change. Whether a list was served as kept is seen with an event
 * of its window hidden from listings behind the server's back (the database's triggers off, so the
 * change log does not see it): a kept answer still shows it, a new one does not.
 *
 * The lists read the clock (their window is of whole days): the test's own clock keeps them in
 * one instant, so that no start or midnight of the real one ends them.
 */

const WINDOW = 'start_date=2028-06-20&end_date=2028-06-22&per_page=50'
/** Outside the window: the list never shows these. */
const OUTSIDE = { startDate: '2028-07-10T10:00:00.000Z', endDate: '2028-07-10T12:00:00.000Z' }

type ListAnswer = { body: { events?: { id: number }[]; total?: number }; status: number }

describe('kept events lists across changes that cannot alter them', () => {
  let payload: Payload
  let server: TestServer
  let reads: TestServer
  let db: pg.Client
  let admin: TestUser
  let tag: string
  let plain: string
  let searched: string
  let venue: number
  let organizer: number
  let otherOrganizer: number
  let category: number
  let eventTag: number
  /** Shown by the lists. */
  let shown: number
  /** Shown by the lists until hidden behind the server's back (see the top). */
  let marker: number
  /** Not shown by the lists. */
  let other: number
  let series: number

  const rest = restAs(
    () => server,
    () => admin,
  )
  const get = async (path: string): Promise<ListAnswer> => {
    const response = await fetch(`${reads.url}/wp-json/vendor/events/v1${path}`)
    return { body: (await response.json()) as ListAnswer['body'], status: response.status }
  }
  const create = async (collection: string, data: Record<string, unknown>) =>
    (
      (await payload.create({ collection: collection as never, data: data as never })) as {
        id: number
      }
    ).id
  const update = (collection: string, id: number, data: Record<string, unknown>) =>
    payload.update({ collection: collection as never, data: data as never, id })
  const hideUnseen = async (hidden: boolean) => {
    await db.query('BEGIN')
    await db.query('SET LOCAL session_replication_role = replica')
    await db.query('UPDATE events SET hide_from_listings = $1 WHERE id = $2', [hidden, marker])
    await db.query('COMMIT')
  }
  const showsMarker = (answer: ListAnswer) =>
    (answer.body.events ?? []).some((event) => event.id === marker)

  /**
   * Whether `list`, read anew and kept, is served as kept after `change`. A new answer's total must
   * be its own when the change may move the lists (`moves`): the total kept beside it is dropped
   * with it, and counted anew without the hidden event.
   */
  const keptAcross = async (list: string, change: () => Promise<unknown>, moves = true) => {
    await hideUnseen(false)
    // A change the log sees, which moves the lists: none is kept from before.
    await db.query('UPDATE events SET featured = NOT coalesce(featured, false) WHERE id = $1', [
      marker,
    ])
    const before = await get(list)
    expect(before.status).toBe(200)
    expect(showsMarker(before)).toBe(true)
    await hideUnseen(true)
    await change()
    const after = await get(list)
    expect(after.status).toBe(200)
    if (moves && !showsMarker(after)) expect(after.body.total).toBe(after.body.events!.length)
    return showsMarker(after)
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    const now = new Date('2028-06-01T12:00:00.000Z')
    reads = await serveCompatApi(payload, { ...pluginOptionsOf(payload), clock: () => now })
    db = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await db.connect()
    admin = await createUser(payload, 'administrator')
    tag = unique('KeptLists')
    plain = `/events?${WINDOW}`
    searched = `/events?${WINDOW}&search=${encodeURIComponent(tag)}`
    venue = await create('venues', { name: `${tag} hall`, status: 'publish' })
    organizer = await create('organizers', { name: `${tag} host`, status: 'publish' })
    otherOrganizer = await create('organizers', { name: `${tag} guest`, status: 'publish' })
    category = await create('event-categories', { name: `${tag} jazz` })
    eventTag = await create('event-tags', { name: `${tag} late` })
    const event = (title: string, data: Record<string, unknown>) =>
      create('events', { title: `${tag} ${title}`, status: 'publish', timezone: 'UTC', ...data })
    shown = await event('shown', {
      startDate: '2028-06-20T10:00:00.000Z',
      endDate: '2028-06-20T12:00:00.000Z',
    })
    marker = await event('marker', {
      startDate: '2028-06-21T10:00:00.000Z',
      endDate: '2028-06-21T12:00:00.000Z',
    })
    other = await event('other', OUTSIDE)
    series = (
      await rest('POST', '/events', {
        title: `${tag} weekly`,
        startDate: '2028-07-03T09:00:00.000Z',
        endDate: '2028-07-03T10:00:00.000Z',
        timezone: 'UTC',
        status: 'publish',
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=4' },
      })
    ).doc.id
  })
  afterAll(async () => {
    await hideUnseen(false)
    await db.end()
    await reads.close()
    await server.close()
  })

  it('keeps a list across a title change of an event it does not show, and drops it when it shows the event', async () => {
    expect(
      await keptAcross(plain, () => update('events', other, { title: `${tag} renamed` })),
    ).toBe(true)
    expect(
      await keptAcross(plain, () =>
        update('events', other, { cost: '12', website: 'https://example.com/' }),
      ),
    ).toBe(true)
    expect(
      await keptAcross(
        plain,
        () => update('events', shown, { title: `${tag} shown again` }),
        // The total of the list it shows stays: only the list's page is dropped.
        false,
      ),
    ).toBe(false)
  })

  it('drops a search by any change of a searched text, and keeps it across other changes that move no list', async () => {
    expect(
      await keptAcross(searched, () => update('events', other, { title: `${tag} other` })),
    ).toBe(false)
    expect(
      await keptAcross(searched, () => update('events', other, { excerpt: 'a new excerpt' })),
    ).toBe(false)
    expect(await keptAcross(searched, () => update('events', other, { cost: '15' }))).toBe(true)
  })

  it('drops a list by a change of anything that may move which events it lists, of an event it does not show', async () => {
    const drops = async (what: string, change: () => Promise<unknown>) =>
      expect(await keptAcross(plain, change), what).toBe(false)
    await drops('dates', () =>
      update('events', other, {
        startDate: '2028-07-11T10:00:00.000Z',
        endDate: '2028-07-11T12:00:00.000Z',
      }),
    )
    await drops('publish → draft', () => update('events', other, { status: 'draft' }))
    await drops('draft → publish', () => update('events', other, { status: 'publish' }))
    await drops('password set', () => update('events', other, { password: 'secret' }))
    await drops('password removed', () => update('events', other, { password: '' }))
    await drops('category added', () => update('events', other, { categories: [category] }))
    await drops('category removed', () => update('events', other, { categories: [] }))
    await drops('tag added', () => update('events', other, { tags: [eventTag] }))
    await drops('tag removed', () => update('events', other, { tags: [] }))
    await drops('venue set', () => update('events', other, { venue }))
    await drops('venue removed', () => update('events', other, { venue: null }))
    await drops('organizer added', () => update('events', other, { organizers: [organizer] }))
    // One relation for another: as many rows, of other columns.
    await drops('organizer changed', () =>
      update('events', other, { organizers: [otherOrganizer] }),
    )
    await drops('organizer removed', () => update('events', other, { organizers: [] }))
    await drops('featured', () => update('events', other, { featured: true }))
    await drops('hidden from listings', () => update('events', other, { hideFromListings: true }))
    await drops('created', () =>
      create('events', { title: `${tag} new`, status: 'publish', timezone: 'UTC', ...OUTSIDE }),
    )
    const doomed = await create('events', {
      title: `${tag} doomed`,
      status: 'draft',
      timezone: 'UTC',
      ...OUTSIDE,
    })
    await drops('deleted', () => payload.delete({ collection: 'events' as never, id: doomed }))
  })

  it('drops a list when a series edit adds, cancels or moves an occurrence it does not show, and keeps it across an occurrence’s own title', async () => {
    const occurrence = await occurrenceIdAt(payload, series, '2028-07-10T09:00:00')
    const moved = await occurrenceIdAt(payload, series, '2028-07-17T09:00:00')
    expect(
      await keptAcross(plain, () =>
        rest('PATCH', `/events/${series}/occurrences/${occurrence}`, { title: `${tag} special` }),
      ),
      'an occurrence’s own title',
    ).toBe(true)
    expect(
      await keptAcross(plain, () =>
        rest('PATCH', `/events/${series}/occurrences/${occurrence}`, { status: 'cancelled' }),
      ),
      'cancelled',
    ).toBe(false)
    expect(
      await keptAcross(plain, () =>
        rest('PATCH', `/events/${series}/occurrences/${moved}`, {
          startDate: '2028-07-18T09:00:00.000Z',
          endDate: '2028-07-18T10:00:00.000Z',
        }),
      ),
      'moved',
    ).toBe(false)
    expect(
      await keptAcross(plain, () =>
        rest('PATCH', `/events/${series}`, { recurrence: { rule: 'FREQ=WEEKLY;COUNT=5' } }),
      ),
      'added',
    ).toBe(false)
  })

  it('sees what another connection writes (the log is the database’s)', async () => {
    expect(
      await keptAcross(plain, () =>
        db.query('UPDATE events_locales SET title = $1 WHERE _parent_id = $2', [
          `${tag} elsewhere`,
          other,
        ]),
      ),
    ).toBe(true)
    expect(
      await keptAcross(searched, () =>
        db.query('UPDATE events_locales SET title = $1 WHERE _parent_id = $2', [
          `${tag} again`,
          other,
        ]),
      ),
    ).toBe(false)
    expect(
      await keptAcross(plain, () =>
        db.query(`UPDATE events SET status = 'draft' WHERE id = $1`, [other]),
      ),
    ).toBe(false)
    expect(
      await keptAcross(plain, () =>
        db.query(
          `UPDATE calendar_occurrences SET status = 'cancelled' WHERE event_id = $1 AND status = 'scheduled' AND start_local > '2028-07-20'`,
          [series],
        ),
      ),
    ).toBe(false)
  })
})
