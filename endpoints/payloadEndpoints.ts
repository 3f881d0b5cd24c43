import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedPluginConfig } from '../src/types'

import { dispatchCompatRequest } from './dispatch'

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/**
 * The compatibility API as Payload root endpoints, at `/api/vendor/events/v1/…`: for sites that
 * run Payload inside their own Next app without our Express server.
 */
export function compatRootEndpoints(options: SanitizedPluginConfig): Endpoint[] {
  const handler = async (req: PayloadRequest): Promise<Response> => {
    const url = new URL(req.url ?? 'http://localhost/')
    const apiRoute = req.payload.config.routes.api
    const body = req.method && !['GET', 'HEAD'].includes(req.method.toUpperCase()) && req.text ? await req.text() : undefined
    return dispatchCompatRequest(req.payload, options, {
      body,
      headers: req.headers,
      method: req.method ?? 'GET',
      path: url.pathname.slice(url.pathname.indexOf(`/${options.namespace}`)),
      query: url.search.replace(/^\?/, ''),
      restBase: `${options.siteUrl}${apiRoute}`,
    })
  }
  return METHODS.flatMap((method) => [
    { handler, method, path: `/${options.namespace}` },
    { handler, method, path: `/${options.namespace}/:path*` },
  ])
}
