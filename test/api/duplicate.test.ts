import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { requestAs, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/**
 * Duplicating an item (the admin's ⋮ → Duplicate, Payload's `POST /api/{collection}/{id}/duplicate`)
 * makes a new draft of the editor's own: nothing of it is public until it is published, and its
 * slug follows its title until then (issue 28, item 1).
 */
describe('a duplicate is a draft of its own', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let administrator: TestUser
  let editor: TestUser
  const call = (user: TestUser | null, path: string, method = 'GET', body?: unknown) =>
    requestAs(api, user, method, path, body)
  const publicTotal = async (search: string) => {
    const list = await call(null, `/wp-json/vendor/events/v1/events?search=${search}`)
    expect(list.status).toBe(200)
    return list.body.total as number
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    administrator = await createUser(payload, 'administrator')
    editor = await createUser(payload, 'editor')
  })
  afterAll(() => api.close())

  it('copies a published event as an unpublished draft with a slug of its own, by the one who copied it', async () => {
    const title = unique('Duplicated concert')
    const original = await payload.create({
      collection: 'events',
      data: {
        title,
        status: 'publish',
        author: administrator.id,
        publishedAt: '2026-01-05T10:00:00.000Z',
        startDate: '2027-06-01T18:00:00Z',
        endDate: '2027-06-01T20:00:00Z',
      } as never,
    })
    const search = encodeURIComponent(title)
    expect(await publicTotal(search)).toBe(1)

    const copied = await call(editor, `/api/events/${original.id}/duplicate`, 'POST', {})
    expect(copied.status, JSON.stringify(copied.body)).toBe(200)
    const copy = copied.body.doc
    expect(copy).toMatchObject({ status: 'draft', title, slug: `${original.slug}-2` })
    expect(copy.publishedAt ?? null).toBeNull()
    expect(typeof copy.author === 'object' ? copy.author.id : copy.author).toBe(editor.id)
    // Nothing of the copy reaches a visitor: not the list, its total, nor the item itself.
    expect(await publicTotal(search)).toBe(1)
    expect((await call(null, `/wp-json/vendor/events/v1/events/${copy.id}`)).status).toBe(403)
    expect((await call(null, `/api/events/${copy.id}`)).status).toBe(404)
    // The original is untouched.
    const kept = await payload.findByID({ collection: 'events', id: original.id })
    expect(kept).toMatchObject({ status: 'publish', slug: original.slug })
  })

  it('makes the unpublished copy’s slug again from its new title, and keeps it once published or typed', async () => {
    const original = await payload.create({
      collection: 'events',
      data: {
        title: unique('Spring fair'),
        status: 'publish',
        startDate: '2027-04-01T10:00:00Z',
        endDate: '2027-04-01T12:00:00Z',
      } as never,
    })
    const copy = (await call(editor, `/api/events/${original.id}/duplicate`, 'POST', {})).body.doc
    const newTitle = unique('Autumn fair')
    const retitled = await call(editor, `/api/events/${copy.id}`, 'PATCH', { title: newTitle })
    expect(retitled.status).toBe(200)
    const madeFromTitle = newTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    expect(retitled.body.doc.slug).toBe(madeFromTitle)

    // A slug typed by the editor stays when the title changes.
    await call(editor, `/api/events/${copy.id}`, 'PATCH', { slug: 'my-own-slug-for-the-fair' })
    const typed = await call(editor, `/api/events/${copy.id}`, 'PATCH', { title: unique('Other') })
    expect(typed.body.doc.slug).toBe('my-own-slug-for-the-fair')

    // A published item's slug never moves with its title: its address is live.
    const live = await payload.create({
      collection: 'events',
      data: {
        title: unique('Live fair'),
        status: 'publish',
        startDate: '2027-04-01T10:00:00Z',
        endDate: '2027-04-01T12:00:00Z',
      } as never,
    })
    const renamed = await call(editor, `/api/events/${live.id}`, 'PATCH', { title: unique('New') })
    expect(renamed.body.doc.slug).toBe(live.slug)
  })

  it('copies a venue as a draft too, and a draft from its title’s slug with -2', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('Copied hall'), status: 'publish' } as never,
    })
    const copied = await call(administrator, `/api/venues/${venue.id}/duplicate`, 'POST', {})
    expect(copied.status, JSON.stringify(copied.body)).toBe(200)
    expect(copied.body.doc).toMatchObject({ status: 'draft', slug: `${venue.slug}-2` })
  })
})
