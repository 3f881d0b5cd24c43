import type { Payload } from 'payload'

import express from 'express'
import type { AddressInfo } from 'node:net'

import { compatMiddleware } from '../../endpoints/express'
import { refuseUnsupportedMethods } from '../../src/server/refuseUnsupportedMethods'
import type { SanitizedPluginConfig } from '../../src/types'

/** The compatibility API on a real HTTP port of this machine, without the admin panel. */
export async function serveCompatApi(payload: Payload): Promise<{ close: () => Promise<void>; url: string }> {
  const app = express()
  app.use(compatMiddleware(async () => payload, payload.config.custom.eventsCalendar as SanitizedPluginConfig))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    close: () => new Promise((resolve) => server.close(() => resolve())),
    url: `http://127.0.0.1:${port}`,
  }
}

export const basic = (login: string, password: string) => ({
  Authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
})

/**
 * The compatibility API, Payload's REST API (`/api/...`) and GraphQL (`/api/graphql`) on one real
 * HTTP port, through the same handlers the app's Next routes use, without building the admin.
 */
export async function serveAllApis(payload: Payload): Promise<{ close: () => Promise<void>; url: string }> {
  const { payloadGraphqlHandler, payloadRestHandler } = await import('../../src/server/payloadApiHandlers')
  const { toHeaders, sendWebResponse } = await import('../../endpoints/express')
  const rest = payloadRestHandler(payload.config)
  const graphql = payloadGraphqlHandler(payload.config)
  const app = express()
  app.use(compatMiddleware(async () => payload, payload.config.custom.eventsCalendar as SanitizedPluginConfig))
  app.use(refuseUnsupportedMethods)
  app.all('/api/{*slug}', async (req, res, next) => {
    try {
      const url = `http://${req.headers.host}${req.originalUrl}`
      const hasBody = !['GET', 'HEAD'].includes(req.method)
      const request = new Request(url, {
        body: hasBody ? (req as never) : undefined,
        duplex: 'half',
        headers: toHeaders(req),
        method: req.method,
      } as RequestInit)
      const slug = req.path.replace(/^\/api\/?/, '').split('/').filter(Boolean).map(decodeURIComponent)
      const response =
        slug.length === 1 && slug[0] === 'graphql' && req.method === 'POST'
          ? await graphql(request)
          : await rest(request, { params: Promise.resolve({ slug }) })
      await sendWebResponse(res, response)
    } catch (error) {
      next(error)
    }
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return {
    close: () => new Promise((resolve) => server.close(() => resolve())),
    url: `http://127.0.0.1:${port}`,
  }
}
