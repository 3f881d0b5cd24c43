import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { COST_DETAILS_GIVEN } from '../../src/hooks/context'
import { createUser, failureOf, getTestPayload, unique } from '../helpers/payload'

const baseEvent = {
  startDate: '2027-03-01T10:00:00.000Z',
  endDate: '2027-03-01T12:00:00.000Z',
  timezone: 'America/New_York',
  status: 'publish',
}

describe('collections', () => {
  let payload: Payload
  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('stores a full event with its venue, organizers and terms', async () => {
    const suffix = unique('x')
    const venue = await payload.create({
      collection: 'venues',
      data: {
        name: unique('Hall'),
        city: 'Paris',
        latitude: 48.85,
        longitude: 2.35,
        status: 'publish',
      },
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: unique('Org'), email: 'org@example.com', status: 'publish' },
    })
    const parent = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Music') },
    })
    const child = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Jazz'), parent: parent.id },
    })
    const tag = await payload.create({ collection: 'event-tags', data: { name: unique('free') } })
    const event = await payload.create({
      collection: 'events',
      data: {
        ...baseEvent,
        title: `Jazz Night #25 ${suffix}`,
        cost: '$15 – $30',
        website: 'https://jazz.example/night',
        venue: venue.id,
        organizers: [organizer.id],
        categories: [child.id],
        tags: [tag.id],
        featured: true,
      } as never,
      depth: 1,
    })
    expect(event.slug).toBe(`jazz-night-25-${suffix}`)
    expect((event.venue as { city: string }).city).toBe('Paris')
    expect((event.organizers as { email: string }[])[0]!.email).toBe('org@example.com')
    expect((event.categories as { parent: number }[])[0]!.parent).toBe(parent.id)
    expect(event.costDetails).toMatchObject({
      currencySymbol: '$',
      currencyPosition: 'prefix',
      values: ['15', '30'],
    })
    expect(event.status).toBe('publish')
    expect(event.publishedAt).toBeTruthy()
  })

  it("keeps cost details given by the writer and an unchanged cost's, and reads a changed cost anew", async () => {
    // As the importer writes an event whose source set the symbol apart from the cost text.
    const given = { currencySymbol: '€', currencyPosition: 'postfix', values: ['10', '20'] }
    const event = await payload.create({
      collection: 'events',
      context: { [COST_DETAILS_GIVEN]: true },
      data: { ...baseEvent, title: unique('Priced'), cost: '10 - 20', costDetails: given } as never,
    })
    expect(event.costDetails).toMatchObject(given)
    // A save for another change (the admin form sends the cost as it is) keeps them.
    const renamed = await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: unique('Renamed'), cost: '10 - 20' } as never,
    })
    expect(renamed.costDetails).toMatchObject(given)
    const repriced = await payload.update({
      collection: 'events',
      id: event.id,
      data: { cost: '$5' } as never,
    })
    expect(repriced.costDetails).toMatchObject({
      currencySymbol: '$',
      currencyPosition: 'prefix',
      values: ['5'],
    })
  })

  it('makes slugs unique as WordPress does and cleans typed ones', async () => {
    const title = unique('Same Title')
    const first = await payload.create({
      collection: 'events',
      data: { ...baseEvent, title } as never,
    })
    const second = await payload.create({
      collection: 'events',
      data: { ...baseEvent, title } as never,
    })
    expect(second.slug).toBe(`${first.slug}-2`)
    const typed = await payload.create({
      collection: 'venues',
      data: { name: 'x', slug: `  Grand Théâtre ${title}!  `, status: 'publish' },
    })
    expect(typed.slug).toBe(`grand-theatre-${first.slug}`)
  })

  it('normalises all-day events to whole days in their timezone and never ends before the start', async () => {
    const allDay = await payload.create({
      collection: 'events',
      data: {
        ...baseEvent,
        title: unique('Fair'),
        allDay: true,
        startDate: '2027-04-01T15:00:00Z',
        endDate: '2027-04-02T15:00:00Z',
      } as never,
    })
    // New York is UTC-4 in April: 00:00:00 and 23:59:59 local.
    expect(allDay.startDate).toBe('2027-04-01T04:00:00.000Z')
    expect(allDay.endDate).toBe('2027-04-03T03:59:59.000Z')

    // Payload's APIs (and so the admin form) refuse an end before the start; the compatibility API clamps it as the original does.
    const backwards = unique('Backwards')
    const error = await failureOf(() =>
      payload.create({
        collection: 'events',
        data: { ...baseEvent, title: backwards, endDate: '2027-03-01T09:00:00.000Z' } as never,
      }),
    )
    expect(error.name).toBe('ValidationError')
    expect(JSON.stringify(error.data)).toContain('The end cannot be before the start.')
    expect(
      (await payload.count({ collection: 'events', where: { title: { equals: backwards } } }))
        .totalDocs,
    ).toBe(0)
  })

  it.each([
    ['a missing title', { title: undefined }, 'title'],
    ['a bad timezone', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['a website that is not a URL', { website: 'not a url' }, 'website'],
    ['an unknown status', { status: 'archived' }, 'status'],
  ])('refuses %s with a clear error and writes nothing', async (_label, change, field) => {
    const marker = unique('invalid')
    const error = await failureOf(() =>
      payload.create({
        collection: 'events',
        data: { ...baseEvent, title: marker, excerpt: marker, ...change } as never,
      }),
    )
    expect(error.name).toBe('ValidationError')
    expect(JSON.stringify(error.data)).toContain(field)
    const { totalDocs } = await payload.count({
      collection: 'events',
      where: { excerpt: { equals: marker } },
    })
    expect(totalDocs).toBe(0)
  })

  it('refuses an unknown role', async () => {
    await createUser(payload, 'subscriber') // the first account always becomes administrator
    const username = unique('user')
    const error = await failureOf(() =>
      payload.create({
        collection: 'users',
        data: {
          email: `${username}@example.test`,
          username,
          password: 'x-secret-1',
          role: 'superhero',
        } as never,
      }),
    )
    expect(error.name).toBe('ValidationError')
    expect(
      (await payload.count({ collection: 'users', where: { username: { equals: username } } }))
        .totalDocs,
    ).toBe(0)
  })

  it('makes the first account of a new site its administrator', async () => {
    const { totalDocs } = await payload.count({ collection: 'users' })
    const user = await createUser(payload, 'subscriber')
    const stored = await payload.findByID({ collection: 'users', id: user.id })
    expect(stored.role).toBe(totalDocs === 0 ? 'administrator' : 'subscriber')
  })

  it('keeps a category from becoming its own ancestor', async () => {
    const root = await payload.create({
      collection: 'event-categories',
      data: { name: unique('root') },
    })
    const leaf = await payload.create({
      collection: 'event-categories',
      data: { name: unique('leaf'), parent: root.id },
    })
    const error = await failureOf(() =>
      payload.update({ collection: 'event-categories', id: root.id, data: { parent: leaf.id } }),
    )
    expect(error.name).toBe('ValidationError')
    expect(
      (await payload.findByID({ collection: 'event-categories', id: root.id, depth: 0 })).parent ??
        null,
    ).toBeNull()
  })
})
