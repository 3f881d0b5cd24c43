import type { Payload } from 'payload'

import express from 'express'
import type { AddressInfo } from 'node:net'

import type { TrustProxy } from '../../src/env'

import { compatMiddleware, sendWebResponse, toHeaders } from '../../endpoints/express'
import { createExpressApp } from '../../src/server/app'
import { pluginOptionsOf } from '../../src/pluginOptions'

/** The compatibility API on a real HTTP port of this machine, without the admin panel. */
export async function serveCompatApi(payload: Payload): Promise<TestServer> {
  const app = express()
  app.use(compatMiddleware(async () => payload, pluginOptionsOf(payload)))
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
  const { payloadGraphqlHandler, payloadRestHandler } =
    await import('../../src/server/payloadApiHandlers')
  const rest = payloadRestHandler(payload.config)
  const graphql = payloadGraphqlHandler(payload.config)
  const app = createExpressApp({ payload, trustProxy })
  app.all('/api/{*slug}', async (req, res, next) => {
    try {
      const hasBody = !['GET', 'HEAD'].includes(req.method)
      const request = new Request(`http://${req.headers.host}${req.originalUrl}`, {
        body: hasBody ? (req as never) : undefined,
        duplex: 'half',
        headers: toHeaders(req),
        method: req.method,
      } as RequestInit)
      const slug = req.path
        .replace(/^\/api\/?/, '')
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent)
      const response =
        slug.length === 1 && slug[0] === 'graphql' && req.method === 'POST'
          ? await graphql(request)
          : await rest(request, { params: Promise.resolve({ slug }) })
      await sendWebResponse(res, response)
    } catch (error) {
      next(error)
    }
  })
  return listenOnLoopback(app)
}

export type TestServer = { close: () => Promise<void>; url: string }

/** An Express app on a free port of this machine's loopback. */
async function listenOnLoopback(app: express.Express): Promise<TestServer> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    close: () => new Promise((resolve) => server.close(() => resolve())),
    url: `http://127.0.0.1:${port}`,
  }
}
