import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { watchDriverStatements } from '../helpers/driverStatements'
import { basic, serveAllApis, type TestServer } from '../helpers/http'

/*
 * A `pg` connection runs one statement at a time; a second one sent before the first is answered
 * waits in the driver's queue, which `pg` deprecates ("Calling client.query() when the client is
 * already executing a query", removed in pg@9). Inside a transaction Payload itself sends them
 * side by side (the fields' validations, bulk updates and deletes: `Promise.all`), so the app's
 * connections queue their statements themselves (`src/db/payloadInternals/serialQueryClient.ts`). This sends a
 * representative set of writes and reads through every API, over HTTP, and counts every statement
 * sent to a connection that had not answered the previous one yet, and the warning itself.
 */
describe('one statement at a time on each database connection', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  const overlaps: string[] = []
  let statements = 0
  const warnings: string[] = []
  let stopWatching: (() => void) | undefined
  const onWarning = (warning: Error) => warnings.push(warning.message)

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
    process.on('warning', onWarning)
    // Counts, per connection, the statements sent and not answered yet: one sent while another is
    // in flight is an overlap (whatever the driver then does with it).
    stopWatching = watchDriverStatements((text, unanswered) => {
      statements++
      if (unanswered > 0) overlaps.push(text.slice(0, 120))
    })
  })
  afterAll(async () => {
    stopWatching?.()
    process.off('warning', onWarning)
    await api.close()
  })

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api.url}${path}`, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { ...basic(admin.email, admin.password), 'content-type': 'application/json' },
      method,
    })
    const text = await response.text()
    expect(response.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(300)
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  const compat = '/wp-json/vendor/events/v1'

  it('writes and reads an event with its venue, organizers and terms through every API', async () => {
    const venue = (
      await send('POST', `${compat}/venues`, {
        venue: unique('Hall'),
        city: 'Lyon',
        status: 'publish',
      })
    ).id as number
    const organizers = [
      (await send('POST', `${compat}/organizers`, { organizer: unique('Host'), status: 'publish' }))
        .id as number,
      (await send('POST', `${compat}/organizers`, { organizer: unique('Band'), status: 'publish' }))
        .id as number,
    ]
    const category = (await send('POST', `${compat}/categories`, { name: unique('Music') }))
      .id as number
    const event = {
      categories: [category],
      end_date: '2027-03-01 22:00:00',
      organizer: organizers,
      start_date: '2027-03-01 20:00:00',
      status: 'publish',
      venue,
    }

    // The compatibility API: create, update, read, list, trash.
    const created = (await send('POST', `${compat}/events`, { ...event, title: unique('Concert') }))
      .id as number
    await send('PUT', `${compat}/events/${created}`, {
      start_date: '2027-03-02 20:00:00',
      title: 'Concert, moved',
    })
    await send('GET', `${compat}/events/${created}`)
    await send('GET', `${compat}/events?start_date=2027-01-01&per_page=5`)
    await send('PUT', `${compat}/venues/${venue}`, { city: 'Paris' })

    // Payload's REST API: a create and an update with several relations (their validations run side
    // by side), then a bulk update and a bulk delete (documents side by side).
    const rest = {
      categories: [category],
      endDate: '2027-04-01T22:00:00.000Z',
      organizers,
      startDate: '2027-04-01T20:00:00.000Z',
      status: 'publish',
      venue,
    }
    const restIds: number[] = []
    for (const title of [unique('Recital'), unique('Opera'), unique('Ballet')]) {
      restIds.push(
        ((await send('POST', '/api/events', { ...rest, title })).doc as { id: number }).id,
      )
    }
    await send('PATCH', `/api/events/${restIds[0]}?depth=1`, {
      organizers: [...organizers].reverse(),
      title: 'Recital, again',
    })
    const where = restIds.map((id, index) => `where[id][in][${index}]=${id}`).join('&')
    await send('PATCH', `/api/events?${where}&depth=1`, { cost: '12' })
    await send('GET', `/api/events?${where}&depth=2`)
    await send('DELETE', `/api/events?${where}`)

    // GraphQL: a mutation and a query with related items.
    await send('POST', '/api/graphql', {
      query: `mutation { updateEvent(id: ${created}, data: { cost: "15" }) { id venue { id } organizers { id } } }`,
    })
    await send('POST', '/api/graphql', {
      query: `{ Events(limit: 5) { docs { id venue { id } organizers { id } categories { id } } } }`,
    })

    await send('DELETE', `${compat}/events/${created}`)
    await send('DELETE', `${compat}/organizers/${organizers[1]}`)

    // Counted at all: every statement went through the driver's `query`.
    expect(statements).toBeGreaterThan(100)
    expect(overlaps).toEqual([])
    expect(warnings.filter((message) => /already executing a query/.test(message))).toEqual([])
  })
})
