import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { SanitizedPluginConfig } from '../../src/types'

import { drizzleOf } from '../../src/db/pool'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { watchDriverStatements } from '../helpers/driverStatements'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { issueWeeklySeries } from '../helpers/series'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Answer = { body: Record<string, any>; status: number }
type Collection = 'events' | 'organizers' | 'venues'

/**
 * Revisions (docs/revisions.md): Payload's versions of events, venues and organizers, read only by
 * those who may edit the item, and restored through the same rules as an update.
 */
describe('revisions of events, venues and organizers', () => {
  let payload: Payload
  let api: TestServer
  let options: SanitizedPluginConfig
  const users = {} as Record<
    'administrator' | 'author' | 'contributor' | 'editor' | 'otherAuthor' | 'subscriber',
    TestUser
  >

  const rest = async (
    user: null | TestUser,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer> => {
    const response = await fetch(`${api.url}/api${path}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      method,
    })
    return { body: (await response.json()) as Record<string, any>, status: response.status }
  }
  const graphql = (user: null | TestUser, query: string) =>
    rest(user, 'POST', '/graphql', { query })
  const compat = async (path: string) => {
    const response = await fetch(`${api.url}/wp-json/vendor/events/v1${path}`)
    return (await response.json()) as Record<string, any>
  }

  const eventData = (extra: Record<string, unknown> = {}) => ({
    title: unique('Revised event'),
    startDate: '2027-06-01T10:00:00.000Z',
    endDate: '2027-06-01T11:00:00.000Z',
    timezone: 'UTC',
    ...extra,
  })
  const itemData: Record<Collection, () => Record<string, unknown>> = {
    events: () => eventData(),
    organizers: () => ({ name: unique('Revised organizer') }),
    venues: () => ({ name: unique('Revised venue') }),
  }
  const create = async (user: TestUser, collection: Collection, data: Record<string, unknown>) => {
    const answer = await rest(user, 'POST', `/${collection}`, data)
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return answer.body.doc as Record<string, any>
  }
  const update = async (
    user: TestUser,
    collection: Collection,
    id: number,
    data: Record<string, unknown>,
  ) => {
    const answer = await rest(user, 'PATCH', `/${collection}/${id}`, data)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.doc as Record<string, any>
  }
  /** The item's revisions as `user` reads them, newest first. */
  const revisionsOf = async (user: TestUser, collection: Collection, id: number) => {
    const answer = await rest(
      user,
      'GET',
      `/${collection}/versions?where[parent][equals]=${id}&sort=-updatedAt&limit=100`,
    )
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.docs as Array<{ id: number; version: Record<string, any> }>
  }
  const restore = (user: null | TestUser, collection: Collection, versionId: number) =>
    rest(user, 'POST', `/${collection}/versions/${versionId}`)

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    options = pluginOptionsOf(payload)
    for (const role of ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const)
      users[role] = await createUser(payload, role)
    users.otherAuthor = await createUser(payload, 'author')
  })
  afterAll(() => api?.close())

  it('keeps each save as a revision, the newest `revisions.maxPerDoc` of them', async () => {
    expect(options.revisions.maxPerDoc).toBe(25)
    const event = await create(users.editor, 'events', eventData({ status: 'publish' }))
    for (let save = 1; save <= 26; save++)
      await payload.update({
        collection: 'events',
        data: { title: `${event.title} ${save}` } as never,
        id: event.id,
        overrideAccess: true,
      })
    const revisions = await revisionsOf(users.editor, 'events', event.id)
    expect(revisions).toHaveLength(25)
    expect(revisions[0]!.version.title).toBe(`${event.title} 26`)
    expect(revisions.at(-1)!.version.title).toBe(`${event.title} 2`)
  })

  it('shows visitors and subscribers no revision, on REST and GraphQL', async () => {
    const ids = {} as Record<Collection, { item: number; version: number }>
    for (const collection of ['events', 'venues', 'organizers'] as const) {
      const item = await create(users.editor, collection, {
        ...itemData[collection](),
        password: 'secret',
        status: 'draft',
      })
      const [version] = await revisionsOf(users.editor, collection, item.id)
      expect(version!.version.password).toBe('secret')
      ids[collection] = { item: item.id, version: version!.id }
    }
    for (const user of [null, users.subscriber]) {
      for (const collection of ['events', 'venues', 'organizers'] as const) {
        const list = await rest(user, 'GET', `/${collection}/versions`)
        expect([list.status, list.body.docs]).toEqual([403, undefined])
        const one = await rest(user, 'GET', `/${collection}/versions/${ids[collection].version}`)
        expect([one.status, one.body.version]).toEqual([403, undefined])
      }
      const answer = await graphql(
        user,
        `{ versionsEvents { docs { id version { title password } } }
           versionsVenues { docs { id version { name password } } }
           versionsOrganizers { docs { id version { name password } } }
           versionEvent(id: ${ids.events.version}) { id version { title password } } }`,
      )
      expect(JSON.stringify(answer.body)).not.toContain('secret')
      expect(answer.body.data ?? {}).toEqual({
        versionEvent: null,
        versionsEvents: null,
        versionsOrganizers: null,
        versionsVenues: null,
      })
      expect(answer.body.errors?.length).toBe(4)
    }
  })

  it('shows a contributor or author the revisions of the items they may edit, and only those', async () => {
    const own = await create(users.contributor, 'events', eventData({ status: 'draft' }))
    const authors = await create(users.author, 'events', eventData({ password: 'kept' }))
    expect(await revisionsOf(users.contributor, 'events', own.id)).toHaveLength(1)
    expect(await revisionsOf(users.author, 'events', own.id)).toEqual([])
    expect(await revisionsOf(users.contributor, 'events', authors.id)).toEqual([])
    expect(await revisionsOf(users.otherAuthor, 'events', authors.id)).toEqual([])
    const [authorsRevision] = await revisionsOf(users.author, 'events', authors.id)
    expect(authorsRevision!.version.password).toBe('kept')
    const another = await rest(users.otherAuthor, 'GET', `/events/versions/${authorsRevision!.id}`)
    expect([another.status, another.body.version]).toEqual([403, undefined])
    // Once published, the contributor may no longer edit the item, nor read its revisions.
    await update(users.editor, 'events', own.id, { status: 'publish' })
    expect(await revisionsOf(users.contributor, 'events', own.id)).toEqual([])
    expect(
      (await revisionsOf(users.editor, 'events', own.id)).map((r) => r.version.status),
    ).toEqual(['publish', 'draft'])
  })

  it('tells no reader of revisions what a linked item hides from them, by a filter or a sort', async () => {
    // Another author's published, password-protected venue and organizer, on the readers' own events.
    const venue = await create(users.otherAuthor, 'venues', {
      address: 'Hidden Lane 7',
      name: unique('Locked venue'),
      password: 'zebra42',
      status: 'publish',
    })
    const organizer = await create(users.otherAuthor, 'organizers', {
      name: unique('Locked organizer'),
      password: 'zebra42',
      phone: '555-0142',
      status: 'publish',
    })
    for (const user of [users.author, users.contributor]) {
      const event = await create(
        user,
        'events',
        eventData({ organizers: [organizer.id], status: 'draft', venue: venue.id }),
      )
      const count = (query: string) =>
        rest(user, 'GET', `/events/versions?where[parent][equals]=${event.id}&${query}`)
      expect((await count('')).body.totalDocs).toBe(1)
      // A right and a wrong guess answer the same.
      for (const [path, right, wrong] of [
        ['version.venue.address', 'Hidden', 'Nowhere'],
        ['parent.venue.address', 'Hidden', 'Nowhere'],
        ['version.organizers.phone', '555', '999'],
      ]) {
        const answers = await Promise.all(
          [right, wrong].map((guess) => count(`where[${path}][like]=${guess}`)),
        )
        expect(answers.map(({ body, status }) => [status, body.totalDocs])).toEqual([
          [200, 0],
          [200, 0],
        ])
      }
      for (const query of [
        'where[version.venue.password][like]=zebra',
        'where[version.organizers.password][equals]=zebra42',
        'sort=version.venue.password',
        'sort=-version.venue.address',
      ]) {
        const answer = await count(query)
        expect([answer.status, answer.body.totalDocs], query).toEqual([400, undefined])
      }
    }
  })

  it('lets a contributor restore a published revision only as a submission for review', async () => {
    const event = await create(users.contributor, 'events', eventData({ status: 'draft' }))
    const published = await update(users.editor, 'events', event.id, {
      status: 'publish',
      title: `${event.title} as published`,
    })
    expect(published.status).toBe('publish')
    await update(users.editor, 'events', event.id, { status: 'draft' })
    const [, publishedRevision] = await revisionsOf(users.contributor, 'events', event.id)
    expect(publishedRevision!.version.status).toBe('publish')

    // Those who may not read it are answered as for no revision (below).
    expect((await restore(null, 'events', publishedRevision!.id)).status).toBe(404)
    // An id no revision can have names none, as on the items' own routes.
    for (const id of ['abc', '1.5', '99999999999']) {
      const answer = await rest(users.editor, 'POST', `/events/versions/${id}`)
      expect([answer.status, answer.body.errors], id).toEqual([404, [{ message: 'Not Found' }]])
    }
    expect((await restore(users.otherAuthor, 'events', publishedRevision!.id)).status).toBe(404)
    const restored = await restore(users.contributor, 'events', publishedRevision!.id)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const now = await rest(users.editor, 'GET', `/events/${event.id}`)
    expect([now.body.title, now.body.status]).toEqual([`${event.title} as published`, 'pending'])
    // The restore is itself a revision.
    expect((await revisionsOf(users.editor, 'events', event.id))[0]!.version.status).toBe('pending')
  })

  it('answers a restore of a revision the caller may not read as one of no revision', async () => {
    const draft = await create(users.author, 'events', eventData({ status: 'draft' }))
    await update(users.author, 'events', draft.id, { title: `${draft.title} again` })
    const [revision] = await revisionsOf(users.author, 'events', draft.id)
    const missing = 999_999_999
    const restoreGql = (user: null | TestUser, id: number) =>
      graphql(user, `mutation { restoreVersionEvent(id: ${id}) { id } }`)
    for (const user of [null, users.subscriber, users.contributor, users.otherAuthor]) {
      const none = await restore(user, 'events', missing)
      expect(none.status).toBe(404)
      expect(await restore(user, 'events', revision!.id)).toEqual(none)
      expect(await restoreGql(user, revision!.id)).toEqual(await restoreGql(user, missing))
    }
    expect((await restore(users.author, 'events', revision!.id)).status).toBe(200)
  })

  it('keeps slugs unique when a revision’s slug was taken since', async () => {
    const slug = unique('kept-slug').toLowerCase()
    const first = await create(users.editor, 'venues', {
      name: unique('Hall'),
      slug,
      status: 'publish',
    })
    await update(users.editor, 'venues', first.id, { slug: `${slug}-renamed` })
    const second = await create(users.editor, 'venues', {
      name: unique('Hall'),
      slug,
      status: 'publish',
    })
    expect(second.slug).toBe(slug)
    const [, original] = await revisionsOf(users.editor, 'venues', first.id)
    expect(original!.version.slug).toBe(slug)
    expect((await restore(users.editor, 'venues', original!.id)).status).toBe(200)
    const restored = await rest(users.editor, 'GET', `/venues/${first.id}`)
    expect(restored.body.slug).toBe(`${slug}-2`)
  })

  it('re-expands a series’ occurrences when one of its revisions is restored', async () => {
    const occurrences = async (eventId: number) => {
      const { rows } = (await drizzleOf(payload)!.execute(
        sql`SELECT to_char(original_start, 'YYYY-MM-DD') AS day FROM calendar_occurrences
            WHERE event_id = ${eventId} ORDER BY start_utc`,
      )) as { rows: Array<{ day: string }> }
      return rows.map((row) => row.day)
    }
    const series = await create(users.editor, 'events', issueWeeklySeries(unique('Weekly class')))
    const weekly = await occurrences(series.id)
    expect(weekly).toHaveLength(5)
    await update(users.editor, 'events', series.id, {
      recurrence: { rule: 'FREQ=DAILY;COUNT=2', exdates: [] },
    })
    expect(await occurrences(series.id)).toEqual(['2027-03-01', '2027-03-02'])
    const [, weeklyRevision] = await revisionsOf(users.editor, 'events', series.id)
    expect((await restore(users.editor, 'events', weeklyRevision!.id)).status).toBe(200)
    expect(await occurrences(series.id)).toEqual(weekly)
  })

  it('shows a restore on the compatibility API at once and records it for webhooks', async () => {
    options.webhooks.allowedHosts = ['127.0.0.1']
    const webhook = await payload.create({
      collection: 'webhooks',
      data: { events: ['event.updated'], url: 'http://127.0.0.1:9/revisions' } as never,
      overrideAccess: true,
    })
    try {
      const event = await create(users.editor, 'events', eventData({ status: 'publish' }))
      expect((await compat(`/events/${event.id}`)).title).toBe(event.title)
      await update(users.editor, 'events', event.id, { title: `${event.title} changed` })
      expect((await compat(`/events/${event.id}`)).title).toBe(`${event.title} changed`)
      const [, first] = await revisionsOf(users.editor, 'events', event.id)
      expect((await restore(users.editor, 'events', first!.id)).status).toBe(200)
      // The compatibility API's reads never read revisions.
      const sent: string[] = []
      const stop = watchDriverStatements((text) => sent.push(text))
      try {
        expect((await compat(`/events/${event.id}`)).title).toBe(event.title)
        await compat('/events?start_date=2027-01-01')
      } finally {
        stop()
      }
      expect(sent.length).toBeGreaterThan(0)
      expect(sent.filter((text) => /_v\b|_v_/.test(text))).toEqual([])
      const { docs } = await payload.find({
        collection: 'webhook-deliveries',
        overrideAccess: true,
        pagination: false,
        where: { webhook: { equals: webhook.id } },
      })
      expect(docs.map((delivery) => (delivery as Record<string, any>).event)).toEqual([
        'event.updated',
        'event.updated',
      ])
    } finally {
      await payload.delete({ collection: 'webhooks', id: webhook.id, overrideAccess: true })
      options.webhooks.allowedHosts = []
    }
  })
})
