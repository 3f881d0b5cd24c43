import type { CollectionAfterOperationHook, CollectionBeforeOperationHook, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveAllApis, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'

/**
 * Large reads of Payload's REST API and GraphQL take turns (`src/server/heavyReads.ts`): however many
 * arrive together, one runs at a time, so the event loop is free for everyone else between them.
 * Observed from inside: a hook counts the `find` operations of the events collection under way.
 */
describe('heavy reads take turns', () => {
  let payload: Payload
  let api: TestServer
  let running = 0
  let mostAtOnce = 0
  const before: CollectionBeforeOperationHook = ({ args, operation, req }) => {
    if (
      operation === 'read' &&
      req.payloadAPI !== 'local' &&
      (args as { id?: unknown }).id === undefined
    )
      mostAtOnce = Math.max(mostAtOnce, ++running)
    return args
  }
  const after: CollectionAfterOperationHook = ({ operation, req, result }) => {
    if (operation === 'find' && req.payloadAPI !== 'local') running--
    return result
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    const title = unique('heavy read')
    for (let n = 0; n < 5; n++) {
      await payload.create({
        collection: 'events',
        data: {
          title: `${title} ${n}`,
          startDate: '2027-02-01T10:00:00Z',
          endDate: '2027-02-01T11:00:00Z',
          status: 'publish',
        } as never,
      })
    }
    const hooks = payload.collections.events.config.hooks
    hooks.beforeOperation.push(before)
    hooks.afterOperation.push(after)
  })
  afterAll(async () => {
    const hooks = payload.collections.events.config.hooks
    hooks.beforeOperation.splice(hooks.beforeOperation.indexOf(before), 1)
    hooks.afterOperation.splice(hooks.afterOperation.indexOf(after), 1)
    await api.close()
  })

  const measure = async (requests: (() => Promise<Response>)[]) => {
    running = 0
    mostAtOnce = 0
    const answers = await Promise.all(requests.map((request) => request()))
    expect(answers.map((answer) => answer.status)).toEqual(requests.map(() => 200))
    return mostAtOnce
  }

  it('six pages of 100 events at depth 2 asked at once run one after another; small pages run together', async () => {
    const heavy = () => fetch(`${api.url}/api/events?limit=100&depth=2`)
    expect(await measure(Array.from({ length: 6 }, () => heavy))).toBe(1)
    const light = () => fetch(`${api.url}/api/events?limit=5&depth=0`)
    expect(await measure(Array.from({ length: 6 }, () => light))).toBeGreaterThan(1)
  })

  it('the same for a page asked through `X-Payload-HTTP-Method-Override: GET` with its parameters in the body, and for GraphQL', async () => {
    const overridden = () =>
      fetch(`${api.url}/api/events`, {
        body: 'limit=100&depth=2',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-payload-http-method-override': 'GET',
        },
        method: 'POST',
      })
    expect(await measure(Array.from({ length: 4 }, () => overridden))).toBe(1)
    const graphql = () =>
      fetch(`${api.url}/api/graphql`, {
        body: JSON.stringify({ query: '{ Events(limit: 100) { docs { id venue { id } } } }' }),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      })
    expect(await measure(Array.from({ length: 4 }, () => graphql))).toBe(1)
  })
})
