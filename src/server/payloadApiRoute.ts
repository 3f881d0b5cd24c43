import type { NextFunction, Request, Response } from 'express'
import type { Payload } from 'payload'

import { sendWebResponse, toHeaders } from '../../endpoints/express'
import { payloadGraphqlHandler, payloadRestHandler } from './payloadApiHandlers'

/**
 * Payload's REST (`/api/...`) and GraphQL (`/api/graphql`) as an Express route, where Next.js
 * serves them once the admin panel is built: the same handlers as the app's Next routes
 * (`payloadApiHandlers.ts`). The server mounts it while the admin panel builds (`server.ts`), the
 * tests' servers always (they do not build the admin).
 */
export function payloadApiRoute(payload: Payload) {
  const rest = payloadRestHandler(payload.config)
  const graphql = payloadGraphqlHandler(payload.config)
  return async (req: Request, res: Response, next: NextFunction) => {
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
  }
}
