import type { Payload } from 'payload'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { toSlug } from '../../src/lib/wpSlug'
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
  let editor: TestUser
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
    editor = await createUser(payload, 'editor')
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
      status: 'publish',
      timezone: 'UTC',
      ...OUTSIDE,
    })
    await drops('deleted', () => payload.delete({ collection: 'events' as never, id: doomed }))
  })

  it('keeps a list across an editor’s saves of an event no visitor can see before or after them, and drops it when the event is published', async () => {
    const asEditor = restAs(
      () => server,
      () => editor,
    )
    const compat = `${reads.url}/wp-json/vendor/events/v1`
    const save = (id: number, data: Record<string, unknown>) =>
      asEditor('PATCH', `/events/${id}`, data)
    /** The venue's name in a visitors' venues list, which any change of the calendar drops. */
    const venueName = async () =>
      (
        (await (
          await fetch(`${compat}/venues?search=${encodeURIComponent(tag)}&per_page=50`)
        ).json()) as { venues: { id: number; venue: string }[] }
      ).venues.find(({ id }) => id === venue)?.venue
    const renameUnseen = async (name: string) => {
      await db.query('BEGIN')
      await db.query('SET LOCAL session_replication_role = replica')
      await db.query('UPDATE venues_locales SET name = $1 WHERE _parent_id = $2', [name, venue])
      await db.query('COMMIT')
    }
    /**
     * `change` keeps the events list, and keeps (or drops) the venues list too: read and kept
     * just before it, its venue then renamed behind the server's back.
     */
    const kept = async (
      what: string,
      change: () => Promise<unknown>,
      anyChange: 'dropped' | 'kept' = 'kept',
    ) => {
      let read: string | undefined
      const listKept = await keptAcross(plain, async () => {
        await renameUnseen(`${tag} hall`)
        read = await venueName()
        await renameUnseen(`${tag} hall renamed`)
        await change()
      })
      expect(listKept, what).toBe(true)
      expect(read).toBe(`${tag} hall`)
      expect((await venueName()) === read ? 'kept' : 'dropped', what).toBe(anyChange)
    }
    // In the lists' window: published, it would be listed.
    const inWindow = { startDate: '2028-06-21T14:00:00.000Z', endDate: '2028-06-21T15:00:00.000Z' }
    let draft = 0
    // That it exists can be told (`/events/{id}` answers 403, not 404).
    await kept(
      'created as a draft',
      async () => {
        draft = (
          await asEditor('POST', '/events', {
            title: `${tag} draft`,
            status: 'draft',
            timezone: 'UTC',
            ...inWindow,
          })
        ).doc.id
      },
      'dropped',
    )
    // A draft's slug follows its title (src/hooks/generateSlug.ts), and a slug made so names it
    // only for those who may read it (`slugNotYetGiven`, src/lib/wpSlug.ts): no look-up tells.
    const renamed = `${compat}/events/by-slug/${toSlug(`${tag} draft renamed`)}`
    const lookUp = async () => ((await (await fetch(renamed)).json()) as { code: string }).code
    await kept('title', async () => {
      expect(await lookUp()).toBe('rest_invalid_param')
      await save(draft, { title: `${tag} draft renamed` })
    })
    expect(await lookUp()).toBe('rest_invalid_param')
    await kept('dates', () =>
      save(draft, { startDate: '2028-06-20T16:00:00.000Z', endDate: '2028-06-20T17:00:00.000Z' }),
    )
    await kept('venue set', () => save(draft, { venue }))
    await kept('categories and tags', () =>
      save(draft, { categories: [category], tags: [eventTag] }),
    )
    await kept('organizers', () => save(draft, { organizers: [organizer, otherOrganizer] }))
    await kept('venue and organizers changed', () =>
      save(draft, { venue: null, organizers: [otherOrganizer] }),
    )
    await kept('submitted for review', () => save(draft, { status: 'pending' }))
    // A scheduled or private event counts towards its venue's `has_events`: that status tells.
    await kept(
      'scheduled',
      () => save(draft, { status: 'future', publishedAt: '2030-01-01T00:00:00.000Z' }),
      'dropped',
    )
    await kept('scheduled, renamed', () => save(draft, { title: `${tag} scheduled` }))
    await kept('private', () => save(draft, { status: 'private' }), 'dropped')
    await kept('private, renamed and moved', () =>
      save(draft, {
        title: `${tag} private`,
        startDate: '2028-06-21T16:00:00.000Z',
        endDate: '2028-06-21T17:00:00.000Z',
      }),
    )
    await kept('trashed', () => save(draft, { status: 'trash' }), 'dropped')
    await kept('trashed, renamed', () => save(draft, { title: `${tag} trashed` }))
    await kept('back to draft', () => save(draft, { status: 'draft' }), 'dropped')
    expect(
      await keptAcross(plain, () =>
        save(draft, { status: 'publish', publishedAt: '2026-01-01T00:00:00.000Z' }),
      ),
      'published',
    ).toBe(false)
    expect((await get(plain)).body.events!.map(({ id }) => id)).toContain(draft)
    const doomed = (
      await asEditor('POST', '/events', {
        title: `${tag} doomed draft`,
        status: 'draft',
        timezone: 'UTC',
        ...inWindow,
      })
    ).doc.id
    // Only a trashed item may be deleted (src/access/deleteTrashedPosts.ts).
    await kept('trashed, to be deleted', () => save(doomed, { status: 'trash' }), 'dropped')
    await kept('deleted', () => asEditor('DELETE', `/events/${doomed}`), 'dropped')
  })

  it('drops the answers that can tell that an item no visitor reads changed: the events lists only when they can move', async () => {
    const asEditor = restAs(
      () => server,
      () => editor,
    )
    const compat = `${reads.url}/wp-json/vendor/events/v1`
    // `has_events` counts a private or trashed event's venue and organizers (linkedToEvents.ts),
    // and `/events/{id}` tells a trashed event from another. Each answer is read (and kept) just
    // before the save, after keptAcross's own change has dropped what was kept.
    const lonelyVenue = await create('venues', { name: `${tag} lonely`, status: 'publish' })
    const lonelyOrganizer = await create('organizers', { name: `${tag} lonely`, status: 'publish' })
    const secret = await create('events', {
      title: `${tag} secret`,
      status: 'private',
      timezone: 'UTC',
      ...OUTSIDE,
    })
    const withEvents = async (kind: 'organizers' | 'venues') =>
      (
        (await (
          await fetch(
            `${compat}/${kind}?search=${encodeURIComponent(tag)}&has_events=true&per_page=50`,
          )
        ).json()) as Record<string, { id: number }[]>
      )[kind]!.map(({ id }) => id)
    const byId = async () =>
      ((await (await fetch(`${compat}/events/${secret}`)).json()) as { code: string }).code
    const saveAfter = (read: () => Promise<unknown>, data: Record<string, unknown>) => async () => {
      await read()
      await asEditor('PATCH', `/events/${secret}`, data)
    }
    expect(
      await keptAcross(
        plain,
        saveAfter(async () => expect(await withEvents('venues')).not.toContain(lonelyVenue), {
          venue: lonelyVenue,
        }),
      ),
    ).toBe(true)
    expect(await withEvents('venues')).toContain(lonelyVenue)
    expect(
      await keptAcross(
        plain,
        saveAfter(
          async () => expect(await withEvents('organizers')).not.toContain(lonelyOrganizer),
          { organizers: [lonelyOrganizer] },
        ),
      ),
    ).toBe(true)
    expect(await withEvents('organizers')).toContain(lonelyOrganizer)
    // An image only items visitors cannot read use is hidden from them (src/access/images.ts).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    )
    const image = (
      await payload.create({
        collection: 'media',
        data: { alt: `${tag} poster` } as never,
        file: { data: png, mimetype: 'image/png', name: `${tag}.png`, size: png.length },
      })
    ).id
    const imageStatus = async () => (await fetch(`${server.url}/api/media/${image}`)).status
    expect(
      await keptAcross(
        plain,
        saveAfter(async () => expect(await imageStatus()).toBe(200), { image }),
      ),
    ).toBe(true)
    expect(await imageStatus()).toBe(404)
    // The geofence places events only by venues the reader sees (endpoints/events/geofence.ts):
    // a draft venue moved into a list's circle, or out of it, does not move that list.
    const placed = await create('venues', {
      name: `${tag} square`,
      status: 'publish',
      latitude: 48.85,
      longitude: 2.35,
    })
    const draftVenue = await create('venues', {
      name: `${tag} cellar`,
      status: 'draft',
      latitude: 48.85,
      longitude: 2.35,
    })
    await update('events', marker, { venue: placed })
    const near = `/events?${WINDOW}&geoloc_lat=48.85&geoloc_lng=2.35`
    expect(
      await keptAcross(near, () =>
        asEditor('PATCH', `/venues/${draftVenue}`, { latitude: -33.86, longitude: 151.2 }),
      ),
      'a draft venue moved',
    ).toBe(true)
    await update('events', marker, { venue: null })
    expect(
      await keptAcross(
        plain,
        saveAfter(async () => expect(await byId()).toBe('event-not-accessible'), {
          status: 'trash',
        }),
      ),
    ).toBe(true)
    expect(await byId()).toBe('event-no-longer-available')
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
