import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readFixture } from '../helpers/fixtures'
import { basic, requestAs, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser } from '../helpers/payload'
import { OURS } from '../helpers/replay'
import { TEST_ENV } from '../helpers/testEnv'

type Case = {
  name: string
  request: { as?: 'administrator'; body?: string; method: string; path: string }
  expected: Record<string, unknown> & { status: number }
}

/**
 * The original's answers to requests the replayed classes (`oracle.test.ts`) do not ask, as data
 * (`test/fixtures/oracle-rest-args.json`, which says how they were recorded): how PHP keeps the
 * last of a repeated parameter, which empty values are no booleans, how `rest_url` writes the
 * list arguments `add_query_arg` appends, what a rule's own error shows in `details`.
 */
/** The day in UTC on the tests' clock (`{todayUtc}`), which is still the day before in the site's timezone. */
const TODAY_UTC = TEST_ENV.EVENTS_CALENDAR_CLOCK.slice(0, 10)

const fixture = readFixture<{ cases: Case[] }>('oracle-rest-args.json')

describe('the original’s answers to repeated, empty and appended arguments', () => {
  let api: TestServer
  let admin: TestUser
  const ids: Record<string, number> = {}
  const NS = '/wp-json/vendor/events/v1'
  const filled = (text: string) =>
    text
      .replaceAll('{api}', `${OURS.origin}${NS}`)
      .replaceAll('{todayUtc}', TODAY_UTC)
      .replace(/\{(venue1|venue2|venue3|organizer1|event1|event2)\}/g, (_, name: string) =>
        String(ids[name]),
      )

  beforeAll(async () => {
    const payload = await getTestPayload()
    api = await serveCompatApi(payload)
    admin = await createUser(payload, 'administrator')
    const create = async (path: string, body: Record<string, unknown>) => {
      const answer = await requestAs(api, admin, 'POST', `${NS}${path}`, body)
      if (answer.status !== 201)
        throw new Error(`${path} answered ${answer.status}: ${answer.text}`)
      return answer.body.id as number
    }
    ids.venue1 = await create('/venues', { venue: 'Args Hall One', status: 'publish' })
    ids.venue2 = await create('/venues', { venue: 'Args Hall Two', status: 'publish' })
    ids.organizer1 = await create('/organizers', { organizer: 'Args Host', status: 'publish' })
    const event = (day: string, more: Record<string, unknown>) =>
      create('/events', {
        end_date: `2027-01-${day} 20:00:00`,
        start_date: `2027-01-${day} 18:00:00`,
        status: 'publish',
        title: `Args evening ${day}`,
        ...more,
      })
    ids.event1 = await event('04', { venue: ids.venue1 })
    await event('13', { featured: true, organizer: [ids.organizer1], venue: ids.venue1 })
    await event('16', { venue: ids.venue2 })
    await create('/venues', { venue: 'Args Note Hall', status: 'publish' })
    ids.venue3 = await create('/venues', { venue: 'Args sandbox venue', status: 'draft' })
    await create('/events', {
      end_date: '2031-04-01 20:00:00',
      start_date: '2031-04-01 18:00:00',
      status: 'publish',
      title: 'Args Night #25',
    })
    ids.event2 = await create('/events', {
      end_date: '2031-03-01 11:00:00',
      start_date: '2031-03-01 10:00:00',
      status: 'draft',
      title: 'Args sandbox',
    })
  })
  afterAll(() => api?.close())

  for (const { expected, name, request } of fixture.cases) {
    it(name, async () => {
      const body = request.body === undefined ? undefined : filled(request.body)
      const response = await fetch(`${api.url}${NS}${filled(request.path)}`, {
        body,
        headers: {
          ...(body === undefined
            ? {}
            : {
                'content-type': body.startsWith('{')
                  ? 'application/json'
                  : 'application/x-www-form-urlencoded',
              }),
          ...(request.as ? basic(admin.email, admin.password) : {}),
        },
        method: request.method,
      })
      const answer = (await response.json()) as Record<string, unknown>
      const want = JSON.parse(filled(JSON.stringify(expected))) as Record<string, unknown>
      const { body: wholeBody, status, ...keys } = want
      const got: Record<string, unknown> = { status: response.status }
      if (wholeBody !== undefined) got.body = answer
      for (const key of Object.keys(keys))
        got[key] = key === 'id' ? String(answer[key]) : (answer[key] ?? null)
      expect(got).toEqual({
        status,
        ...(wholeBody === undefined ? {} : { body: wholeBody }),
        ...keys,
      })
    })
  }
})
