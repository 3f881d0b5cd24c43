import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Role } from '../../src/types'

import { TRUSTED_READ } from '../../src/hooks/context'

import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

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
const PASSWORD = 'let me in'
const SECRET = 'secret-words-of-the-protected-item'

/**
 * Payload's own surfaces follow the collections' rules (`src/access/posts.ts`): everyone reads
 * published items; editors and administrators everything; the owner (here the author) their own
 * in any state, the trash included (Payload's APIs have no trash view of their own).
 */
function sees(viewer: Viewer, state: State): boolean {
  if (state === 'publish' || state === 'locked') return true
  return viewer === 'editor' || viewer === 'administrator' || viewer === 'author'
}

/** Who may edit an item owned by the author, and so see a protected one's content and password. */
const edits = (viewer: Viewer) =>
  viewer === 'editor' || viewer === 'administrator' || viewer === 'author'

/** Who may filter on passwords: those who may edit every item. */
const filtersOnPasswords = (viewer: Viewer) => viewer === 'editor' || viewer === 'administrator'

describe('access matrix on Payload REST and GraphQL: six kinds of caller × seven states', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  const users = {} as Record<Role, TestUser>
  const items = {} as Record<State, { event: number; venue: number }>
  const headersOf = (viewer: Viewer): Record<string, string> =>
    viewer === 'anonymous' ? {} : basic(users[viewer].email, users[viewer].password)
  const rest = async (viewer: Viewer, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${api.url}/api${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...headersOf(viewer),
        ...(init.headers as Record<string, string>),
      },
    })
    const text = await response.text()
    return { body: text ? JSON.parse(text) : null, status: response.status, text }
  }
  const graphql = async (viewer: Viewer, query: string) => {
    const response = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({ query }),
      headers: { 'content-type': 'application/json', ...headersOf(viewer) },
      method: 'POST',
    })
    const text = await response.text()
    return { body: JSON.parse(text), status: response.status, text }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    for (const role of ['administrator', 'subscriber', 'contributor', 'author', 'editor'] as const)
      users[role] = await createUser(payload, role)
    const owner = users.author.id
    const description = {
      root: {
        children: [
          { children: [{ text: SECRET, type: 'text', version: 1 }], type: 'paragraph', version: 1 },
        ],
        direction: null,
        format: '',
        indent: 0,
        type: 'root',
        version: 1,
      },
    }
    for (const state of STATES) {
      const status = state === 'locked' || state === 'trash' ? 'publish' : state
      const extra = {
        ...(state === 'locked' ? { password: PASSWORD } : {}),
        ...(state === 'future' ? { publishedAt: '2030-01-01T00:00:00Z' } : {}),
      }
      const venue = await payload.create({
        collection: 'venues',
        data: {
          name: unique(`REST venue ${state}`),
          status,
          author: owner,
          address: `${SECRET} street`,
          description,
          excerpt: SECRET,
          ...extra,
        } as never,
      })
      const event = await payload.create({
        collection: 'events',
        data: {
          title: unique(`REST ${state}`),
          startDate: '2027-08-01T10:00:00Z',
          endDate: '2027-08-01T11:00:00Z',
          status,
          author: owner,
          description,
          excerpt: SECRET,
          cost: '42',
          website: 'https://secret.example',
          ...extra,
        } as never,
      })
      if (state === 'trash') {
        for (const collection of ['events', 'venues'] as const)
          await payload.update({
            collection,
            id: collection === 'events' ? event.id : venue.id,
            data: { status: 'trash' } as never,
          })
      }
      items[state] = { event: event.id as number, venue: venue.id as number }
    }
  })
  afterAll(() => api.close())

  for (const viewer of VIEWERS) {
    for (const state of STATES) {
      it(`${viewer} × ${state}`, async () => {
        const { event, venue } = items[state]
        const visible = sees(viewer, state)
        const full = state !== 'locked' || edits(viewer)

        for (const [collection, id] of [
          ['events', event],
          ['venues', venue],
        ] as const) {
          const list = await rest(viewer, `/${collection}?depth=0&where[id][equals]=${id}`)
          expect(list.status).toBe(200)
          expect(list.body.totalDocs, `${collection} list total`).toBe(visible ? 1 : 0)
          const count = await rest(viewer, `/${collection}/count?where[id][equals]=${id}`)
          expect(count.body.totalDocs, `${collection} count`).toBe(visible ? 1 : 0)

          const single = await rest(viewer, `/${collection}/${id}?depth=0`)
          expect(single.status, `${collection} single read`).toBe(visible ? 200 : 404)
          for (const text of [list.text, single.text]) {
            expect(text.includes(SECRET), `${collection} content shown`).toBe(visible && full)
            expect(text.includes(PASSWORD), `${collection} password shown`).toBe(
              visible && state === 'locked' && edits(viewer),
            )
          }
          if (visible) expect(single.body.passwordProtected).toBe(state === 'locked')

          const filter = await rest(
            viewer,
            `/${collection}?depth=0&where[password][equals]=${encodeURIComponent(PASSWORD)}&where[id][equals]=${id}`,
          )
          if (filtersOnPasswords(viewer))
            expect(filter.body.totalDocs).toBe(state === 'locked' ? 1 : 0)
          else {
            expect(filter.status, `${collection} password filter`).toBeGreaterThanOrEqual(400)
            expect(filter.status).toBeLessThan(500)
            expect(filter.text).not.toContain(SECRET)
          }
        }

        // An event embeds its venue: a protected one stays protected there too.
        const embedding = await rest(viewer, `/events?depth=1&where[venue][equals]=${venue}`)
        expect(embedding.text.includes(SECRET)).toBe(false)

        const gql = await graphql(
          viewer,
          `{ Events(where: { id: { equals: ${event} } }) { totalDocs docs { id password passwordProtected excerpt descriptionText cost } } Venues(where: { id: { equals: ${venue} } }) { totalDocs docs { id password address excerpt } } }`,
        )
        expect(gql.status).toBe(200)
        expect(gql.body.data.Events.totalDocs, 'GraphQL events total').toBe(visible ? 1 : 0)
        expect(gql.body.data.Venues.totalDocs, 'GraphQL venues total').toBe(visible ? 1 : 0)
        expect(gql.text.includes(SECRET), 'GraphQL content shown').toBe(visible && full)
        expect(gql.text.includes(PASSWORD), 'GraphQL password shown').toBe(
          visible && state === 'locked' && edits(viewer),
        )
        const gqlFilter = await graphql(
          viewer,
          `{ Events(where: { password: { equals: "${PASSWORD}" }, id: { equals: ${event} } }) { totalDocs } }`,
        )
        if (filtersOnPasswords(viewer))
          expect(gqlFilter.body.data.Events.totalDocs).toBe(state === 'locked' ? 1 : 0)
        else expect(gqlFilter.body.data?.Events ?? null, 'GraphQL password filter').toBeNull()

        // Payload's "what may I do with this document" answers for it as for an id no item has.
        const missing = 999_999_999
        for (const [collection, id] of [
          ['events', event],
          ['venues', venue],
        ] as const) {
          const access = await rest(viewer, `/${collection}/access/${id}`, { method: 'POST' })
          const none = await rest(viewer, `/${collection}/access/${missing}`, { method: 'POST' })
          expect(none.status).toBe(404)
          if (visible) expect(access.status, `${collection} document access`).toBe(200)
          else expect(access, `${collection} document access`).toEqual(none)
          // With the document's data sent, as the admin panel sends it, Payload reads nothing.
          const sent = { body: JSON.stringify({ title: 'x' }), method: 'POST' }
          expect((await rest(viewer, `/${collection}/access/${id}`, sent)).status).toBe(
            visible ? 200 : 404,
          )
          expect((await rest(viewer, `/${collection}/access/${missing}`, sent)).status).toBe(404)
          // An id no item can have names none either, as on the items' own routes.
          for (const impossible of ['abc', '1.5', '99999999999'])
            expect((await rest(viewer, `/${collection}/access/${impossible}`, sent)).status).toBe(
              404,
            )
        }
        const gqlAccess = async (id: number) =>
          (await graphql(viewer, `{ docAccessEvent(id: ${id}) { read { permission } } }`)).body
        const noneGql = await gqlAccess(missing)
        expect(noneGql.data.docAccessEvent).toBeNull()
        if (visible) expect((await gqlAccess(event)).data.docAccessEvent).not.toBeNull()
        else expect(await gqlAccess(event), 'GraphQL document access').toEqual(noneGql)

        const before = await payload.findByID({
          collection: 'events',
          context: { [TRUSTED_READ]: true },
          id: event,
          depth: 0,
        })
        const write = await rest(viewer, `/events/${event}`, {
          body: JSON.stringify({ excerpt: 'changed by the matrix' }),
          method: 'PATCH',
        })
        const after = await payload.findByID({
          collection: 'events',
          context: { [TRUSTED_READ]: true },
          id: event,
          depth: 0,
        })
        expect(before.excerpt).toBe(SECRET)
        if (edits(viewer)) {
          expect(write.status, 'write').toBe(200)
          await payload.update({
            collection: 'events',
            id: event,
            data: { excerpt: SECRET } as never,
          })
        } else {
          expect(write.status, 'refused write').toBeGreaterThanOrEqual(400)
          expect(write.status).toBeLessThan(500)
          expect(after.excerpt).toBe(before.excerpt)
        }
      })
    }
  }
})
