import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

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
    // Those who edit items see who has one open, as the admin panel shows them.
    expect((await rest(users.author, 'GET', byDocument)).body.totalDocs).toBe(1)
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
})
