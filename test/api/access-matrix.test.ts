import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Role } from '../../src/types'

import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { basic, serveCompatApi } from '../helpers/http'
import { inReadMode, READ_MODES } from '../helpers/readModes'

type Viewer = 'anonymous' | Role
type State = 'draft' | 'future' | 'locked' | 'pending' | 'private' | 'publish' | 'trash'

const VIEWERS: Viewer[] = [
  'anonymous',
  'subscriber',
  'contributor',
  'author',
  'editor',
  'administrator',
]
const STATES: State[] = ['draft', 'pending', 'future', 'private', 'publish', 'locked', 'trash']

/**
 * Who may see an item (docs/compatibility.md, "Status workflow and roles"): everyone sees published
 * ones; editors and administrators see everything; the owner (here the author) sees their own;
 * nobody sees the trash through the API's reads.
 */
function sees(viewer: Viewer, state: State): boolean {
  if (state === 'trash') return false
  if (state === 'publish' || state === 'locked') return true
  return viewer === 'editor' || viewer === 'administrator' || viewer === 'author'
}

/** Who may change an item owned by the author (WordPress's edit_post meta capability). */
function edits(viewer: Viewer): boolean {
  return viewer === 'editor' || viewer === 'administrator' || viewer === 'author'
}

/*
 * The reads run in both of the plugin's read modes (`reads.sql`, test/helpers/readModes.ts): the
 * events read in SQL of the plugin's own and the same reads through Payload follow the same rules.
 * Through Payload, for one caller of each read scope and unlocking rule (subscribers read as
 * visitors, administrators as editors), so that the second mode costs the file a third, not double.
 */
const PAYLOAD_READS_VIEWERS: Viewer[] = ['anonymous', 'contributor', 'author', 'editor']

