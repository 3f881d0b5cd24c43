import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveCompatApi, type TestServer } from './helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from './helpers/payload'

/*
 * `has_events` and `only_with_upcoming` on the venue and organizer lists (`endpoints/linkedToEvents.ts`):
 * which events count, for whom, over HTTP. `has_events` counts every event that is not a draft,
 * pending or trashed, and has no password, whoever asks; `only_with_upcoming` counts events ending
 * now or later that the caller may read (visitors: published; an author: published and their own;
 * an administrator: all), protected or not. These are the rules of the code before issue 17 (this
 * file passes on it too). The test clock starts at 2026-11-21T00:37:04Z (test/setupEnv.ts).
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
  // Started before the clock's now, ends after it: upcoming (its end counts).
  const ONGOING = { startDate: '2026-11-20T10:00:00.000Z', endDate: '2026-11-22T12:00:00.000Z' }

  /** Each case: the events its venue and its organizer are linked to. */
  const CASES: Record<string, { author?: 'author'; dates: typeof FUTURE; password?: string; publishedAt?: string; status: string }[]> = {
    published: [{ dates: FUTURE, status: 'publish' }],
    ongoing: [{ dates: ONGOING, status: 'publish' }],
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
    pastAndDraft: [{ dates: PAST, status: 'publish' }, { dates: FUTURE, status: 'draft' }],
    none: [],
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    author = await createUser(payload, 'author')
    for (const name of Object.keys(CASES)) {
      for (const kind of ['venues', 'organizers'] as const) {
        const item = await payload.create({ collection: kind, data: { name: `${tag} ${name}`, status: 'publish' } as never, overrideAccess: true })
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
  const listed = async (kind: Kind, query: string, user: null | TestUser = null): Promise<string[]> => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1/${kind}?per_page=50&search=${tag}&${query}`, { headers: user ? basic(user.email, user.password) : {} })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<Kind, { id: number }[]> & { total: number }
    expect(body.total).toBe(body[kind].length)
    const names = Object.entries(items[kind])
    return body[kind].map((item) => names.find(([, id]) => id === item.id)?.[0] ?? `other ${item.id}`).sort()
  }
  const sorted = (names: string[]) => [...names].sort()

  for (const kind of ['venues', 'organizers'] as const) {
    it(`${kind}: has_events counts every event but drafts, pending, trashed and password-protected ones, whoever asks`, async () => {
      // A password-protected event does not count here (it does for only_with_upcoming): the rule
      // as it was, see endpoints/linkedToEvents.ts.
      const withEvents = sorted(['published', 'ongoing', 'past', 'private', 'scheduled', 'authorsPrivate', 'pastAndDraft'])
      expect(await listed(kind, 'has_events=1', null)).toEqual(withEvents)
      expect(await listed(kind, 'has_events=true', admin)).toEqual(withEvents)
      expect(await listed(kind, 'has_events=1', author)).toEqual(withEvents)
      const without = sorted(['draft', 'pending', 'trashed', 'authorsDraft', 'protected', 'none'])
      expect(await listed(kind, 'has_events=0', null)).toEqual(without)
      expect(await listed(kind, 'has_events=false', admin)).toEqual(without)
      // Not sent, or empty: no filter.
      expect(await listed(kind, 'has_events=', null)).toEqual(sorted(Object.keys(CASES)))
    })

    it(`${kind}: only_with_upcoming counts the events ending from now on that the caller may read`, async () => {
      expect(await listed(kind, 'only_with_upcoming=1', null)).toEqual(sorted(['published', 'ongoing', 'protected']))
      expect(await listed(kind, 'only_with_upcoming=1', author)).toEqual(sorted(['published', 'ongoing', 'protected', 'authorsDraft', 'authorsPrivate']))
      expect(await listed(kind, 'only_with_upcoming=1', admin)).toEqual(
        sorted(['published', 'ongoing', 'protected', 'authorsDraft', 'authorsPrivate', 'draft', 'pending', 'trashed', 'private', 'scheduled', 'pastAndDraft']),
      )
      expect(await listed(kind, 'only_with_upcoming=0', null)).toEqual(sorted(Object.keys(CASES)))
    })

    it(`${kind}: both filters together, and with the list's own statuses`, async () => {
      expect(await listed(kind, 'has_events=1&only_with_upcoming=1', null)).toEqual(sorted(['published', 'ongoing']))
      expect(await listed(kind, 'has_events=0&only_with_upcoming=1', author)).toEqual(sorted(['authorsDraft', 'protected']))
      // A draft item is listed for an administrator asking for drafts, by the same rules.
      const draftItem = await payload.create({ collection: kind, data: { name: `${tag} draftItem`, status: 'draft' } as never, overrideAccess: true })
      await payload.create({ collection: 'events', data: { title: `${tag} event draftItem`, ...FUTURE, status: 'publish', venue: kind === 'venues' ? draftItem.id : undefined, organizers: kind === 'organizers' ? [draftItem.id] : [] } as never, overrideAccess: true })
      items[kind].draftItem = draftItem.id as number
      expect(await listed(kind, 'status=draft&has_events=1', admin)).toEqual(['draftItem'])
      expect(await listed(kind, 'status=draft&has_events=0', admin)).toEqual([])
      expect(await listed(kind, 'has_events=1', null)).not.toContain('draftItem')
    })
  }

  it('never reuses an answer that read the clock in a later second: an event ending drops out without any write', async () => {
    const clock = (payload.config.custom.eventsCalendar as { clock: () => Date }).clock
    const venue = await payload.create({ collection: 'venues', data: { name: `${tag} endingSoon`, status: 'publish' } as never, overrideAccess: true })
    items.venues.endingSoon = venue.id as number
    const ends = new Date(clock().getTime() + 2_000)
    await payload.create({ collection: 'events', data: { title: `${tag} ending`, startDate: new Date(ends.getTime() - 3_600_000).toISOString(), endDate: ends.toISOString(), status: 'publish', venue: venue.id } as never, overrideAccess: true })
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('endingSoon')
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('endingSoon')
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends.getTime() - clock().getTime()) + 1_100))
    expect(await listed('venues', 'only_with_upcoming=1', null)).not.toContain('endingSoon')
    expect(await listed('venues', 'has_events=1', null)).toContain('endingSoon')
  })

  it('sees a change of an event at once, for visitors too (nothing kept across a write)', async () => {
    expect(await listed('venues', 'has_events=1', null)).not.toContain('none')
    const event = await payload.create({ collection: 'events', data: { title: `${tag} late`, ...FUTURE, status: 'publish', venue: items.venues.none } as never, overrideAccess: true })
    expect(await listed('venues', 'has_events=1', null)).toContain('none')
    expect(await listed('venues', 'only_with_upcoming=1', null)).toContain('none')
    await payload.update({ collection: 'events', id: event.id, data: { status: 'draft' } as never, overrideAccess: true })
    expect(await listed('venues', 'has_events=1', null)).not.toContain('none')
    expect(await listed('venues', 'only_with_upcoming=1', null)).not.toContain('none')
  })
})
