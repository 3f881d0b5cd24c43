import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase } from '../helpers/freshDatabase'
import { basic, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { pluginOptionsOf } from '../../src/pluginOptions'

/*
 * `has_events` and `only_with_upcoming` on the venue and organizer lists (`endpoints/linkedPosts/linkedToEvents.ts`):
 * which events count, for whom, over HTTP. `has_events` counts every event that is not a draft or
 * pending (a trashed one counts) and has no password, whoever asks; `only_with_upcoming` counts, as the
 * original, only the first page (10) of upcoming events not hidden from listings, where upcoming
 * means starting at or after the clock's UTC wall time read in the site's timezone, among the
 * events the caller may read (visitors: published; an author: published and their own; an
 * administrator: all but trashed), protected or not. The test clock starts at
 * 2026-11-21T00:37:04Z (test/setupEnv.ts) in New York, so upcoming starts at 05:37:04Z. A database
 * of its own: the first page of upcoming events is a property of the whole calendar.
 */

type Kind = 'organizers' | 'venues'

describe('has_events and only_with_upcoming', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  let author: TestUser
  const tag = unique('linkcase').replace(/[^a-z0-9]/gi, '')
  /** The items of each case, by kind: name → id. */
  const items: Record<Kind, Record<string, number>> = { organizers: {}, venues: {} }

  const FUTURE = { startDate: '2027-03-01T10:00:00.000Z', endDate: '2027-03-01T12:00:00.000Z' }
  const PAST = { startDate: '2026-01-10T10:00:00.000Z', endDate: '2026-01-10T12:00:00.000Z' }
  // Started before the clock's now, ends after it: not upcoming (its start counts).
  const ONGOING = { startDate: '2026-11-20T10:00:00.000Z', endDate: '2026-11-22T12:00:00.000Z' }
  // Starts after the clock's now, but before its UTC wall time read in New York: not upcoming yet.
  const SOON = { startDate: '2026-11-21T03:00:00.000Z', endDate: '2026-11-21T04:00:00.000Z' }

  /** Each case: the events its venue and its organizer are linked to. */
  const CASES: Record<
    string,
    {
      author?: 'author'
      dates: typeof FUTURE
      hidden?: boolean
      password?: string
      publishedAt?: string
      status: string
    }[]
  > = {
    published: [{ dates: FUTURE, status: 'publish' }],
    ongoing: [{ dates: ONGOING, status: 'publish' }],
    soon: [{ dates: SOON, status: 'publish' }],
    hidden: [{ dates: FUTURE, hidden: true, status: 'publish' }],
    past: [{ dates: PAST, status: 'publish' }],
    draft: [{ dates: FUTURE, status: 'draft' }],
    pending: [{ dates: FUTURE, status: 'pending' }],
    trashed: [{ dates: FUTURE, status: 'trash' }],
    private: [{ dates: FUTURE, status: 'private' }],
    // Scheduled needs a later publication date, or it is published at once.
    scheduled: [{ dates: FUTURE, publishedAt: '2027-01-01T00:00:00.000Z', status: 'future' }],
    protected: [{ dates: FUTURE, password: 'open-sesame', status: 'publish' }],
    authorsDraft: [{ author: 'author', dates: FUTURE, status: 'draft' }],
    authorsPrivate: [{ author: 'author', dates: FUTURE, status: 'private' }],
    pastAndDraft: [
      { dates: PAST, status: 'publish' },
      { dates: FUTURE, status: 'draft' },
    ],
    none: [],
  }

  const database = freshDatabase('linked_filters')

  beforeAll(async () => {
    await database.create()
    // Read when Payload's config is first imported, which getTestPayload does.
    process.env.DATABASE_URL = database.url
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    author = await createUser(payload, 'author')
    for (const name of Object.keys(CASES)) {
      for (const kind of ['venues', 'organizers'] as const) {
        const item = await payload.create({
          collection: kind,
          data: { name: `${tag} ${name}`, status: 'publish' } as never,
          overrideAccess: true,
        })
        items[kind][name] = item.id as number
      }
      for (const event of CASES[name]!) {
        await payload.create({
          collection: 'events',
          data: {
            title: `${tag} event ${name}`,
            ...event.dates,
            status: event.status,
            password: event.password,
            hideFromListings: event.hidden === true,
            publishedAt: event.publishedAt,
            author: event.author === 'author' ? author.id : admin.id,
            venue: items.venues[name],
            organizers: [items.organizers[name]],
          } as never,
          overrideAccess: true,
        })
      }
    }
  })
  afterAll(() => api.close())

  /** The cases listed for `query` (narrowed to this test's items by their common name). */
  const listed = async (
    kind: Kind,
    query: string,
    user: null | TestUser = null,
  ): Promise<string[]> => {
    const response = await fetch(
      `${api.url}/wp-json/vendor/events/v1/${kind}?per_page=50&search=${tag}&${query}`,
      { headers: user ? basic(user.email, user.password) : {} },
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<Kind, { id: number }[]> & { total: number }
    expect(body.total).toBe(body[kind].length)
    const names = Object.entries(items[kind])
    return body[kind]
      .map((item) => names.find(([, id]) => id === item.id)?.[0] ?? `other ${item.id}`)
      .sort()
  }
  const sorted = (names: string[]) => [...names].sort()

  for (const kind of ['venues', 'organizers'] as const) {
    it(`${kind}: has_events counts every event but drafts, pending and password-protected ones (a trashed one counts, as in the original), whoever asks`, async () => {
      // A password-protected event does not count here (it does for only_with_upcoming): the rule
      // as it was, see endpoints/linkedPosts/linkedToEvents.ts.
      const withEvents = sorted([
        'published',
        'ongoing',
        'soon',
        'hidden',
        'past',
        'private',
        'scheduled',
        'trashed',
        'authorsPrivate',
        'pastAndDraft',
      ])
      expect(await listed(kind, 'has_events=1', null)).toEqual(withEvents)
      expect(await listed(kind, 'has_events=true', admin)).toEqual(withEvents)
      expect(await listed(kind, 'has_events=1', author)).toEqual(withEvents)
      const without = sorted(['draft', 'pending', 'authorsDraft', 'protected', 'none'])
      expect(await listed(kind, 'has_events=0', null)).toEqual(without)
      expect(await listed(kind, 'has_events=false', admin)).toEqual(without)
      // Not sent, or empty: no filter.
      expect(await listed(kind, 'has_events=', null)).toEqual(sorted(Object.keys(CASES)))
    })

    it(`${kind}: only_with_upcoming counts the listed events starting from the original's now that the caller may read`, async () => {
      expect(await listed(kind, 'only_with_upcoming=1', null)).toEqual(
        sorted(['published', 'protected']),
      )
      expect(await listed(kind, 'only_with_upcoming=1', author)).toEqual(
        sorted(['published', 'protected', 'authorsDraft', 'authorsPrivate']),
      )
      expect(await listed(kind, 'only_with_upcoming=1', admin)).toEqual(
        sorted([
          'published',
          'protected',
          'authorsDraft',
          'authorsPrivate',
          'draft',
          'pending',
          'private',
          'scheduled',
          'pastAndDraft',
        ]),
      )
      expect(await listed(kind, 'only_with_upcoming=0', null)).toEqual(sorted(Object.keys(CASES)))
    })

    it(`${kind}: both filters together, and with the list's own statuses`, async () => {
      expect(await listed(kind, 'has_events=1&only_with_upcoming=1', null)).toEqual(
        sorted(['published']),
      )
      expect(await listed(kind, 'has_events=0&only_with_upcoming=1', author)).toEqual(
        sorted(['authorsDraft', 'protected']),
      )
      // A draft item is listed for an administrator asking for drafts, by the same rules.
      const draftItem = await payload.create({
        collection: kind,
        data: { name: `${tag} draftItem`, status: 'draft' } as never,
        overrideAccess: true,
      })
      await payload.create({
        collection: 'events',
        data: {
          title: `${tag} event draftItem`,
          ...FUTURE,
          status: 'publish',
          venue: kind === 'venues' ? draftItem.id : undefined,
          organizers: kind === 'organizers' ? [draftItem.id] : [],
        } as never,
        overrideAccess: true,
      })
      items[kind].draftItem = draftItem.id as number
      expect(await listed(kind, 'status=draft&has_events=1', admin)).toEqual(['draftItem'])
      expect(await listed(kind, 'status=draft&has_events=0', admin)).toEqual([])
      expect(await listed(kind, 'has_events=1', null)).not.toContain('draftItem')
    })
  }

  it('never reuses an answer that read the clock in a later second: an event starting drops out without any write', async () => {
    const clock = pluginOptionsOf(payload).clock
    const venue = await payload.create({
      collection: 'venues',
      data: { name: `${tag} startingSoon`, status: 'publish' } as never,
      overrideAccess: true,
    })
    items.venues.startingSoon = venue.id as number
    // Upcoming starts five hours after the clock in New York in November (see the top).
    const starts = new Date(clock().getTime() + 5 * 3_600_000 + 2_000)
    await payload.create({
      collection: 'events',
      data: {
        title: `${tag} starting`,
        startDate: starts.toISOString(),
        endDate: new Date(starts.getTime() + 3_600_000).toISOString(),
        status: 'publish',
        venue: venue.id,
      } as never,
      overrideAccess: true,
    })
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('startingSoon')
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('startingSoon')
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        Math.max(0, starts.getTime() - 5 * 3_600_000 - clock().getTime()) + 1_100,
      ),
    )
    expect(await listed('venues', 'only_with_upcoming=1', null)).not.toContain('startingSoon')
    expect(await listed('venues', 'has_events=1', null)).toContain('startingSoon')
  })

  it('sees a change of an event at once, for visitors too (nothing kept across a write)', async () => {
    expect(await listed('venues', 'has_events=1', null)).not.toContain('none')
    const event = await payload.create({
      collection: 'events',
      data: {
        title: `${tag} late`,
        ...FUTURE,
        status: 'publish',
        venue: items.venues.none,
      } as never,
      overrideAccess: true,
    })
    expect(await listed('venues', 'has_events=1', null)).toContain('none')
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('none')
    await payload.update({
      collection: 'events',
      id: event.id,
      data: { status: 'draft' } as never,
      overrideAccess: true,
    })
    expect(await listed('venues', 'has_events=1', null)).not.toContain('none')
    expect(await listed('venues', 'only_with_upcoming=1', null)).not.toContain('none')
  })

  it('counts only the first page of upcoming events (10, the default per_page), as the original', async () => {
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('published')
    // Ten published events starting before every case's: the first page, without a venue.
    for (let day = 1; day <= 10; day += 1) {
      const startDate = `2026-12-${String(day).padStart(2, '0')}T15:00:00.000Z`
      await payload.create({
        collection: 'events',
        data: {
          title: `${tag} earlier ${day}`,
          startDate,
          endDate: startDate,
          status: 'publish',
        } as never,
        overrideAccess: true,
      })
    }
    expect(await listed('venues', 'only_with_upcoming=1', null)).toEqual([])
    expect(await listed('organizers', 'only_with_upcoming=1', null)).toEqual([])
    expect(await listed('venues', 'has_events=1', null)).toContain('published')
  })
})
