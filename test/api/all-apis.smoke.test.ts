import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveAllApis } from '../helpers/http'
import { getTestPayload } from '../helpers/payload'

let server: Awaited<ReturnType<typeof serveAllApis>>
beforeAll(async () => {
  server = await serveAllApis(await getTestPayload())
})
afterAll(() => server?.close())

describe('every API on one port', () => {
  it('serves the compatibility API, Payload REST and GraphQL', async () => {
    expect((await fetch(`${server.url}/wp-json/vendor/events/v1/events`)).status).toBe(200)
    const rest = await fetch(`${server.url}/api/events?depth=0`)
    expect(rest.status).toBe(200)
    expect(await rest.json()).toHaveProperty('docs')
    const gql = await fetch(`${server.url}/api/graphql`, {
      body: JSON.stringify({ query: '{ Events { totalDocs } }' }),
      headers: { 'content-type': 'application/json' },
      method: 'POST',
    })
    expect(gql.status).toBe(200)
    expect(await gql.json()).toMatchObject({ data: { Events: { totalDocs: expect.any(Number) } } })
  })
})
