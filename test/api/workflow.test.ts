import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { publishDueItems } from '../../src/jobs/publishScheduledItems'
import {
  as,
  createUser,
  failureOf,
  getTestPayload,
  type TestUser,
  unique,
} from '../helpers/payload'

const eventData = (extra: Record<string, unknown> = {}) => ({
  title: unique('Workflow event'),
  startDate: '2027-05-01T10:00:00.000Z',
  endDate: '2027-05-01T11:00:00.000Z',
  timezone: 'UTC',
  ...extra,
})

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString()
const anHourAgo = () => new Date(Date.now() - 3_600_000).toISOString()

describe('status workflow (docs/compatibility.md, "Status workflow and roles")', () => {
  let payload: Payload
  const users = {} as Record<
    'administrator' | 'author' | 'contributor' | 'editor' | 'subscriber',
    TestUser
  >
  const otherAuthor = {} as { user: TestUser }

  beforeAll(async () => {
    payload = await getTestPayload()
    for (const role of [
      'administrator',
      'editor',
      'author',
      'contributor',
      'subscriber',
    ] as const) {
      users[role] = await createUser(payload, role)
    }
    otherAuthor.user = await createUser(payload, 'author')
  })

  const create = (user: TestUser | null, extra: Record<string, unknown> = {}) =>
    payload.create({ collection: 'events', data: eventData(extra) as never, ...as(user) })

  it.each([
    ['administrator', 'publish', 'publish'],
    ['editor', 'private', 'private'],
    ['author', 'publish', 'publish'],
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['contributor', 'private', 'pending'],
    ['contributor', 'draft', 'draft'],
  ] as const)('%s asking for %s gets %s', async (role, requested, expected) => {
    const event = await create(users[role], {
      status: requested,
      publishedAt: requested === 'future' ? inOneHour() : undefined,
    })
    expect(event.status).toBe(expected)
    expect((event.author as { id: number }).id ?? event.author).toBe(users[role].id)
  })

  it('refuses creation to anonymous callers and subscribers', async () => {
    expect((await failureOf(() => create(null, { status: 'draft' }))).name).toBe('Forbidden')
    expect((await failureOf(() => create(users.subscriber, { status: 'draft' }))).name).toBe(
      'Forbidden',
    )
  })

  it('turns publish with a date to come into future, and future with a past date into publish', async () => {
    expect(
      (await create(users.editor, { status: 'publish', publishedAt: inOneHour() })).status,
    ).toBe('future')
    expect(
      (await create(users.editor, { status: 'future', publishedAt: anHourAgo() })).status,
    ).toBe('publish')
    expect((await create(users.editor, { status: 'future' })).status).toBe('publish')
  })

  it('lets contributors edit only their own unpublished items', async () => {
    const own = await create(users.contributor, { status: 'draft' })
    const updated = await payload.update({
      collection: 'events',
      id: own.id,
      data: { title: 'renamed' } as never,
      ...as(users.contributor),
    })
    expect(updated.title).toBe('renamed')

    const published = await create(users.editor, { status: 'publish' })
    const marker = unique('nope')
    await failureOf(() =>
      payload.update({
        collection: 'events',
        id: published.id,
        data: { title: marker } as never,
        ...as(users.contributor),
      }),
    )
    expect((await payload.findByID({ collection: 'events', id: published.id })).title).not.toBe(
      marker,
    )

    const ownPending = await create(users.contributor, { status: 'pending' })
    await payload.update({
      collection: 'events',
      id: ownPending.id,
      data: { status: 'publish' } as never,
      ...as(users.editor),
    })
    await failureOf(() =>
      payload.update({
        collection: 'events',
        id: ownPending.id,
        data: { title: marker } as never,
        ...as(users.contributor),
      }),
    )
  })

  it('lets authors edit their own items but not another author’s', async () => {
    const mine = await create(users.author, { status: 'publish' })
    await payload.update({
      collection: 'events',
      id: mine.id,
      data: { status: 'draft' } as never,
      ...as(users.author),
    })
    const theirs = await create(otherAuthor.user, { status: 'publish' })
    await failureOf(() =>
      payload.update({
        collection: 'events',
        id: theirs.id,
        data: { status: 'draft' } as never,
        ...as(users.author),
      }),
    )
    expect((await payload.findByID({ collection: 'events', id: theirs.id })).status).toBe('publish')
  })

  it('does not let a contributor hand an item to someone else', async () => {
    const event = await create(users.contributor, { status: 'draft', author: users.editor.id })
    expect((event.author as { id?: number })?.id ?? event.author).toBe(users.contributor.id)
  })

  it('shows anonymous callers and subscribers published items only', async () => {
    const statuses = ['draft', 'pending', 'private', 'publish'] as const
    const ids: Record<string, number> = {}
    for (const status of statuses)
      ids[status] = (await create(users.editor, { status })).id as number
    ids.future = (await create(users.editor, { status: 'future', publishedAt: inOneHour() }))
      .id as number
    const trashed = await create(users.editor, { status: 'publish' })
    await payload.update({
      collection: 'events',
      id: trashed.id,
      data: { status: 'trash' } as never,
    })
    ids.trash = trashed.id as number

    const where = { id: { in: Object.values(ids) } }
    for (const viewer of [null, users.subscriber]) {
      const seen = await payload.find({ collection: 'events', where, ...as(viewer) })
      expect(seen.docs.map((doc) => doc.id)).toEqual([ids.publish])
      expect(seen.totalDocs).toBe(1)
      await failureOf(() =>
        payload.findByID({ collection: 'events', id: ids.draft!, ...as(viewer) }),
      )
    }
    const editorView = await payload.find({ collection: 'events', where, ...as(users.editor) })
    expect(editorView.totalDocs).toBe(6)
  })

  it('hides a draft venue inside a published event from anonymous callers', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: unique('Secret venue'), status: 'draft' },
    })
    const event = await create(users.editor, { status: 'publish', venue: venue.id })
    const anonymous = await payload.findByID({
      collection: 'events',
      id: event.id,
      depth: 1,
      ...as(null),
    })
    expect(anonymous.venue === null || typeof anonymous.venue !== 'object').toBe(true)
    const editor = await payload.findByID({
      collection: 'events',
      id: event.id,
      depth: 1,
      ...as(users.editor),
    })
    expect((editor.venue as { name: string }).name).toBe(venue.name)
  })

  it('trashes with the slug freed and restores the previous status and slug', async () => {
    const event = await create(users.editor, { status: 'pending' })
    const trashed = await payload.update({
      collection: 'events',
      id: event.id,
      data: { status: 'trash' } as never,
      ...as(users.editor),
    })
    expect(trashed.status).toBe('trash')
    expect(trashed.slug).toBe(`${event.slug}__trashed`)
    expect(trashed.statusBeforeTrash).toBe('pending')

    const restored = await payload.update({
      collection: 'events',
      id: event.id,
      data: { status: trashed.statusBeforeTrash } as never,
      ...as(users.editor),
    })
    expect(restored.status).toBe('pending')
    expect(restored.slug).toBe(event.slug)
  })

  it('restores an event whose slug another took while it was in the trash under the next free one, with the form’s slug handed back too', async () => {
    for (const sendsSlug of [false, true]) {
      const event = await create(users.editor, { status: 'publish' })
      const trashed = await payload.update({
        collection: 'events',
        id: event.id,
        data: { status: 'trash' } as never,
        ...as(users.editor),
      })
      const other = await create(users.editor, { status: 'publish', title: event.title })
      expect(other.slug).toBe(event.slug)
      const restored = await payload.update({
        collection: 'events',
        id: event.id,
        data: { status: 'publish', ...(sendsSlug ? { slug: trashed.slug } : {}) } as never,
        ...as(users.editor),
      })
      expect(restored.status).toBe('publish')
      expect(restored.slug).toBe(`${event.slug}-2`)
    }
  })

  it('trashes an event whose slug an event in the trash had under the next free trashed slug, and restores both', async () => {
    const trash = (id: number | string) =>
      payload.update({
        collection: 'events',
        id,
        data: { status: 'trash' } as never,
        ...as(users.editor),
      })
    const restore = (id: number | string) =>
      payload.update({
        collection: 'events',
        id,
        data: { status: 'publish' } as never,
        ...as(users.editor),
      })
    const first = await create(users.editor, { status: 'publish' })
    expect((await trash(first.id)).slug).toBe(`${first.slug}__trashed`)
    const second = await create(users.editor, { status: 'publish', title: first.title })
    expect(second.slug).toBe(first.slug)
    expect((await trash(second.id)).slug).toBe(`${first.slug}__trashed-2`)
    expect((await restore(second.id)).slug).toBe(first.slug)
    expect((await restore(first.id)).slug).toBe(`${first.slug}-2`)
  })
})

