import type { Payload } from 'payload'

import { GRAPHQL_POST } from '@payloadcms/next/routes'
import express from 'express'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { sendWebResponse, toHeaders } from '../../endpoints/express'
import { cacheStats } from '../../src/calendar/cache/registry'
import { MAX_REMEMBERED_QUERY_CHARS } from '../../src/graphql/validDocuments'
import { basic, serveAllApis, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { issueWeeklySeries } from '../helpers/series'

type Answer = { body: string; status: number; type: null | string }

/**
 * The server's GraphQL route (`src/server/graphqlPost.ts`) runs graphql-js's own validation rules
 * once per distinct query text (`src/graphql/validDocuments.ts`). Its answers are compared with
 * those of Payload's own route (`GRAPHQL_POST`), each document sent twice so that the second
 * answer is the one made with the verdict kept; the rules that read the variables and the caller
 * (the read budget, Payload's complexity limit) still judge every request.
 */
describe('GraphQL: the verdict of graphql-js rules kept per query text', () => {
  let payload: Payload
  let api: TestServer
  let reference: { close: () => Promise<void>; url: string }
  let editor: TestUser
  let published: number
  let draft: number

  const post = async (
    url: string,
    query: string,
    variables?: Record<string, unknown>,
    user?: TestUser,
    body = JSON.stringify(variables ? { query, variables } : { query }),
  ): Promise<Answer> => {
    const response = await fetch(`${url}/api/graphql`, {
      body,
      headers: {
        'content-type': 'application/json',
        ...(user ? basic(user.email, user.password) : {}),
      },
      method: 'POST',
    })
    return {
      body: await response.text(),
      status: response.status,
      type: response.headers.get('content-type'),
    }
  }
  const keptStats = () =>
    cacheStats(payload).process.find((region) => region.name === 'graphql-valid-documents')!

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    editor = await createUser(payload, 'editor')
    const made = async (status: string) =>
      (
        await payload.create({
          collection: 'events',
          data: { ...issueWeeklySeries(unique('Kept verdict series')), status } as never,
        })
      ).id as number
    published = await made('publish')
    draft = await made('draft')
    // Payload's own route, as Payload's Next route file mounts it.
    const app = express()
    const route = GRAPHQL_POST(payload.config)
    app.post('/api/graphql', async (req, res, next) => {
      try {
        const request = new Request(`http://${req.headers.host}${req.originalUrl}`, {
          body: req as never,
          duplex: 'half',
          headers: toHeaders(req),
          method: req.method,
        } as RequestInit)
        await sendWebResponse(res, await route(request))
      } catch (error) {
        next(error)
      }
    })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    reference = {
      close: () => new Promise((resolve) => server.close(() => resolve())),
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    }
  })
  afterAll(async () => {
    await api?.close()
    await reference?.close()
  })

  /** Eleven lists of `$n` events: 11 documents for 1, over the read budget (1,000) for 100. */
  const budgetQuery = `query Budget($n: Int) { ${Array.from(
    { length: 11 },
    (_, index) => `a${index}: Events(limit: $n, sort: "id") { docs { id } }`,
  ).join(' ')} }`
  const window = 'from: "2027-01-01", to: "2027-12-31"'
  const cases = (): [string, string, Record<string, unknown>?, 'editor'?][] => [
    [
      'a published series’ occurrences',
      `{ EventOccurrences(event: ${published}, ${window}) { totalDocs docs { id startUtc endUtc status } } }`,
    ],
    [
      'a draft series’ occurrences, to a visitor',
      `{ EventOccurrences(event: ${draft}, ${window}) { totalDocs docs { id startUtc } } }`,
    ],
    [
      'a draft series’ occurrences, to an editor',
      `{ EventOccurrences(event: ${draft}, ${window}) { totalDocs docs { id startUtc } } }`,
      undefined,
      'editor',
    ],
    ['a list of events', '{ Events(limit: 3, sort: "id") { totalDocs docs { id title } } }'],
    ['a field no type has', `{ EventOccurrences(event: ${published}) { totalDocs nope } }`],
    ['an argument no field takes', '{ Events(limit: 2, nope: 1) { totalDocs } }'],
    ['a document that does not parse', '{ Events(limit: '],
    [
      'a variable in bounds',
      'query Q($id: Int!, $limit: Int) { EventOccurrences(event: $id, limit: $limit, from: "2027-01-01") { totalDocs limit docs { id } } }',
      { id: published, limit: 2 },
    ],
    [
      'the same text, a page over the route’s bound',
      'query Q($id: Int!, $limit: Int) { EventOccurrences(event: $id, limit: $limit, from: "2027-01-01") { totalDocs limit docs { id } } }',
      { id: published, limit: 500 },
    ],
    ['a page within the read budget', budgetQuery, { n: 2 }],
    ['the same text, over the read budget', budgetQuery, { n: 100 }],
    [
      'the same text, a variable of the wrong type',
      'query P($n: Int) { Events(limit: $n, sort: "id") { docs { id } } }',
      { n: 'many' },
    ],
    ['introspection', '{ __schema { queryType { name } } }'],
  ]

  it("answers every document as Payload's own route does, the first time and once its verdict is kept", async () => {
    for (const [what, query, variables, who] of cases()) {
      const user = who === 'editor' ? editor : undefined
      const expected = await post(reference.url, query, variables, user)
      const first = await post(api.url, query, variables, user)
      const again = await post(api.url, query, variables, user)
      expect(first, what).toEqual(expected)
      expect(again, what).toEqual(expected)
    }
  })

  it("answers a batch of operations and an operation whose required variable is missing as Payload's own route does", async () => {
    const occurrences = `query Q($id: Int!) { EventOccurrences(event: $id, ${window}) { totalDocs } }`
    const bodies = [
      JSON.stringify([{ query: '{ Events(limit: 1) { totalDocs } }' }, { query: occurrences }]),
      JSON.stringify({ query: occurrences }),
      JSON.stringify({ query: occurrences, variables: { id: 'x' } }),
    ]
    for (const body of bodies) {
      const expected = await post(reference.url, '', undefined, undefined, body)
      expect(await post(api.url, '', undefined, undefined, body), body).toEqual(expected)
      expect(await post(api.url, '', undefined, undefined, body), body).toEqual(expected)
    }
  })

  it('runs graphql-js rules once per text: a text sent again is judged by the other rules alone', async () => {
    const query = `{ EventOccurrences(event: ${published}, ${window}) { totalDocs } }`
    const before = keptStats()
    await post(api.url, query)
    const afterFirst = keptStats()
    await post(api.url, query)
    await post(api.url, query)
    const afterThird = keptStats()
    expect(afterFirst.hits).toBe(before.hits)
    expect(afterThird.hits - afterFirst.hits).toBe(2)
  })

  it('still refuses a kept text whose variables now ask more documents than one request may read', async () => {
    const query = budgetQuery
    const small = await post(api.url, query, { n: 1 })
    expect(JSON.parse(small.body).data.a0.docs.length).toBeGreaterThan(0)
    const before = keptStats().hits
    const large = await post(api.url, query, { n: 100 })
    expect(keptStats().hits).toBe(before + 1)
    const refused = JSON.parse(large.body)
    expect(refused.data).toBeUndefined()
    expect(refused.errors[0].message).toMatch(
      /would read about 1,100 documents; one request may read at most 1,000/,
    )
  })

  it('keeps no verdict on a refused document nor on a text over its length bound', async () => {
    const refused = `{ Events(limit: 1) { ${unique('nope').replace(/-/g, '_')} } }`
    const long = `{ Events(limit: 1) { totalDocs } }${' '.repeat(MAX_REMEMBERED_QUERY_CHARS)}`
    const before = keptStats()
    for (const query of [refused, refused, long, long]) await post(api.url, query)
    const after = keptStats()
    expect(after.hits).toBe(before.hits)
    expect(after.entries).toBe(before.entries)
  })
})
