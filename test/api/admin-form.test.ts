import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { workflowAction } from '../../src/admin/workflowAction'
import { serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { pluginOptionsOf } from '../../src/pluginOptions'

/*
 * The event form's workflow and the venue's address, on the server's side: what the form's
 * buttons ask for is decided by the server for every API, and the one "State or province" field
 * the form shows is what the API serves. The browser's side is in `admin.e2e.test.ts`.
 */
describe('the form’s workflow button', () => {
  it('offers Submit for review to those who may not publish, Publish or Schedule to the others, nothing once published or scheduled', () => {
    const later = new Date(Date.now() + 86_400_000).toISOString()
    const earlier = new Date(Date.now() - 86_400_000).toISOString()
    expect(workflowAction({ mayPublish: false, status: 'draft' })).toBe('pending')
    expect(workflowAction({ mayPublish: false, publishedAt: later })).toBe('pending')
    expect(workflowAction({ mayPublish: false, status: 'pending' })).toBeNull()
    expect(workflowAction({ mayPublish: true, status: 'draft' })).toBe('publish')
    expect(workflowAction({ mayPublish: true, publishedAt: earlier, status: 'pending' })).toBe(
      'publish',
    )
    expect(workflowAction({ mayPublish: true, publishedAt: later, status: 'draft' })).toBe('future')
    expect(workflowAction({ mayPublish: true, status: 'publish' })).toBeNull()
    expect(workflowAction({ mayPublish: true, publishedAt: later, status: 'future' })).toBeNull()
    expect(workflowAction({ mayPublish: true, publishedAt: earlier, status: 'future' })).toBe(
      'publish',
    )
    expect(workflowAction({ mayPublish: true, status: 'trash' })).toBeNull()
  })
})

describe('the form’s rules over HTTP', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let contributor: TestUser
  let editor: TestUser

  const tokenOf = async (user: TestUser) => {
    const response = await fetch(`${api.url}/api/users/login`, {
      body: JSON.stringify({ email: user.email, password: user.password }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    return ((await response.json()) as { token: string }).token
  }
  const post = async (user: TestUser, collection: string, data: Record<string, unknown>) => {
    const response = await fetch(`${api.url}/api/${collection}`, {
      body: JSON.stringify(data),
      headers: { Authorization: `JWT ${await tokenOf(user)}`, 'Content-Type': 'application/json' },
      method: 'POST',
    })
    return {
      body: (await response.json()) as { doc: Record<string, unknown> },
      status: response.status,
    }
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    // The database's first user becomes its administrator, whatever role it is given.
    editor = await createUser(payload, 'editor')
    contributor = await createUser(payload, 'contributor')
    expect((await payload.findByID({ collection: 'users', id: contributor.id })).role).toBe(
      'contributor',
    )
  })

  afterAll(async () => {
    await api?.close()
  })

  it('a contributor’s Publish goes to review on REST and GraphQL; an editor’s Schedule keeps its date', async () => {
    const dates = { endDate: '2027-05-01T20:00:00Z', startDate: '2027-05-01T18:00:00Z' }
    const rest = await post(contributor, 'events', {
      title: unique('Submitted'),
      ...dates,
      status: 'publish',
    })
    expect(rest.status).toBe(201)
    expect(rest.body.doc.status).toBe('pending')

    const graphql = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({
        query: `mutation { createEvent(data: { title: "${unique('Submitted gql')}", startDate: "${dates.startDate}", endDate: "${dates.endDate}", timezone: "Europe/Paris", status: publish }) { status } }`,
      }),
      headers: {
        Authorization: `JWT ${await tokenOf(contributor)}`,
        'Content-Type': 'application/json',
      },
      method: 'POST',
    })
    const answer = (await graphql.json()) as {
      data?: { createEvent: { status: string } }
      errors?: unknown
    }
    expect(answer.errors).toBeUndefined()
    expect(answer.data!.createEvent.status).toBe('pending')

    const publishedAt = new Date(Date.now() + 7 * 86_400_000).toISOString()
    const scheduled = await post(editor, 'events', {
      title: unique('Scheduled'),
      ...dates,
      publishedAt,
      status: 'future',
    })
    expect(scheduled.body.doc).toMatchObject({ publishedAt, status: 'future' })
  })

  it('serves a venue’s “State or province” from its state (US) or province when only those are stored', async () => {
    const american = await post(editor, 'venues', {
      name: unique('Hall'),
      state: 'NY',
      country: 'US',
    })
    expect(american.body.doc.stateProvince).toBe('NY')
    const french = await post(editor, 'venues', {
      name: unique('Salle'),
      province: 'Bretagne',
      state: 'XX',
      country: 'France',
    })
    expect(french.body.doc.stateProvince).toBe('Bretagne')
    const own = await post(editor, 'venues', {
      name: unique('Club'),
      province: 'Bretagne',
      stateProvince: 'Finistère',
      country: 'France',
    })
    expect(own.body.doc.stateProvince).toBe('Finistère')
    const read = await fetch(`${api.url}/api/venues/${american.body.doc.id}?depth=0`, {
      headers: { Authorization: `JWT ${await tokenOf(editor)}` },
    })
    expect(((await read.json()) as { stateProvince: string }).stateProvince).toBe('NY')
  })

  it('lets nobody remove or clear their own administrator role; another administrator may change it', async () => {
    const first = await createUser(payload, 'administrator')
    const second = await createUser(payload, 'administrator')
    const patch = async (user: TestUser, id: number, data: Record<string, unknown>) =>
      fetch(`${api.url}/api/users/${id}`, {
        body: JSON.stringify(data),
        headers: {
          Authorization: `JWT ${await tokenOf(user)}`,
          'Content-Type': 'application/json',
        },
        method: 'PATCH',
      })
    for (const role of ['editor', null, '']) {
      const own = await patch(first, first.id, { role })
      expect(own.status, String(role)).toBe(400)
      expect(JSON.stringify(await own.json())).toContain(
        'You cannot remove your own administrator role',
      )
    }
    const graphql = await fetch(`${api.url}/api/graphql`, {
      body: JSON.stringify({
        query: `mutation { updateUser(id: ${first.id}, data: { role: editor }) { role } }`,
      }),
      headers: { Authorization: `JWT ${await tokenOf(first)}`, 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(((await graphql.json()) as { errors?: unknown[] }).errors).toBeDefined()
    expect((await payload.findByID({ collection: 'users', id: first.id })).role).toBe(
      'administrator',
    )
    // Their own other fields save as before, the role sent unchanged.
    expect(
      (await patch(first, first.id, { displayName: 'First', role: 'administrator' })).status,
    ).toBe(200)
    // Another administrator may.
    expect((await patch(second, first.id, { role: 'editor' })).status).toBe(200)
    expect((await payload.findByID({ collection: 'users', id: first.id })).role).toBe('editor')
  })

  it('offers no clear button on the role, and still validates it for the server’s own writes', async () => {
    const { generateUsersCollection } = await import('../../collections/Users/index')
    const users = generateUsersCollection(pluginOptionsOf(payload), 'application-passwords')
    const role = users.fields.find((field) => 'name' in field && field.name === 'role') as {
      admin: { condition?: unknown; isClearable: boolean }
    }
    expect(role.admin.isClearable).toBe(false)
    // A condition would skip the role's validation where there is no user (collections.test.ts checks an unknown role is refused).
    expect(role.admin.condition).toBeUndefined()
  })
})
