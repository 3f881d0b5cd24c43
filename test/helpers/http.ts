import type { Payload } from 'payload'

import express from 'express'
import type { AddressInfo } from 'node:net'

import type { TrustProxy } from '../../src/env'

import { compatMiddleware } from '../../endpoints/express'
import { createExpressApp } from '../../src/server/app'
import { pluginOptionsOf } from '../../src/pluginOptions'
import type { SanitizedPluginConfig } from '../../src/types'

/**
 * The compatibility API on a real HTTP port of this machine, without the admin panel; with the
 * plugin's options of `payload`, or `options` (another clock, nothing kept…).
 */
export async function serveCompatApi(
  payload: Payload,
  options: SanitizedPluginConfig = pluginOptionsOf(payload),
): Promise<TestServer> {
  const app = express()
  app.use(compatMiddleware(async () => payload, options))
  return listenOnLoopback(app)
}

/** The admin's session cookie of `user`, signed in through Payload's REST on `server`. */
export async function sessionCookie(
  server: TestServer,
  payload: Payload,
  user: { email: string; password: string },
): Promise<{ Cookie: string }> {
  const response = await fetch(`${server.url}/api/users/login`, {
    body: JSON.stringify({ email: user.email, password: user.password }),
    headers: { 'Content-Type': 'application/json' },
    method: 'POST',
  })
  if (response.status !== 200) throw new Error(`Signing in answered ${response.status}`)
  return { Cookie: `${payload.config.cookiePrefix}-token=${(await response.json()).token}` }
}

export const basic = (login: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
})

/**
 * Every API on one real port, behind the product's own Express front (`src/server/app.ts`: trust
 * proxy, the signed client address, the compatibility API, refused methods), with Payload's REST
 * (`/api/...`) and GraphQL (`/api/graphql`) handlers where `src/server/server.ts` mounts Next.js:
 * the same handlers the app's Next routes use, without building the admin.
 */
export async function serveAllApis(
  payload: Payload,
  trustProxy: TrustProxy = false,
): Promise<TestServer> {
  const { payloadApiRoute } = await import('../../src/server/payloadApiRoute')
  const app = createExpressApp({ payload, trustProxy })
  app.all('/api/{*slug}', payloadApiRoute(payload))
  return listenOnLoopback(app)
}

export type TestServer = { close: () => Promise<void>; url: string }

/** An Express app on a free port of this machine's loopback. */
async function listenOnLoopback(app: express.Express): Promise<TestServer> {
  const server = app.listen(0, '127.0.0.1')
  // Connections kept alive until the server closes (which closes the idle ones): with Node's 5 s
  // timeout, a request sent on a kept-alive connection as the timeout closes it is reset, as
  // happens when a test works for seconds between two requests on a busy machine.
  server.keepAliveTimeout = 0
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    // Every connection ends with the server, idle or not: a client still sending a body the
    // server refused (a 413) would otherwise hold the close for as long as it sends.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
    url: `http://127.0.0.1:${port}`,
  }
}

/** A JSON request to `server` as `user` (HTTP Basic; null: anonymous), its body parsed ({} when empty). */
export async function requestAs(
  server: TestServer,
  user: { email: string; password: string } | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ body: any; status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      ...(user ? basic(user.email, user.password) : {}),
    },
    method,
  })
  const text = await response.text()
  return { body: text ? JSON.parse(text) : {}, status: response.status, text }
}

/** The compatibility API's events list for `query` on `server`, as a visitor reads it: its ids and total. */
export async function listedEvents(
  server: TestServer,
  query: string,
): Promise<{ ids: number[]; total: number }> {
  const response = await fetch(`${server.url}/wp-json/vendor/events/v1/events?${query}`)
  const body = (await response.json()) as { events: { id: number }[]; total: number }
  if (response.status !== 200)
    throw new Error(`the list answered ${response.status}: ${JSON.stringify(body)}`)
  return { ids: body.events.map((event) => event.id), total: body.total }
}

/** An event created through Payload's REST API on `server` by `user` (Basic): its id. */
export async function createdEvent(
  server: TestServer,
  user: { email: string; password: string },
  body: Record<string, unknown>,
): Promise<number> {
  const response = await fetch(`${server.url}/api/events`, {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
    method: 'POST',
  })
  const answer = (await response.json()) as { doc: { id: number } }
  if (response.status !== 201)
    throw new Error(`creating answered ${response.status}: ${JSON.stringify(answer)}`)
  return answer.doc.id
}
