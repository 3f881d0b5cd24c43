import type { Endpoint, PayloadRequest } from 'payload'

import type { SanitizedPluginConfig } from '../src/types'

import { dispatchCompatRequest } from './dispatch'

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/**
 * The compatibility API as Payload root endpoints, at `{routes.api}/{namespace}/…`
 * (`/api/vendor/events/v1/…`): for sites that run Payload inside their own Next app without
 * our Express server. Payload drops a trailing slash before matching; a Next.js host redirects
 * it before Payload sees the request (docs/plugin.md, "What your app gets, and what it adds itself").
 */
export function compatRootEndpoints(options: SanitizedPluginConfig): Endpoint[] {
  const handler = async (req: PayloadRequest): Promise<Response> => {
    const url = new URL(req.url ?? 'http://localhost/')
    const body =
      req.method && !['GET', 'HEAD'].includes(req.method.toUpperCase()) && req.text
        ? await req.text()
        : undefined
    // Payload matched the namespace without regard to case, and the URL may carry a base path.
    const at = url.pathname.toLowerCase().indexOf(`/${options.namespace.toLowerCase()}`)
    return dispatchCompatRequest(req.payload, options, {
      body,
      headers: req.headers,
      method: req.method ?? 'GET',
      path: url.pathname.slice(Math.max(at, 0)),
      query: url.search.replace(/^\?/, ''),
      restBase: `${options.siteUrl}${options.apiRoute}`,
      signal: req.signal,
    })
  }
  return METHODS.flatMap((method) => [
    { handler, method, path: `/${options.namespace}` },
    { handler, method, path: `/${options.namespace}/:path*` },
  ])
}
