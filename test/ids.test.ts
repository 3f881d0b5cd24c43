import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { getTestPayload, unique } from './helpers/payload'

const event = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  startDate: '2027-01-10T18:00:00.000Z',
  endDate: '2027-01-10T20:00:00.000Z',
  timezone: 'UTC',
  status: 'publish',
  ...extra,
})

describe('id spaces (docs/compatibility.md, "Shared id spaces")', () => {
  let payload: Payload
  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('gives events, venues and organizers ids from one sequence', async () => {
    const venue = await payload.create({ collection: 'venues', data: { name: unique('venue'), status: 'publish' } })
    const organizer = await payload.create({ collection: 'organizers', data: { name: unique('org'), status: 'publish' } })
    const created = await payload.create({ collection: 'events', data: event(unique('event')) as never })
    const ids = [venue.id, organizer.id, created.id] as number[]
    expect(new Set(ids).size).toBe(3)
    expect(ids[1]).toBe(ids[0]! + 1)
    expect(ids[2]).toBe(ids[1]! + 1)
  })

  it('gives categories and tags ids from another sequence', async () => {
    const category = await payload.create({ collection: 'event-categories', data: { name: unique('cat') } })
    const tag = await payload.create({ collection: 'event-tags', data: { name: unique('tag') } })
    expect(tag.id).toBe((category.id as number) + 1)
  })

  it('keeps an imported id and moves the sequence past it', async () => {
    const imported = await payload.create({ collection: 'venues', data: { id: 5000, name: unique('imported'), status: 'publish' } as never })
    expect(imported.id).toBe(5000)
    const next = await payload.create({ collection: 'events', data: event(unique('after-import')) as never })
    expect(next.id).toBe(5001)
  })

  it('refuses an explicit id that another collection of the group already uses, and writes nothing', async () => {
    const venue = await payload.create({ collection: 'venues', data: { name: unique('taken'), status: 'publish' } })
    const title = unique('clash')
    await expect(payload.create({ collection: 'events', data: event(title, { id: venue.id }) as never })).rejects.toThrow()
    const { totalDocs } = await payload.count({ collection: 'events', where: { title: { equals: title } } })
    expect(totalDocs).toBe(0)
  })
})
