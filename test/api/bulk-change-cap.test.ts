import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MAX_BULK_ITEMS } from '../../src/hooks/capBulkChanges'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * A bulk update or delete over Payload's REST API changes at most 100 items
 * (src/hooks/capBulkChanges.ts): more is refused before any save, and `limit` pages through them.
 */
describe('bulk changes', () => {
  let payload: Payload
  let server: TestServer
  let editor: TestUser
  const marker = unique('bulk')
  const matching = `where[name][like]=${encodeURIComponent(marker)}`

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    editor = await createUser(payload, 'editor')
    for (let n = 0; n <= MAX_BULK_ITEMS; n++)
      await payload.create({ collection: 'event-tags', data: { name: `${marker} ${n}` } })
  })
  afterAll(() => server?.close())

  const send = (method: string, query: string, body?: Record<string, unknown>) =>
    fetch(`${server.url}/api/event-tags?${query}`, {
      method,
      headers: { 'content-type': 'application/json', ...basic(editor.email, editor.password) },
      body: body && JSON.stringify(body),
    })
  const described = async () =>
    (
      await payload.find({
        collection: 'event-tags',
        limit: 0,
        where: { name: { like: marker }, description: { equals: 'changed' } },
      })
    ).totalDocs

  it(`refuses an update or a delete of more than ${MAX_BULK_ITEMS} items, saying how many matched, and changes nothing`, async () => {
    for (const [method, body, advice] of [
      ['PATCH', { description: 'changed' }, ', or send a limit of at most 100 and repeat'],
      ['DELETE', undefined, ''],
    ] as const) {
      const response = await send(method, matching, body)
      expect(response.status, method).toBe(400)
      expect((await response.json()).errors[0].message).toBe(
        `A bulk change takes at most 100 items and ${MAX_BULK_ITEMS + 1} match: narrow the selection${advice}.`,
      )
    }
    const fractional = await send('PATCH', `${matching}&limit=1.5`, { description: 'changed' })
    expect(fractional.status).toBe(400)
    expect((await fractional.json()).errors[0].message).toBe('The limit must be a whole number.')
    expect(await described()).toBe(0)
    const left = await payload.count({
      collection: 'event-tags',
      where: { name: { like: marker } },
    })
    expect(left.totalDocs).toBe(MAX_BULK_ITEMS + 1)
  })

  it('changes them a page at a time with a limit, and a selection within the cap at once', async () => {
    const first = await send('PATCH', `${matching}&limit=60`, { description: 'changed' })
    expect(first.status).toBe(200)
    expect((await first.json()).docs).toHaveLength(60)
    expect(await described()).toBe(60)
    const refused = await send('PATCH', `${matching}&limit=${MAX_BULK_ITEMS + 1}`, {
      description: 'changed',
    })
    expect(refused.status).toBe(400)
    const rest = await send('PATCH', `${matching}&where[description][not_equals]=changed`, {
      description: 'changed',
    })
    expect(rest.status).toBe(200)
    expect(await described()).toBe(MAX_BULK_ITEMS + 1)
    const twelve = Array.from(
      { length: 12 },
      (_, n) => `where[name][in]=${encodeURIComponent(`${marker} ${n}`)}`,
    )
    const removed = await send('DELETE', twelve.join('&'))
    expect(removed.status).toBe(200)
    const left = await payload.count({
      collection: 'event-tags',
      where: { name: { like: marker } },
    })
    expect(left.totalDocs).toBe(MAX_BULK_ITEMS + 1 - 12)
  })

  it('counts only what the caller may change, and leaves the server’s own bulk changes alone', async () => {
    // An author matching many events of others changes only their own, within the cap.
    const author = await createUser(payload, 'author')
    const own = await payload.create({
      collection: 'events',
      data: {
        author: author.id,
        startDate: '2027-05-01T10:00:00Z',
        endDate: '2027-05-01T11:00:00Z',
        title: `${marker} own`,
      } as never,
      overrideAccess: true,
    })
    for (let n = 0; n <= MAX_BULK_ITEMS; n++)
      await payload.create({
        collection: 'events',
        data: {
          startDate: '2027-05-01T10:00:00Z',
          endDate: '2027-05-01T11:00:00Z',
          status: 'publish',
          title: `${marker} theirs ${n}`,
        } as never,
        overrideAccess: true,
      })
    const renamed = await fetch(
      `${server.url}/api/events?where[title][like]=${encodeURIComponent(marker)}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...basic(author.email, author.password) },
        body: JSON.stringify({ excerpt: 'mine' }),
      },
    )
    expect(renamed.status).toBe(200)
    expect((await renamed.json()).docs.map((doc: { id: number }) => doc.id)).toEqual([own.id])

    // Deleting a calendar source deletes its items in a bulk change of the server's own.
    const source = (await payload.create({
      collection: 'calendar-sources' as never,
      data: {
        name: `${marker} source`,
        schedule: 'manual',
        url: 'https://example.test/a.ics',
      } as never,
      overrideAccess: true,
    })) as { id: number }
    const removed = await fetch(`${server.url}/api/calendar-sources/${source.id}`, {
      method: 'DELETE',
      headers: basic(editor.email, editor.password),
    })
    expect(removed.status).toBe(200)
  })
})