describe('scheduled publication', () => {
  it('publishes future items whose date has come, and only those', async () => {
    const payload = await getTestPayload()
    const editor = await createUser(payload, 'editor')
    const soon = await payload.create({
      collection: 'venues',
      data: {
        name: unique('soon'),
        status: 'future',
        publishedAt: new Date(Date.now() + 1500).toISOString(),
      },
      ...as(editor),
    })
    const later = await payload.create({
      collection: 'events',
      data: eventData({ status: 'future', publishedAt: inOneHour() }) as never,
      ...as(editor),
    })
    expect(soon.status).toBe('future')

    const req = { payload, user: null, context: {} } as never
    await publishDueItems({ collections: ['events', 'venues', 'organizers'], req, now: new Date() })
    expect((await payload.findByID({ collection: 'venues', id: soon.id })).status).toBe('future')

    await new Promise((resolve) => setTimeout(resolve, 1600))
    expect(
      await publishDueItems({ collections: ['events', 'venues', 'organizers'], req }),
    ).toBeGreaterThanOrEqual(1)
    expect((await payload.findByID({ collection: 'venues', id: soon.id })).status).toBe('publish')
    expect((await payload.findByID({ collection: 'events', id: later.id })).status).toBe('future')
  })

  it('runs as a queued Payload job', async () => {
    const payload = await getTestPayload()
    const due = await payload.create({
      collection: 'organizers',
      data: {
        name: unique('due'),
        status: 'future',
        publishedAt: new Date(Date.now() + 1000).toISOString(),
      },
    })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await payload.jobs.queue({
      task: 'publishScheduledItems',
      input: {},
      queue: 'events-calendar',
    } as never)
    await payload.jobs.run({ queue: 'events-calendar' })
    expect((await payload.findByID({ collection: 'organizers', id: due.id })).status).toBe(
      'publish',
    )
  })
})
