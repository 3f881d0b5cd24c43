import type { SanitizedConfig } from 'payload'

import { GRAPHQL_POST, REST_GET } from '@payloadcms/next/routes'

type RouteArgs = { params: Promise<{ slug: string[] }> }
type Config = Promise<SanitizedConfig> | SanitizedConfig

/**
 * Payload's own REST API (`/api/...`) and GraphQL (`/api/graphql`) as fetch handlers: the Next
 * route files of the app (`src/app/(payload)/api/`) and the tests' HTTP server both serve
 * these, so whatever guards the APIs is the same on both.
 */
export function payloadRestHandler(config: Config): (request: Request, args: RouteArgs) => Promise<Response> {
  // Payload's Next handler is the same for every method.
  return REST_GET(config)
}

export function payloadGraphqlHandler(config: Config): (request: Request) => Promise<Response> {
  return GRAPHQL_POST(config)
}
