import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readFixture } from '../helpers/fixtures'
import { basic, requestAs, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

type Case = {
  as: 'administrator' | 'visitor'
  expected: Record<string, unknown> & { status: number }
  path: string
}

/**
 * Who sees a password-protected item in full, as the original answers (`docs/compatibility.md`,
 * "Password-protected items"): the fixture says how it was recorded and how an answer is summed up.
 */
const fixture = readFixture<{
  cases: Case[]
  shapes: { expected: Record<string, unknown>; path: string }[]
}>('oracle-protected.json')

type Body = Record<string, unknown>

const venueOf = (event: Body) => {
  const venue = event.venue as Body | unknown[]
  return Array.isArray(venue) ? 'none' : Array.isArray(venue.venue) ? 'blanked' : 'shown'
}

/** An answer summed up as the fixture's are (`oracle-protected.json`, "about"). */
function summary(path: string, body: Body, ids: Record<string, number>): Body {
  if (typeof body.code === 'string') return { code: body.code }
  const event = (item: Body) => ({
    blanked: item.description === '',
    venue: venueOf(item),
    ...(path.startsWith('/events/') ? { jsonLd: 'json_ld' in item } : {}),
  })
  if (Array.isArray(body.events))
    return { listed: (body.events as Body[]).filter((e) => e.id === ids.event).map(event) }
  if (Array.isArray(body.venues))
    return {
      listed: (body.venues as Body[])
        .filter((venue) => venue.id === ids.venue)
        .map((venue) => ({ blanked: Array.isArray(venue.venue) })),
    }
  if ('title' in body) return event(body)
  return { blanked: Array.isArray(body.venue), jsonLd: 'json_ld' in body }
}

describe('the original’s answers about password-protected items', () => {
  let payload: Payload
  let api: TestServer
  let admin: TestUser
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    // Made as the original's were: through the API, then given their password.
    const create = async (path: string, data: Record<string, unknown>) => {
      const answer = await requestAs(api, admin, 'POST', `/wp-json/vendor/events/v1${path}`, data)
      if (answer.status !== 201)
        throw new Error(`${path} answered ${answer.status}: ${answer.text}`)
      return answer.body.id as number
    }
    const lock = (collection: 'events' | 'venues', id: number) =>
      payload.update({ collection, id, data: { password: 'h21pw' } as never })
    ids.venue = await create('/venues', {
      address: '1 Secret St',
      city: 'Hidden',
      status: 'publish',
      venue: unique('Protected probe venue'),
    })
    const event = (day: string, description: string) =>
      create('/events', {
        description,
        end_date: `2031-05-${day} 11:00:00`,
        start_date: `2031-05-${day} 10:00:00`,
        status: 'publish',
        title: unique(`Protected probe ${day}`),
        venue: ids.venue,
      })
    ids.event = await event('05', 'secret words')
    ids.host = await event('06', 'open words')
    await lock('venues', ids.venue)
    await lock('events', ids.event)
  })
  afterAll(() => api?.close())

  for (const { as, expected, path } of fixture.cases) {
    it(`${as} ${path}`, async () => {
      const filled = path.replace(/\{(event|venue|host)\}/g, (_, name: string) => String(ids[name]))
      const response = await fetch(`${api.url}/wp-json/vendor/events/v1${filled}`, {
        headers: as === 'administrator' ? basic(admin.email, admin.password) : {},
      })
      const body = (await response.json()) as Body
      expect({ status: response.status, ...summary(path, body, ids) }).toEqual(expected)
    })
  }
})

describe('the original’s shapes of password-protected venues and organizers', () => {
  let api: TestServer
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    const payload = await getTestPayload()
    api = await serveCompatApi(payload)
    const admin = await createUser(payload, 'administrator')
    const create = async (path: string, data: Record<string, unknown>) => {
      const answer = await requestAs(api, admin, 'POST', `/wp-json/vendor/events/v1${path}`, data)
      if (answer.status !== 201)
        throw new Error(`${path} answered ${answer.status}: ${answer.text}`)
      return answer.body.id as number
    }
    ids.venue2 = await create('/venues', {
      address: '1 Secret St',
      city: 'Hidden',
      status: 'publish',
      venue: unique('Protected probe venue'),
    })
    ids.organizer = await create('/organizers', {
      email: 'probe@example.com',
      organizer: unique('Protected probe organizer'),
      status: 'publish',
    })
    ids.host2 = await create('/events', {
      description: 'open words',
      end_date: '2031-05-07 11:00:00',
      organizer: [ids.organizer],
      start_date: '2031-05-07 10:00:00',
      status: 'publish',
      title: unique('Protected probe host'),
      venue: ids.venue2,
    })
    await payload.update({
      collection: 'venues',
      id: ids.venue2,
      data: { password: 'h21pw' } as never,
    })
    await payload.update({
      collection: 'organizers',
      id: ids.organizer,
      data: { password: 'h21pw' } as never,
    })
  })
  afterAll(() => api?.close())

  for (const { expected, path } of fixture.shapes) {
    it(`visitor ${path}`, async () => {
      const filled = path.replace(/\{(venue2|organizer|host2)\}/g, (_, name: string) =>
        String(ids[name]),
      )
      const body = (await (
        await fetch(`${api.url}/wp-json/vendor/events/v1${filled}`)
      ).json()) as Body
      const jsonLd = body.json_ld as Body | undefined
      expect(
        'title' in body
          ? {
              jsonLdOrganizer: jsonLd?.organizer,
              keys: Object.keys(body),
              location: jsonLd?.location,
              organizerKeys: Object.keys((body.organizer as Body[])[0]!),
              venueKeys: Object.keys(body.venue as Body),
            }
          : { keys: Object.keys(body) },
      ).toEqual(expected)
    })
  }
})
