import type { CollectionSlug, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

const HOSTILE = '<b>Bold</b> <img src=x onerror="alert(1)"><script>alert(2)</script> end'
/** What kses on `title_save_pre` leaves of it (`$allowedtags`): the inline tag, and the text of what it took out. */
const FILTERED = '<b>Bold</b> alert(2) end'
/** What an editor keeps (`unfiltered_html`): everything but what runs script (`docs/compatibility.md`, "Descriptions"). */
const UNFILTERED = '<b>Bold</b> <img src="x"> end'

/**
 * Issue 25, finding 10: titles and names were kept as sent from authors and contributors, and
 * returned as HTML that runs in any client inserting `title` as HTML. They are filtered per role
 * as descriptions are, whichever surface writes them.
 */
describe('titles and names filtered per role', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let contributor: TestUser
  let author: TestUser
  let editor: TestUser

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    // The site's first account becomes its administrator.
    await createUser(payload, 'administrator')
    contributor = await createUser(payload, 'contributor')
    author = await createUser(payload, 'author')
    editor = await createUser(payload, 'editor')
  })
  afterAll(() => api.close())

  const send = async (user: TestUser, method: string, path: string, body: unknown) => {
    const response = await fetch(`${api.url}${path}`, {
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method,
    })
    const json = (await response.json()) as Record<string, unknown> & { doc?: { id: number } }
    expect(response.status, JSON.stringify(json)).toBeLessThan(300)
    return json
  }
  const stored = async (collection: string, id: unknown, field: string) =>
    (
      (await payload.findByID({
        collection: collection as CollectionSlug,
        depth: 0,
        id: id as number,
      })) as unknown as Record<string, unknown>
    )[field]
  const event = (title: string) => ({
    title,
    start_date: '2027-10-01 10:00',
    end_date: '2027-10-01 11:00',
  })

  it("filters a contributor's event title and inline venue and organizer names sent to the compatibility API", async () => {
    const created = await send(contributor, 'POST', '/wp-json/vendor/events/v1/events', {
      ...event(HOSTILE),
      venue: { venue: `${HOSTILE} ${unique('hall')}` },
      organizer: [{ organizer: `${HOSTILE} ${unique('crew')}` }],
    })
    expect(await stored('events', created.id, 'title')).toBe(FILTERED)
    expect(created.title).not.toMatch(/<img|<script|onerror/)
    const venue = (created.venue as { id: number }).id
    expect(await stored('venues', venue, 'name')).toMatch(startsWith(`${FILTERED} hall-`))
    const organizer = (created.organizer as { id: number }[])[0]!.id
    expect(await stored('organizers', organizer, 'name')).toMatch(startsWith(`${FILTERED} crew-`))

    // An update as well, through the French root.
    await payload.update({
      collection: 'events',
      data: { title: 'Titre' } as never,
      id: created.id as number,
      locale: 'fr',
    })
    await send(contributor, 'POST', `/fr/wp-json/vendor/events/v1/events/${created.id}`, {
      title: `${HOSTILE} fr`,
    })
    expect(
      (await payload.findByID({ collection: 'events', id: created.id as number, locale: 'fr' }))
        .title,
    ).toBe(`${FILTERED} fr`)
  })

  it("filters an author's titles and names sent to Payload's REST API, in another language too", async () => {
    const created = await send(author, 'POST', '/api/events', {
      title: HOSTILE,
      startDate: '2027-10-02T10:00:00.000Z',
      endDate: '2027-10-02T11:00:00.000Z',
    })
    expect(await stored('events', created.doc!.id, 'title')).toBe(FILTERED)
    const venue = await send(author, 'POST', '/api/venues', { name: HOSTILE })
    expect(await stored('venues', venue.doc!.id, 'name')).toBe(FILTERED)
    await send(author, 'PATCH', `/api/venues/${venue.doc!.id}`, { name: `${HOSTILE} 2` })
    expect(await stored('venues', venue.doc!.id, 'name')).toBe(`${FILTERED} 2`)
    const organizer = await send(author, 'POST', '/api/organizers', { name: HOSTILE })
    expect(await stored('organizers', organizer.doc!.id, 'name')).toBe(FILTERED)
    const category = await send(author, 'POST', '/api/event-categories', {
      name: `${HOSTILE} ${unique('c')}`,
    })
    expect(await stored('event-categories', category.doc!.id, 'name')).toMatch(
      startsWith(`${FILTERED} c-`),
    )
    await send(author, 'PATCH', `/api/events/${created.doc!.id}?locale=es`, {
      title: `${HOSTILE} es`,
    })
    expect(
      (await payload.findByID({ collection: 'events', id: created.doc!.id, locale: 'es' })).title,
    ).toBe(`${FILTERED} es`)
  })

  it("filters an author's event title sent through GraphQL", async () => {
    const response = await send(author, 'POST', '/api/graphql', {
      query:
        'mutation ($title: String!) { createEvent(data: { title: $title, startDate: "2027-10-03T10:00:00.000Z", endDate: "2027-10-03T11:00:00.000Z", timezone: "UTC", status: draft }) { id title } }',
      variables: { title: HOSTILE },
    })
    expect(
      (response as { data?: { createEvent: { title: string } } }).data?.createEvent.title,
      JSON.stringify(response),
    ).toBe(FILTERED)
  })

  it("keeps an editor's HTML in titles and names but not what runs script, as in descriptions", async () => {
    const created = await send(editor, 'POST', '/wp-json/vendor/events/v1/events', event(HOSTILE))
    expect(await stored('events', created.id, 'title')).toBe(UNFILTERED)
    const tag = await send(editor, 'POST', '/api/event-tags', { name: `<i>${unique('tag')}</i>` })
    expect(await stored('event-tags', tag.doc!.id, 'name')).toMatch(/^<i>tag-.*<\/i>$/)
  })

  it('leaves a title without tags as typed', async () => {
    const title = `Rock & Roll < 5 € "${unique('plain')}"`
    const created = await send(
      contributor,
      'POST',
      '/wp-json/vendor/events/v1/events',
      event(title),
    )
    expect(await stored('events', created.id, 'title')).toBe(title)
  })
})
