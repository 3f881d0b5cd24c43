import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * Payload's own timestamps (`createdAt`, `updatedAt`) sent as something that is not a date are
 * refused as the field's error before any statement (src/hooks/refuseUnreadableTimestamps.ts):
 * a single update and a bulk one alike, nothing changed. A bulk update had been rolled back at
 * its commit and answered 503, which no retry could mend (found by the fuzzer).
 */
describe('timestamps that are not dates', () => {
  let payload: Payload
  let server: TestServer
  let contributor: TestUser
  const ids: number[] = []
  const marker = unique('stamps')

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    contributor = await createUser(payload, 'contributor')
    for (const n of [1, 2]) {
      const response = await fetch(`${server.url}/api/events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...basic(contributor.email, contributor.password),
        },
        body: JSON.stringify({
          title: `${marker} ${n}`,
          startDate: '2027-06-01T10:00:00Z',
          endDate: '2027-06-01T11:00:00Z',
        }),
      })
      expect(response.status).toBe(201)
      ids.push((await response.json()).doc.id)
    }
  })
  afterAll(() => server?.close())

  const patch = (query: string, body: Record<string, unknown>) =>
    fetch(`${server.url}/api/events${query}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        ...basic(contributor.email, contributor.password),
      },
      body: JSON.stringify(body),
    })

  it('refuses them in a single update and in a bulk one, and changes nothing', async () => {
    for (const stamps of [
      { createdAt: ['0x10', null] },
      { createdAt: '0x10' },
      { updatedAt: { $gt: '' } },
      { createdAt: 'x'.repeat(1_000) },
    ]) {
      const body = { title: `${marker} renamed`, ...stamps }
      const single = await patch(`/${ids[0]}`, body)
      expect(single.status, JSON.stringify(stamps)).toBe(400)
      const bulk = await patch(`?${ids.map((id) => `where[id][in]=${id}`).join('&')}`, body)
      expect(bulk.status, JSON.stringify(stamps)).not.toBe(503)
      expect(bulk.status, JSON.stringify(stamps)).toBeLessThan(500)
      const text = JSON.stringify(await bulk.json())
      expect(text).toMatch(/createdAt|updatedAt/)
    }
    const titles = await Promise.all(
      ids.map(async (id) => (await payload.findByID({ collection: 'events', id })).title),
    )
    expect(titles).toEqual([`${marker} 1`, `${marker} 2`])
  })

  it('takes real dates as before', async () => {
    const response = await patch(`/${ids[1]}`, { createdAt: '2026-01-02T03:04:05.000Z' })
    expect(response.status).toBe(200)
    expect((await response.json()).doc.createdAt).toBe('2026-01-02T03:04:05.000Z')
  })

  it('refuses them on every collection, the terms and the accounts too', async () => {
    const admin = await createUser(payload, 'administrator')
    const headers = { 'content-type': 'application/json', ...basic(admin.email, admin.password) }
    const send = (method: string, path: string, body: Record<string, unknown>) =>
      fetch(`${server.url}/api/${path}`, { method, headers, body: JSON.stringify(body) })
    for (const collection of ['event-tags', 'event-categories']) {
      const made = await send('POST', collection, { name: `${marker} ${collection}` })
      expect(made.status).toBe(201)
      const { id } = (await made.json()).doc
      const bulk = await send('PATCH', `${collection}?where[id][equals]=${id}`, {
        createdAt: '0x10',
      })
      expect(bulk.status, collection).toBe(400)
      expect(JSON.stringify(await bulk.json())).toContain('createdAt')
      const single = await send('PATCH', `${collection}/${id}`, { updatedAt: { $gt: '' } })
      expect(single.status, collection).toBe(400)
      expect((await single.json()).errors[0].data.errors).toEqual([
        expect.objectContaining({ path: 'updatedAt' }),
      ])
    }
    const accounts = await send('PATCH', `users?where[id][equals]=${admin.id}`, {
      createdAt: '0x10',
    })
    expect(accounts.status).toBe(400)
    expect((await payload.findByID({ collection: 'users', id: admin.id })).createdAt).not.toBe(
      '0x10',
    )
  })
})
