import type { CollectionSlug, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { plainDoc } from '../../src/lib/plainDoc'
import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/**
 * Issue 25, finding 12: an update in a language the item has no title (or name) in yet was
 * refused with "title is required", although reads in that language show the default
 * language's. The default language's title satisfies the rule, as it does for reads; the
 * translation's own title stays unset, so reads keep following the default language's.
 */
describe('updates in a language without its own title', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let admin: TestUser
  const headers = () => ({
    'content-type': 'application/json',
    ...basic(admin.email, admin.password),
  })

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  const stored = async (collection: string, id: number) =>
    plainDoc(
      await payload.findByID({
        collection: collection as CollectionSlug,
        depth: 0,
        id,
        locale: 'all',
      }),
    )

  it('accepts an event update through /fr/ and /es/ and Payload REST in that language, and keeps reads falling back', async () => {
    const title = unique('English only')
    const { id } = await payload.create({
      collection: 'events',
      data: {
        endDate: '2027-09-01T11:00:00.000Z',
        startDate: '2027-09-01T10:00:00.000Z',
        status: 'publish',
        title,
      } as never,
    })
    const fr = await fetch(`${api.url}/fr/wp-json/vendor/events/v1/events/${id}`, {
      body: JSON.stringify({ cost: '12' }),
      headers: headers(),
      method: 'POST',
    })
    expect(fr.status, await fr.clone().text()).toBe(200)
    expect(await fr.json()).toMatchObject({ cost: '$12', title })
    const es = await fetch(`${api.url}/es/wp-json/vendor/events/v1/events/${id}`, {
      body: JSON.stringify({ excerpt: 'Un resumen' }),
      headers: headers(),
      method: 'PATCH',
    })
    expect(es.status, await es.clone().text()).toBe(200)
    expect(await es.json()).toMatchObject({ title })
    const rest = await fetch(`${api.url}/api/events/${id}?locale=fr`, {
      body: JSON.stringify({ website: 'https://fr.example' }),
      headers: headers(),
      method: 'PATCH',
    })
    expect(rest.status, await rest.clone().text()).toBe(200)

    const doc = await stored('events', id as number)
    expect(doc).toMatchObject({ cost: '12', website: 'https://fr.example' })
    expect((doc.excerpt as Record<string, unknown>).es).toBe('Un resumen')
    // Reads in French still follow the English title when it changes.
    await payload.update({ collection: 'events', data: { title: `${title} renamed` } as never, id })
    expect((await payload.findByID({ collection: 'events', id, locale: 'fr' })).title).toBe(
      `${title} renamed`,
    )
    expect((await payload.findByID({ collection: 'events', id, locale: 'es' })).title).toBe(
      `${title} renamed`,
    )
  })

  it('still refuses to clear a title the item has, in the default language or in a translation', async () => {
    const { id } = await payload.create({
      collection: 'events',
      data: {
        endDate: '2027-09-02T11:00:00.000Z',
        startDate: '2027-09-02T10:00:00.000Z',
        status: 'publish',
        title: unique('Kept'),
      } as never,
    })
    const cleared = await fetch(`${api.url}/api/events/${id}`, {
      body: JSON.stringify({ title: '' }),
      headers: headers(),
      method: 'PATCH',
    })
    expect(cleared.status).toBe(400)
    await payload.update({
      collection: 'events',
      data: { title: 'Titre' } as never,
      id,
      locale: 'fr',
    })
    const clearedFr = await fetch(`${api.url}/api/events/${id}?locale=fr`, {
      body: JSON.stringify({ title: '' }),
      headers: headers(),
      method: 'PATCH',
    })
    expect(clearedFr.status).toBe(400)
    expect((await payload.findByID({ collection: 'events', id, locale: 'fr' })).title).toBe('Titre')
  })

  it.each([
    ['venues', 'venue', { city: 'Lyon' }, { city: 'Lyon' }],
    ['organizers', 'organizer', { phone: '555-0199' }, { phone: '555-0199' }],
  ])('accepts a %s update through /fr/', async (plural, word, body, expected) => {
    const { id } = await payload.create({
      collection: plural as CollectionSlug,
      data: { name: unique(`English ${word}`), status: 'publish' } as never,
    })
    const response = await fetch(`${api.url}/fr/wp-json/vendor/events/v1/${plural}/${id}`, {
      body: JSON.stringify(body),
      headers: headers(),
      method: 'POST',
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect(await stored(plural, id as number)).toMatchObject(expected)
  })

  it('accepts a category update through /es/', async () => {
    const { id } = await payload.create({
      collection: 'event-categories' as CollectionSlug,
      data: { name: unique('English category') } as never,
    })
    const response = await fetch(`${api.url}/es/wp-json/vendor/events/v1/categories/${id}`, {
      body: JSON.stringify({ description: 'Una categoría' }),
      headers: headers(),
      method: 'POST',
    })
    expect(response.status, await response.clone().text()).toBe(200)
    expect((await stored('event-categories', id as number)).description).toMatchObject({
      es: 'Una categoría',
    })
  })
})
