import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { handleFormStateLocking } from '@payloadcms/ui/utilities/handleFormStateLocking'

import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { as, createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Answer = { body: Record<string, any>; status: number }

/*
 * Payload's record of who has which document open in the admin panel (`payload-locked-documents`,
 * `src/access/lockedDocuments.ts`): it tells which items exist and who edits them, and a lock
 * refuses other editors' saves, so nobody reads others' locks but those who edit items, and
 * nobody locks an item they may not update.
 */
describe('the admin panel’s document locks', () => {
  let payload: Payload
  let api: TestServer
  const users = {} as Record<'author' | 'contributor' | 'editor' | 'subscriber', TestUser>
  const rest = async (user: TestUser, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api.url}/api${path}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method,
    })
    return { body: (await response.json()) as Record<string, any>, status: response.status }
  }
  const graphql = async (user: TestUser, query: string) => {
    const response = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({ query }),
      headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
      method: 'POST',
    })
    return (await response.json()) as { data?: Record<string, any>; errors?: unknown[] }
  }
  const eventBy = async (author: TestUser, status: string) =>
    (await payload.create({
      collection: 'events',
      data: {
        author: author.id,
        endDate: '2027-06-01T11:00:00.000Z',
        startDate: '2027-06-01T10:00:00.000Z',
        status,
        timezone: 'UTC',
        title: unique('Event'),
      },
      overrideAccess: true,
    } as never)) as { id: number }
  /** `user` has event `id` open in the admin panel. */
  const openBy = async (user: TestUser, id: number) =>
    (await payload.create({
      collection: 'payload-locked-documents',
      data: lockOf(user, id),
      overrideAccess: true,
    } as never)) as { id: number }
  const lockExists = async (id: number) =>
    (await payload.count({ collection: 'payload-locked-documents', where: { id: { equals: id } } }))
      .totalDocs === 1
  const lockOf = (user: TestUser, id: number) => ({
    document: { relationTo: 'events', value: id },
    globalSlug: null,
    user: { relationTo: 'users', value: user.id },
  })

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    // The first account becomes an administrator whatever its role (`makeFirstUserAdministrator`).
    await createUser(payload, 'administrator')
    for (const role of ['editor', 'author', 'contributor', 'subscriber'] as const)
      users[role] = await createUser(payload, role)
  })
  afterAll(() => api?.close())

  it('shows a subscriber no one else’s lock, and lets no one lock an item they may not update', async () => {
    const draft = (await payload.create({
      collection: 'events',
      data: {
        author: users.editor.id,
        endDate: '2027-06-01T11:00:00.000Z',
        startDate: '2027-06-01T10:00:00.000Z',
        status: 'draft',
        timezone: 'UTC',
        title: unique('Locked draft'),
      },
      overrideAccess: true,
    } as never)) as { id: number }
    // The editor has the draft open in the admin panel.
    const lock = (await payload.create({
      collection: 'payload-locked-documents',
      data: lockOf(users.editor, draft.id),
      overrideAccess: true,
    } as never)) as { id: number }
    const byDocument = `/payload-locked-documents?where[document.value][equals]=${draft.id}`
    const subscribers: Answer[] = await Promise.all([
      rest(users.subscriber, 'GET', byDocument),
      rest(users.subscriber, 'GET', '/payload-locked-documents'),
    ])
    for (const answer of subscribers) expect(answer.body.totalDocs).toBe(0)
    const lifted = await rest(users.subscriber, 'DELETE', `/payload-locked-documents/${lock.id}`)
    expect([403, 404]).toContain(lifted.status)
    // Editors see who has any item open, as the admin panel shows them; an author, not who has
    // another's draft open.
    expect((await rest(users.editor, 'GET', byDocument)).body.totalDocs).toBe(1)
    expect((await rest(users.author, 'GET', byDocument)).body.totalDocs).toBe(0)
    // A lock of an item the caller may not update, or in another's name, is refused: it would
    // refuse the item's editors' saves.
    for (const [user, data] of [
      [users.subscriber, lockOf(users.subscriber, draft.id)],
      [users.author, lockOf(users.author, draft.id)],
      [users.contributor, lockOf(users.editor, draft.id)],
      // Of a global the caller may not update (or none), or of a document and a global at once.
      [users.subscriber, { globalSlug: 'site-settings', user: lockOf(users.subscriber, 0).user }],
      [users.editor, { ...lockOf(users.editor, draft.id), globalSlug: 'site-settings' }],
    ] as const) {
      const created = await rest(user, 'POST', '/payload-locked-documents', data)
      expect(created.status, `${user.role} ${JSON.stringify(created.body)}`).toBe(403)
    }
    // In no one's name: refused too (Payload requires the user).
    for (const data of [
      { document: { relationTo: 'events', value: draft.id } },
      { globalSlug: 'site-settings' },
    ])
      expect([400, 403]).toContain(
        (await rest(users.editor, 'POST', '/payload-locked-documents', data)).status,
      )
    const taken = await rest(users.subscriber, 'PATCH', `/payload-locked-documents/${lock.id}`, {
      user: { relationTo: 'users', value: users.subscriber.id },
    })
    expect([403, 404]).toContain(taken.status)
    const saved = await rest(users.editor, 'PATCH', `/events/${draft.id}`, {
      title: unique('Saved'),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    // An editor may take over the lock of an item they may update, as the admin panel does.
    const authors = (await payload.create({
      collection: 'events',
      data: {
        author: users.author.id,
        endDate: '2027-06-01T11:00:00.000Z',
        startDate: '2027-06-01T10:00:00.000Z',
        status: 'publish',
        timezone: 'UTC',
        title: unique('Author’s event'),
      },
      overrideAccess: true,
    } as never)) as { id: number }
    const authorsLock = (await payload.create({
      collection: 'payload-locked-documents',
      data: lockOf(users.author, authors.id),
      overrideAccess: true,
    } as never)) as { id: number }
    const takeOver = await rest(
      users.editor,
      'PATCH',
      `/payload-locked-documents/${authorsLock.id}`,
      { user: { relationTo: 'users', value: users.editor.id } },
    )
    expect(takeOver.status, JSON.stringify(takeOver.body)).toBe(200)
  })

  it('shows a contributor only the locks of their own items, on REST and GraphQL, and lets them lift none of the others', async () => {
    // The fresh contributor has nothing open; an editor has another author's draft open, and
    // the contributor's own draft.
    const othersDraft = await eventBy(users.author, 'draft')
    const ownDraft = await eventBy(users.contributor, 'draft')
    const othersLock = await openBy(users.editor, othersDraft.id)
    const ownItemsLock = await openBy(users.editor, ownDraft.id)

    const listed = await rest(users.contributor, 'GET', '/payload-locked-documents?limit=100')
    expect(listed.status).toBe(200)
    expect(listed.body.docs.map((lock: { id: number }) => lock.id)).toEqual([ownItemsLock.id])
    expect(listed.body.totalDocs).toBe(1)
    expect((await rest(users.contributor, 'GET', '/payload-locked-documents/count')).body).toEqual({
      totalDocs: 1,
    })
    const byDocument = (id: number) =>
      `/payload-locked-documents?where[document.relationTo][equals]=events&where[document.value][equals]=${id}`
    expect((await rest(users.contributor, 'GET', byDocument(othersDraft.id))).body.totalDocs).toBe(
      0,
    )
    expect(
      (await rest(users.contributor, 'GET', `/payload-locked-documents/${othersLock.id}`)).status,
    ).toBe(404)
    // Who has the contributor's own draft open, as the admin panel asks it.
    const ownItem = await rest(users.contributor, 'GET', byDocument(ownDraft.id))
    expect(
      ownItem.body.docs.map((lock: any) => [lock.id, lock.user.value.id ?? lock.user.value]),
    ).toEqual([[ownItemsLock.id, users.editor.id]])

    const query = await graphql(
      users.contributor,
      '{ PayloadLockedDocuments(limit: 100) { totalDocs docs { id } } }',
    )
    expect(query.errors).toBeUndefined()
    expect(query.data?.PayloadLockedDocuments).toEqual({
      docs: [{ id: ownItemsLock.id }],
      totalDocs: 1,
    })

    // Another's lock of an item the contributor may not update stays, on every API.
    const lifted = await rest(
      users.contributor,
      'DELETE',
      `/payload-locked-documents/${othersLock.id}`,
    )
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(403)
    expect(lifted.body).toMatchObject({
      errors: [{ message: 'You are not allowed to perform this action.' }],
    })
    const taken = await rest(
      users.contributor,
      'PATCH',
      `/payload-locked-documents/${othersLock.id}`,
      {
        user: { relationTo: 'users', value: users.contributor.id },
      },
    )
    expect(taken.status, JSON.stringify(taken.body)).toBe(403)
    const mutation = await graphql(
      users.contributor,
      `mutation { deletePayloadLockedDocument(id: ${othersLock.id}) { id } }`,
    )
    expect(mutation.errors).toMatchObject([
      { message: 'You are not allowed to perform this action.' },
    ])
    const bulk = await rest(
      users.contributor,
      'DELETE',
      `/payload-locked-documents?where[id][equals]=${othersLock.id}`,
    )
    expect(bulk.body.docs ?? []).toEqual([])
    expect(await lockExists(othersLock.id)).toBe(true)
    // An author may not lift an editor's lock of another's draft either, though they read their
    // own items' locks.
    expect(
      (await rest(users.author, 'DELETE', `/payload-locked-documents/${ownItemsLock.id}`)).status,
    ).toBe(403)
    // The contributor may take over the lock of a draft they may update, as the admin panel's
    // "take over" does, and then lift it.
    const takenOver = await rest(
      users.contributor,
      'PATCH',
      `/payload-locked-documents/${ownItemsLock.id}`,
      { user: { relationTo: 'users', value: users.contributor.id } },
    )
    expect(takenOver.status, JSON.stringify(takenOver.body)).toBe(200)
    const released = await rest(
      users.contributor,
      'DELETE',
      `/payload-locked-documents/${ownItemsLock.id}`,
    )
    expect(released.status, JSON.stringify(released.body)).toBe(200)
    expect(await lockExists(ownItemsLock.id)).toBe(false)
  })

  it('still shows an author that an editor has the author’s own item open, as the admin panel reads it', async () => {
    const item = await eventBy(users.author, 'publish')
    const asUser = async (user: TestUser) => ({
      ...(await payload.findByID({ collection: 'users', id: user.id })),
      collection: 'users',
    })
    // The editor opens the item: the admin panel's form takes its lock.
    const editorsForm = await handleFormStateLocking({
      id: item.id,
      collectionSlug: 'events',
      req: { payload, user: await asUser(users.editor) } as never,
    })
    expect(editorsForm?.isLocked).toBe(true)
    // The author opens it: the form sees the editor's lock rather than taking a second one.
    const authorsForm = await handleFormStateLocking({
      id: item.id,
      collectionSlug: 'events',
      req: { payload, user: await asUser(users.author) } as never,
    })
    expect(authorsForm?.isLocked).toBe(true)
    expect(String(authorsForm?.user)).toBe(String(users.editor.id))
    const locks = await payload.find({
      collection: 'payload-locked-documents',
      where: { 'document.value': { equals: item.id } },
    })
    expect(locks.totalDocs).toBe(1)
    // The document view and the list read the lock status as the author.
    const opened = (await payload.findByID({
      collection: 'events',
      id: item.id,
      includeLockStatus: true,
      ...as(users.author),
    })) as Record<string, any>
    expect(opened._isLocked).toBe(true)
    expect(opened._userEditing?.id ?? opened._userEditing).toBe(users.editor.id)
    const list = await payload.find({
      collection: 'events',
      includeLockStatus: true,
      where: { id: { equals: item.id } },
      ...as(users.author),
    })
    expect((list.docs[0] as Record<string, any>)._isLocked).toBe(true)
    // The author takes over, as the admin panel's client does: finds the lock, then writes it.
    const found = await rest(
      users.author,
      'GET',
      `/payload-locked-documents?where[document.relationTo][equals]=events&where[document.value][equals]=${item.id}`,
    )
    expect(found.body.docs).toHaveLength(1)
    const takeOver = await rest(
      users.author,
      'PATCH',
      `/payload-locked-documents/${found.body.docs[0].id}`,
      { user: { relationTo: 'users', value: users.author.id } },
    )
    expect(takeOver.status, JSON.stringify(takeOver.body)).toBe(200)
  })

  it('shows the locks of what the reader may open to edit: an author’s categories, anyone’s own account', async () => {
    const category = (await payload.create({
      collection: 'event-categories',
      data: { name: unique('Category') },
      overrideAccess: true,
    } as never)) as { id: number }
    const categoryLock = (await payload.create({
      collection: 'payload-locked-documents',
      data: {
        ...lockOf(users.editor, 0),
        document: { relationTo: 'event-categories', value: category.id },
      },
      overrideAccess: true,
    } as never)) as { id: number }
    const accountLock = (await payload.create({
      collection: 'payload-locked-documents',
      data: {
        ...lockOf(users.editor, 0),
        document: { relationTo: 'users', value: users.subscriber.id },
      },
      overrideAccess: true,
    } as never)) as { id: number }
    const sees = async (user: TestUser, lock: { id: number }) =>
      (await rest(user, 'GET', `/payload-locked-documents?where[id][equals]=${lock.id}`)).body
        .totalDocs === 1
    // Authors manage every category (contributors none), so they see who else has one open.
    expect(await sees(users.author, categoryLock)).toBe(true)
    expect(await sees(users.contributor, categoryLock)).toBe(false)
    expect(await sees(users.subscriber, accountLock)).toBe(true)
    expect(await sees(users.contributor, accountLock)).toBe(false)
  })
})