describe('access matrix: six kinds of caller × seven states × read, list, count, slug, embed (in both read modes), write', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  const users = {} as Record<Role, TestUser>
  const events = {} as Record<State, { id: number; slug: string }>
  const venueHosts = {} as Record<State, number>
  const headersOf = (viewer: Viewer) =>
    viewer === 'anonymous' ? {} : basic(users[viewer].email, users[viewer].password)
  const get = (viewer: Viewer, path: string) =>
    fetch(`${api.url}/wp-json/vendor/events/v1${path}`, { headers: headersOf(viewer) })

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    // The administrator first: on a fresh database the first account becomes administrator whatever its role.
    for (const role of ['administrator', 'subscriber', 'contributor', 'author', 'editor'] as const)
      users[role] = await createUser(payload, role)
    const owner = users.author.id
    for (const state of STATES) {
      const status = state === 'locked' ? 'publish' : state === 'trash' ? 'publish' : state
      const extra =
        state === 'locked'
          ? { password: 'let me in' }
          : state === 'future'
            ? { publishedAt: '2030-01-01T00:00:00Z' }
            : {}
      const event = await payload.create({
        collection: 'events',
        data: {
          title: unique(`Matrix ${state}`),
          startDate: '2027-08-01T10:00:00Z',
          endDate: '2027-08-01T11:00:00Z',
          status,
          author: owner,
          ...extra,
          ...(state === 'locked' ? { excerpt: 'Only for those who unlock it' } : {}),
        } as never,
      })
      const venue = await payload.create({
        collection: 'venues',
        data: { name: unique(`Venue ${state}`), status, author: owner, ...extra } as never,
      })
      if (state === 'trash') {
        await payload.update({
          collection: 'events',
          id: event.id,
          data: { status: 'trash' } as never,
        })
        await payload.update({
          collection: 'venues',
          id: venue.id,
          data: { status: 'trash' } as never,
        })
      }
      const stored = await payload.findByID({ collection: 'events', id: event.id })
      events[state] = { id: event.id as number, slug: stored.slug as string }
      const host = await payload.create({
        collection: 'events',
        data: {
          title: unique(`Host of ${state} venue`),
          startDate: '2027-08-01T10:00:00Z',
          endDate: '2027-08-01T11:00:00Z',
          status: 'publish',
          venue: venue.id,
        } as never,
      })
      venueHosts[state] = host.id as number
    }
  })
  afterAll(() => api.close())

  /** What `viewer` reads of the item in `state`: the list and its count, the item by id and by slug, the item embedded. */
  const reads = async (viewer: Viewer, state: State) => {
    const { id, slug } = events[state]
    const visible = sees(viewer, state)

    const list = await (await get(viewer, `/events?include=${id}`)).json()
    expect(list.total, 'count').toBe(visible ? 1 : 0)
    expect(
      list.events.map((event: { id: number }) => event.id),
      'list',
    ).toEqual(visible ? [id] : [])

    // A protected item is read in full by editors only in the edit context, as the original has it.
    const editsAll = viewer === 'editor' || viewer === 'administrator'
    const single = await get(viewer, `/events/${id}`)
    const readable = visible && state !== 'locked'
    expect(single.status, 'single read').toBe(readable ? 200 : 403)
    if (!readable) {
      const code = (await single.json()).code
      expect(code).toBe(
        state === 'trash'
          ? 'event-no-longer-available'
          : state === 'locked'
            ? 'event-password-protected'
            : 'event-not-accessible',
      )
    }
    if (state === 'locked') {
      expect(
        (await get(viewer, `/events/${id}?password=let%20me%20in`)).status,
        'with the password',
      ).toBe(200)
      expect((await get(viewer, `/events/${id}?context=edit`)).status, 'in the edit context').toBe(
        editsAll ? 200 : 403,
      )
      const [listed] = (await (await get(viewer, `/events?include=${id}`)).json()).events
      expect(listed.excerpt, 'listed blanked').toBe('')
      const [edited] = (await (await get(viewer, `/events?include=${id}&context=edit`)).json())
        .events
      expect(edited.excerpt === '', 'listed in the edit context').toBe(!editsAll)
    }

    // A draft's or pending event's slug made from its title is none yet in the original (WordPress
    // gives it at publication): to those who may not read the event, it names no event.
    const slugNotYetGiven = state === 'draft' || state === 'pending'
    const bySlug = await get(viewer, `/events/by-slug/${encodeURIComponent(slug)}`)
    expect(bySlug.status, 'by slug').toBe(readable ? 200 : visible || !slugNotYetGiven ? 403 : 400)
    if (state === 'locked')
      expect(
        (await get(viewer, `/events/by-slug/${encodeURIComponent(slug)}?context=edit`)).status,
        'by slug in the edit context',
      ).toBe(editsAll ? 200 : 403)

    const host = await (await get(viewer, `/events/${venueHosts[state]}`)).json()
    const embedded = host.venue && !Array.isArray(host.venue)
    expect(embedded, 'embedded venue').toBe(visible)
    // A protected venue is blanked where it is embedded too (its name becomes `[]`, as on its own
    // route), even for those who unlock it there.
    if (embedded && state === 'locked') {
      expect(Array.isArray(host.venue.venue), 'embedded venue blanked').toBe(true)
      const edited = await (await get(viewer, `/events/${venueHosts[state]}?context=edit`)).json()
      expect(Array.isArray(edited.venue.venue), 'embedded venue blanked in the edit context').toBe(
        true,
      )
    }
  }

  for (const viewer of VIEWERS) {
    for (const state of STATES) {
      it(`${viewer} × ${state}`, async () => {
        const { id } = events[state]
        for (const mode of READ_MODES)
          if (mode.sql || PAYLOAD_READS_VIEWERS.includes(viewer))
            await inReadMode(payload, mode.sql, () => reads(viewer, state))

        const write = await fetch(`${api.url}/wp-json/vendor/events/v1/events/${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headersOf(viewer) },
          body: JSON.stringify({ excerpt: `touched by ${viewer}` }),
        })
        const allowed = edits(viewer)
        expect(write.status, 'write').toBe(allowed ? 200 : viewer === 'anonymous' ? 401 : 403)
        const stored = await payload.findByID({ collection: 'events', id })
        if (!allowed) expect(stored.excerpt, 'nothing written').not.toBe(`touched by ${viewer}`)
      })
    }
  }

  it('lets a contributor edit their own draft but not once it is published', async () => {
    const own = await payload.create({
      collection: 'events',
      data: {
        title: unique('Own draft'),
        startDate: '2027-08-02T10:00:00Z',
        endDate: '2027-08-02T11:00:00Z',
        status: 'draft',
        author: users.contributor.id,
      } as never,
    })
    const post = (body: unknown) =>
      fetch(`${api.url}/wp-json/vendor/events/v1/events/${own.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headersOf('contributor') },
        body: JSON.stringify(body),
      })
    expect((await post({ excerpt: 'mine' })).status).toBe(200)
    await payload.update({ collection: 'events', id: own.id, data: { status: 'publish' } as never })
    expect((await post({ excerpt: 'still mine?' })).status).toBe(403)
  })
})
