import { describe, expect, it } from 'vitest'

import type { RestContext } from '../../endpoints/context'
import type { Endpoint, Route } from '../../endpoints/router'

import { allowedMethods } from '../../endpoints/dispatch/allow'
import { respond } from '../../endpoints/dispatch/respond'
import { RestError } from '../../endpoints/errors'
import { EDITOR, restContextFor } from './dispatch-fixtures'

const signedIn = (ctx: RestContext) => Boolean(ctx.user)

/** An endpoint that logs each step it is asked to take. */
function endpoint(
  log: string[],
  methods: Endpoint['methods'],
  permission?: Endpoint['permission'],
): Endpoint {
  return {
    args: {
      page: {
        required: true,
        type: 'integer',
        validate: (value) => (log.push('validate'), Number(value) > 0),
      },
    },
    handler: (ctx) => (
      log.push('handler'),
      { body: { page: ctx.args.page }, headers: { 'X-WP-Nonce': 'endpoint', 'X-WP-Total': '3' } }
    ),
    methods,
    permission: permission && ((ctx) => (log.push('permission'), permission(ctx))),
  }
}

async function failure(run: Promise<unknown>) {
  try {
    await run
  } catch (error) {
    if (error instanceof RestError) return { code: error.code, status: error.status }
    throw error
  }
  return null
}

describe("respond: WordPress's respond_to_request order", () => {
  it('reads and validates the arguments, then asks the permission, then runs the handler', async () => {
    const log: string[] = []
    const ctx = restContextFor({ query: { page: '2' }, user: EDITOR as never })
    const result = await respond(
      {
        endpoint: endpoint(log, ['POST'], signedIn),
        params: {},
        route: { endpoints: [], path: '/x' },
      },
      ctx,
      {},
    )
    expect(log).toEqual(['validate', 'permission', 'handler'])
    expect(result.body).toEqual({ page: 2 })
  })

  it('refuses bad arguments with a 400 before asking the permission, so a 400 wins over a 401', async () => {
    const log: string[] = []
    const run = respond(
      {
        endpoint: endpoint(log, ['POST'], signedIn),
        params: {},
        route: { endpoints: [], path: '/x' },
      },
      restContextFor({ query: { page: '0' } }),
      {},
    )
    expect(await failure(run)).toEqual({ code: 'rest_invalid_param', status: 400 })
    expect(log).toEqual(['validate'])
  })

  it('refuses without running the handler when the permission says no: 401 to a visitor, 403 to a signed-in caller', async () => {
    for (const [user, status] of [
      [null, 401],
      [EDITOR, 403],
    ] as const) {
      const log: string[] = []
      const ctx = restContextFor({ query: { page: '1' }, user: user as never })
      const run = respond(
        {
          endpoint: endpoint(log, ['DELETE'], () => false),
          params: {},
          route: { endpoints: [], path: '/x' },
        },
        ctx,
        {},
      )
      expect(await failure(run)).toEqual({ code: 'rest_forbidden', status })
      expect(log).toEqual(['validate', 'permission'])
    }
  })

  it("puts the server's headers under the endpoint's own", async () => {
    const ctx = restContextFor({ query: { page: '1' } })
    const result = await respond(
      { endpoint: endpoint([], ['GET']), params: {}, route: { endpoints: [], path: '/x' } },
      ctx,
      { 'X-Server': 's', 'X-WP-Nonce': 'server' },
    )
    expect(result.headers).toEqual({ 'X-Server': 's', 'X-WP-Nonce': 'endpoint', 'X-WP-Total': '3' })
  })

  it('describes the route for OPTIONS, which located no endpoint, with the server’s headers', async () => {
    const route: Route = {
      endpoints: [endpoint([], ['GET']), endpoint([], ['POST'], signedIn)],
      path: '/things',
    }
    const result = await respond({ params: {}, route }, restContextFor(), { 'X-WP-Nonce': 'n' })
    expect(result.headers).toEqual({ 'X-WP-Nonce': 'n' })
    expect(result.body).toMatchObject({
      _links: { self: [{ href: 'https://calendar.example/wp-json/vendor/events/v1/things' }] },
      endpoints: [{ methods: ['GET'] }, { methods: ['POST'] }],
      methods: ['GET', 'POST'],
      namespace: 'vendor/events/v1',
    })
  })
})

describe("allowedMethods: WordPress's Allow", () => {
  it("lists the methods of the route's endpoints this caller may use, in the route's order", async () => {
    const route: Route = {
      endpoints: [
        endpoint([], ['GET']),
        endpoint([], ['POST', 'PUT', 'PATCH'], signedIn),
        endpoint([], ['DELETE'], () => Promise.resolve(false)),
      ],
      path: '/things',
    }
    expect(await allowedMethods(route, restContextFor())).toBe('GET')
    expect(await allowedMethods(route, restContextFor({ user: EDITOR as never }))).toBe(
      'GET, POST, PUT, PATCH',
    )
  })
})
