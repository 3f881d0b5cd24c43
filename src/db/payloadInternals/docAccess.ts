import type {
  CollectionSlug,
  Endpoint,
  GraphQLExtension,
  Payload,
  PayloadHandler,
  PayloadRequest,
} from 'payload'

import { NotFound } from 'payload'

import type { InitPatch } from './patch'

import { collectionEndpoint } from './endpoints'

import { hasSerialIds, isInt4 } from '../../lib/databaseIds'

/**
 * Payload's "what may I do with this document" (`POST /api/{collection}/access/{id}`, GraphQL's
 * `docAccess{Collection}(id)`) reads the document whoever asks, to hand it to field access, and
 * answers 404 only for an id no document has: a draft event, another user's account or
 * preference answered 200 to anyone, who could so tell which hidden ids exist. It answers only
 * for a document the caller may read, and for any other as for an id no document has, whether or
 * not the request sends the document's data (then Payload reads nothing, and a missing id would
 * be answered too). Restoring a revision follows the same rule in a hook
 * (`src/hooks/refuseUnreadableRestores.ts`); this operation runs no hooks.
 */
export async function refuseUnreadableDocument(
  req: PayloadRequest,
  collection: string,
  id: unknown,
): Promise<void> {
  if (id === undefined || id === null || id === '') return
  // An id no serial id can be names nothing, as on the items' own routes (`refuseImpossibleIds`).
  if (hasSerialIds(req.payload, collection) && !isInt4(id)) throw new NotFound(req.t)
  const { totalDocs } = await req.payload.count({
    collection: collection as CollectionSlug,
    overrideAccess: false,
    req,
    // As Payload reads the document for its answer: in the trash too, where a collection has one.
    trash: true,
    where: { id: { equals: id } },
  })
  if (!totalDocs) throw new NotFound(req.t)
}

/** The endpoint Payload's collections answer `POST /access/:id?` with (one object shared by all). */
function docAccessEndpointOf(payload: Payload): Endpoint | undefined {
  for (const slug of Object.keys(payload.collections)) {
    const endpoint = collectionEndpoint(payload, slug, 'post', '/access/:id?')
    if (endpoint) return endpoint
  }
  return undefined
}

const guardedHandlers = new WeakSet<PayloadHandler>()

function guardedHandler(handler: PayloadHandler): PayloadHandler {
  if (guardedHandlers.has(handler)) return handler
  const guarded: PayloadHandler = async (req) => {
    const collection = req.routeParams?.collection
    if (typeof collection === 'string')
      await refuseUnreadableDocument(req, collection, req.routeParams?.id)
    return handler(req)
  }
  guardedHandlers.add(guarded)
  return guarded
}

/** REST: the shared endpoint's handler guarded; Payload adds its own collections after plugins run, so this runs at init. */
export const docAccessRestPatch: InitPatch = {
  name: 'doc-access-rest',
  stage: 'init',
  whenDisabled: false,
  reason:
    'POST /api/{collection}/access/{id} answers as for an id no document has when the caller may not read the document, instead of telling that it exists (Payload reads it with overrideAccess to hand it to field access)',
  upstream: [],
  apply: (payload) => {
    const endpoint = docAccessEndpointOf(payload)
    if (endpoint) endpoint.handler = guardedHandler(endpoint.handler)
  },
  verify: (payload) => {
    const endpoint = docAccessEndpointOf(payload)
    if (!endpoint) return 'no collection has a POST /access/:id? endpoint any more'
    return guardedHandlers.has(endpoint.handler) ? null : "its handler is not the calendar's"
  },
}

type QueryField = {
  resolve?: (source: unknown, args: { id?: unknown }, context: { req: PayloadRequest }) => unknown
}
type GraphqlCollections = Record<string, { graphQL?: { type?: { name?: string } } }>

/**
 * GraphQL: every `docAccess{Collection}` query, as Payload builds it (named after the collection's
 * type), with the same guard, taking the place of Payload's (`src/plugin.ts`).
 */
export const guardedDocAccessQueries: GraphQLExtension = (_GraphQL, context) => {
  const fields = context.Query.fields as Record<string, QueryField>
  const guarded: Record<string, QueryField> = {}
  for (const [collection, { graphQL: built }] of Object.entries(
    context.collections as unknown as GraphqlCollections,
  )) {
    const name = `docAccess${built?.type?.name}`
    const resolve = built?.type?.name ? fields[name]?.resolve : undefined
    if (!resolve) continue
    guarded[name] = {
      ...fields[name],
      resolve: async (source, args, resolverContext) => {
        await refuseUnreadableDocument(resolverContext.req, collection, args.id)
        return resolve(source, args, resolverContext)
      },
    }
  }
  return guarded as ReturnType<GraphQLExtension>
}
