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
    for (const [method, body] of [
      ['PATCH', { description: 'changed' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await send(method, matching, body)
      expect(response.status, method).toBe(400)
      expect((await response.json()).errors[0].message).toBe(
        `A bulk change takes at most 100 items and ${MAX_BULK_ITEMS + 1} match: narrow the selection, or send a limit of at most 100 and repeat.`,
      )
    }
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
})
