import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * A published event linked to a draft venue and to a published and a draft organizer shows a
 * visitor no venue and one organizer. Filtering the events by the hidden venue's or organizer's id
 * must not tell the link either: on every surface the filter answers as for an id no item has
 * (src/hooks/hideUnreadableLinks.ts; the compatibility API's filters, endpoints/validators.ts
 * `idListOf`). An editor, who may read the drafts, filters by them as before.
 */
describe('a filter by a linked item the reader may not read answers as one by no item', () => {
  let payload: Payload
  let api: TestServer
  let editor: TestUser
  const tag = unique('hlf').replace(/[^a-z0-9]/gi, '')
  const ids = {} as Record<
    'draftOrganizer' | 'draftVenue' | 'linked' | 'openEvent' | 'openOrganizer' | 'openVenue',
    number
  >
  /** An id no item has: what the hidden ids must answer like. */
  const NONE = 2_000_000_000

  const get = async (path: string, as?: TestUser) => {
    const response = await fetch(`${api.url}${path}`, {
      headers: as ? basic(as.email, as.password) : {},
    })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // kept as text
    }
    return { body, status: response.status }
  }
  /** A Payload REST list's status and ids of this file's events (its total would count others'). */
  const restIds = async (query: string, as?: TestUser) => {
    const { body, status } = await get(
      `/api/events?${query}&where[title][like]=${tag}&depth=0&limit=50&sort=id`,
      as,
    )
    return { ids: ((body as { docs?: { id: number }[] }).docs ?? []).map((doc) => doc.id), status }
  }
  const graphqlIds = async (where: string, as?: TestUser) => {
    const response = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({
        query: `{ Events(where: { AND: [{ title: { like: "${tag}" } }, ${where}] }, sort: "id") { totalDocs docs { id } } }`,
      }),
      headers: { 'content-type': 'application/json', ...(as ? basic(as.email, as.password) : {}) },
      method: 'POST',
    })
    const body = (await response.json()) as {
      data?: { Events?: { docs: { id: number }[]; totalDocs: number } }
      errors?: unknown
    }
    return { errors: body.errors, ids: body.data?.Events?.docs.map((doc) => Number(doc.id)) }
  }
  const compat = (query: string, as?: TestUser) =>
    get(`/wp-json/vendor/events/v1/events?start_date=2027-01-01&${query}`, as).then(
      ({ body, status }) => ({
        code: (body as { code?: string }).code,
        ids: ((body as { events?: { id: number }[] }).events ?? []).map((event) => event.id),
        status,
      }),
    )

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    const author = await createUser(payload, 'author')
    editor = await createUser(payload, 'editor')
    const create = async (collection: string, data: Record<string, unknown>) =>
      (
        (await payload.create({
          collection: collection as never,
          data: { status: 'publish', author: author.id, ...data } as never,
          overrideAccess: true,
        })) as { id: number }
      ).id
    ids.draftVenue = await create('venues', { name: `${tag} draft venue`, status: 'draft' })
    ids.openVenue = await create('venues', { name: `${tag} open venue` })
    ids.draftOrganizer = await create('organizers', {
      name: `${tag} draft organizer`,
      status: 'draft',
    })
    ids.openOrganizer = await create('organizers', { name: `${tag} open organizer` })
    const dates = { startDate: '2027-09-01T10:00:00Z', endDate: '2027-09-01T11:00:00Z' }
    ids.linked = await create('events', {
      title: `${tag} linked event`,
      ...dates,
      venue: ids.draftVenue,
      organizers: [ids.openOrganizer, ids.draftOrganizer],
    })
    ids.openEvent = await create('events', {
      title: `${tag} open event`,
      ...dates,
      venue: ids.openVenue,
    })
  })
  afterAll(() => api.close())

  it('hides the links in the event itself (what the filters must not give away)', async () => {
    const { body } = await get(`/wp-json/vendor/events/v1/events/${ids.linked}`)
    expect((body as { venue: unknown }).venue).toEqual([])
    expect((body as { organizer: { id: number }[] }).organizer.map((o) => o.id)).toEqual([
      ids.openOrganizer,
    ])
  })

  it("Payload's REST API: equals, in, not_equals, not_in, `venue.id` and `venue__id` by a hidden id answer as by no item", async () => {
    const cases: [string, (id: number) => string][] = [
      ['venue equals', (id) => `where[venue][equals]=${id}`],
      ['venue.id equals', (id) => `where[venue.id][equals]=${id}`],
      ['venue__id equals', (id) => `where[venue__id][equals]=${id}`],
      ['venue in', (id) => `where[venue][in]=${id}`],
      ['venue not_equals', (id) => `where[venue][not_equals]=${id}`],
      ['venue not_in', (id) => `where[venue][not_in][0]=${id}`],
      ['organizers in', (id) => `where[organizers][in][0]=${id}`],
      ['organizers not_in', (id) => `where[organizers][not_in][0]=${id}`],
      ['inside or', (id) => `where[or][0][venue][equals]=${id}&where[or][1][id][equals]=${NONE}`],
    ]
    for (const [label, query] of cases) {
      const hiddenId = label.startsWith('organizers') ? ids.draftOrganizer : ids.draftVenue
      const byHidden = await restIds(query(hiddenId))
      const byNone = await restIds(query(NONE))
      expect({ label, ...byHidden }).toEqual({ label, ...byNone })
    }
    // The visitor still filters by what they see.
    expect((await restIds(`where[organizers][in][0]=${ids.openOrganizer}`)).ids).toEqual([
      ids.linked,
    ])
    expect((await restIds(`where[venue][equals]=${ids.openVenue}`)).ids).toEqual([ids.openEvent])
  })

  it('an editor, who may read the drafts, filters by them', async () => {
    expect((await restIds(`where[venue][equals]=${ids.draftVenue}`, editor)).ids).toEqual([
      ids.linked,
    ])
    expect((await restIds(`where[organizers][in][0]=${ids.draftOrganizer}`, editor)).ids).toEqual([
      ids.linked,
    ])
    expect((await compat(`venue=${ids.draftVenue}`, editor)).ids).toEqual([ids.linked])
  })

  it('GraphQL: the same', async () => {
    const byHidden = await graphqlIds(`{ venue: { equals: ${ids.draftVenue} } }`)
    expect(byHidden).toEqual(await graphqlIds(`{ venue: { equals: ${NONE} } }`))
    expect(byHidden.ids).toEqual([])
    const notHidden = await graphqlIds(`{ organizers: { not_in: [${ids.draftOrganizer}] } }`)
    expect(notHidden).toEqual(await graphqlIds(`{ organizers: { not_in: [${NONE}] } }`))
    expect(notHidden.ids).toContain(ids.linked)
    expect((await graphqlIds(`{ venue: { equals: ${ids.draftVenue} } }`, editor)).ids).toEqual([
      ids.linked,
    ])
  })

  it('the compatibility API and its feeds refuse a hidden venue or organizer as an unknown one', async () => {
    for (const query of [`venue=${ids.draftVenue}`, `organizer=${ids.draftOrganizer}`]) {
      const byHidden = await compat(query)
      expect(byHidden.status).toBe(400)
      expect(byHidden).toEqual(await compat(query.replace(/\d+$/, String(NONE))))
    }
    expect((await compat(`organizer=${ids.openOrganizer}`)).ids).toEqual([ids.linked])
    for (const feed of ['/events.ics', '/events.json?start=2027-01-01&end=2027-12-31']) {
      const join = feed.includes('?') ? '&' : '?'
      const byHidden = await get(`${feed}${join}venue=${ids.draftVenue}`)
      const byNone = await get(`${feed}${join}venue=${NONE}`)
      expect({ feed, status: byHidden.status }).toEqual({ feed, status: byNone.status })
      expect(String(JSON.stringify(byHidden.body))).not.toContain(`${tag} linked event`)
    }
  })
})
