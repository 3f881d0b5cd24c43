import type { SanitizedConfig } from 'payload'

import { REST_GET } from '@payloadcms/next/routes'

import { SUPPORTED_METHODS } from './refuseUnsupportedMethods'
import { expandedFieldCount } from '../graphql/documentEstimate'
import { graphqlDocumentsOf, graphqlNesting, MAX_GRAPHQL_DEPTH } from './graphqlDepth'
import { graphqlPost } from './graphqlPost'
import {
  graphqlReadDocuments,
  parsedGraphqlOperation,
  MAX_GRAPHQL_EXPANDED_FIELDS,
  restReadDocuments,
  takeHeavyReadTurn,
} from './heavyReads'
import { readBodyWithin } from '../lib/requestBody'
import { refuseUnknownFile, unreadableAsMissing, uploadFileRoute } from './uploadFiles'

type RouteArgs = { params: Promise<{ slug: string[] }> }
type Config = Promise<SanitizedConfig> | SanitizedConfig

/** The largest body Payload's REST API and GraphQL read, as the compatibility API (`endpoints/express.ts`). */
export const MAX_API_BODY_BYTES = 1024 * 1024

/** The methods Payload's REST routes answer (`src/app/(payload)/api/[...slug]/route.ts`). */
const REST_METHODS = SUPPORTED_METHODS

/**
 * Payload's own REST API (`/api/...`) and GraphQL (`/api/graphql`) as fetch handlers: the Next
 * route files of the app (`src/app/(payload)/api/`) and the tests' HTTP server both serve
 * these, so whatever guards the APIs is the same on both. Before Payload sees a request:
 * other methods get 405, bodies over 1 MiB 413, routes that serve no one 404
 * (`servesNothingHere`), and file names no file has 404 or 400 (`uploadFiles.ts`). Error bodies are all `{errors: [{message}]}`, Payload's usual shape.
 */
export function payloadRestHandler(
  config: Config,
): (request: Request, args: RouteArgs) => Promise<Response> {
  // Payload's Next handler is the same for every method.
  const payloadRest = REST_GET(config)
  return async (request, args) => {
    const method = request.method.toUpperCase()
    if (!REST_METHODS.includes(method)) return methodNotAllowed(REST_METHODS)
    const { slug } = await args.params
    if (servesNothingHere(await config, slug, request)) return errorResponse(404, 'Not Found')
    const file = ['GET', 'HEAD'].includes(method) ? uploadFileRoute(await config, slug) : null
    if (file) {
      const refused = await refuseUnknownFile(await config, file)
      if (refused) return errorResponse(refused.status, refused.message)
      const response = await payloadRest(request, args)
      const missing = unreadableAsMissing(response)
      return missing
        ? errorResponse(missing.status, missing.message)
        : inPayloadErrorShape(response)
    }
    const unreadable = unreadableJsonParameter(request)
    if (unreadable) return errorResponse(400, `The ${unreadable} parameter is not valid JSON.`)
    let forwarded = request
    let body: ArrayBuffer | null = null
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(method) &&
      !(await isUploadToCollection(config, slug, request))
    ) {
      const read = await readBodyWithin(request, MAX_API_BODY_BYTES)
      if (read === 'too-large') return payloadTooLarge()
      if (!isJsonObjectOrOther(request, read))
        return errorResponse(400, 'The request body must be a JSON object.')
      body = read
      forwarded = withBody(request, body)
    }
    const documents =
      ['GET', 'HEAD'].includes(method) || isReadOverride(request)
        ? restReadDocuments(slug, readParams(request, body), (await config).defaultDepth)
        : 0
    return inHeavyReadTurn(request, documents, async () =>
      inPayloadErrorShape(await payloadRest(forwarded, args)),
    )
  }
}

export function payloadGraphqlHandler(config: Config): (request: Request) => Promise<Response> {
  const payloadGraphql = graphqlPost(config)
  return async (request) => {
    if (request.method.toUpperCase() !== 'POST') return methodNotAllowed(['POST', 'OPTIONS'])
    const body = await readBodyWithin(request, MAX_API_BODY_BYTES)
    if (body === 'too-large') return payloadTooLarge()
    // Payload's GraphQL route lets the error of an unreadable body escape (a 500 with its stack).
    const texts = graphqlTextsIn(request, body)
    if (!texts) return errorResponse(400, 'The request body is not valid JSON.')
    if (texts.some(({ query }) => graphqlNesting(query) > MAX_GRAPHQL_DEPTH)) {
      return errorResponse(400, `The query is nested more than ${MAX_GRAPHQL_DEPTH} levels deep.`)
    }
    const operations = texts.map(({ query, variables }) => parsedGraphqlOperation(query, variables))
    if (
      operations.some(
        ({ document }) => document && expandedFieldCount(document) > MAX_GRAPHQL_EXPANDED_FIELDS,
      )
    ) {
      return errorResponse(
        400,
        `The query selects more than ${MAX_GRAPHQL_EXPANDED_FIELDS.toLocaleString('en')} fields once its fragments are spread.`,
      )
    }
    // Each text parsed here is the one Payload's route reads: it is not parsed again.
    const parsed = new Map(texts.map(({ query }, index) => [query, operations[index]!.document]))
    try {
      return await inHeavyReadTurn(request, graphqlReadDocuments(operations), () =>
        payloadGraphql(withBody(request, body), parsed),
      )
    } catch (error) {
      const status = (error as { status?: unknown }).status
      if (typeof status === 'number' && status >= 400 && status < 500)
        return errorResponse(status, (error as Error).message)
      throw error
    }
  }
}

/**
 * A read of many documents waits for its turn (`./heavyReads.ts`) and gives it back when its answer
 * is made; when the line is full or the wait too long, a 503 with `Retry-After`.
 */
async function inHeavyReadTurn(
  request: Request,
  documents: number,
  read: () => Promise<Response>,
): Promise<Response> {
  // A caller that hangs up while waiting leaves the line (the answer then goes nowhere).
  const turn = await takeHeavyReadTurn(documents, request.signal)
  if (turn === null) return read()
  if (typeof turn === 'string')
    return errorResponse(
      503,
      'The server is answering other large reads. Try again shortly, or ask for a smaller page.',
      { 'Retry-After': '1' },
    )
  try {
    return await read()
  } finally {
    turn()
  }
}

/** `POST` with `X-Payload-HTTP-Method-Override: GET` (or `X-HTTP-Method-Override`): a read whose parameters may be in the body. */
function isReadOverride(request: Request): boolean {
  return (
    request.method.toUpperCase() === 'POST' &&
    (request.headers.get('x-payload-http-method-override') === 'GET' ||
      request.headers.get('x-http-method-override') === 'GET')
  )
}

/**
 * A read's parameters: the URL's, and for an overridden `POST` also a form body's (Payload appends
 * it to the URL). Where both name one, the larger page or depth counts.
 */
function readParams(request: Request, body: ArrayBuffer | null): URLSearchParams {
  const params = new URL(request.url).searchParams
  if (
    !body ||
    !/application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')
  )
    return params
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(body))) {
    const current = Number(params.get(name))
    if (!params.has(name) || Number(value) > current || value === 'false' || value === '0')
      params.set(name, value)
  }
  return params
}

/**
 * A JSON write is a document, an object: Payload takes `null`, `"x"` or `[…]` as its data and
 * fails on it with a 500. (Invalid JSON Payload refuses itself, with a 400.)
 */
function isJsonObjectOrOther(request: Request, body: ArrayBuffer | null): boolean {
  if (!body || !/application\/json/i.test(request.headers.get('content-type') ?? '')) return true
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return true
  }
  return Boolean(parsed) && typeof parsed === 'object' && !Array.isArray(parsed)
}

/** The GraphQL operations of a body as sent (texts and variables), or null when a JSON body is not JSON (Payload lets that error escape as a 500). */
function graphqlTextsIn(
  request: Request,
  body: ArrayBuffer | null,
): null | { query: string; variables: unknown }[] {
  if (!body) return []
  const text = new TextDecoder().decode(body)
  if (!/application\/json/i.test(request.headers.get('content-type') ?? ''))
    return [{ query: text, variables: undefined }]
  try {
    return graphqlDocumentsOf(JSON.parse(text))
  } catch {
    return null
  }
}

/**
 * Payload reads `where` and `data` given whole (`?where={...}`, not `?where[title][equals]=…`)
 * with a bare `JSON.parse`, whose error it answers with a 500.
 */
function unreadableJsonParameter(request: Request): null | string {
  const search = new URL(request.url).searchParams
  for (const name of ['where', 'data']) {
    for (const value of search.getAll(name)) {
      if (value === '') continue
      try {
        JSON.parse(value)
      } catch {
        return name
      }
    }
  }
  return null
}

function withBody(request: Request, body: ArrayBuffer | null): Request {
  return new Request(request.url, {
    body,
    headers: request.headers,
    method: request.method,
    signal: request.signal,
  })
}

/**
 * Routes that exist for no one, answered 404 before Payload: a collection declared with
 * `endpoints: false` (Payload's migrations), which Payload answers with 501 and the full request
 * URL; `/versions` of a collection without versions; and Payload's own collections
 * (`payload-preferences`, `payload-locked-documents`, `payload-jobs`, `payload-kv`, …) for a
 * request that carries no credentials at all, since they only serve the admin panel's signed-in
 * users and the job runner (which sends its secret in `Authorization`).
 */
function servesNothingHere(config: SanitizedConfig, slug: string[], request: Request): boolean {
  const collection = config.collections.find((candidate) => candidate.slug === slug[0])
  if (!collection) return false
  if (collection.endpoints === false) return true
  if (slug[1] === 'versions' && !collection.versions) return true
  return collection.slug.startsWith('payload-') && !carriesCredentials(config, request)
}

function carriesCredentials(config: SanitizedConfig, request: Request): boolean {
  if (request.headers.get('authorization')) return true
  const cookies = request.headers.get('cookie') ?? ''
  return cookies.includes(`${config.cookiePrefix}-token=`)
}

/**
 * Files go to upload collections as multipart forms, under the upload limits of Payload's config
 * (`upload.limits`), which Payload applies while it reads the form.
 */
async function isUploadToCollection(
  config: Config,
  slug: string[],
  request: Request,
): Promise<boolean> {
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return false
  const collection = (await config).collections.find((candidate) => candidate.slug === slug[0])
  return Boolean(collection?.upload)
}

function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ errors: [{ message }] }, { headers, status })
}

const methodNotAllowed = (allowed: string[]) =>
  errorResponse(405, 'Method Not Allowed', { Allow: allowed.join(', ') })

const payloadTooLarge = () =>
  errorResponse(413, `The request body is larger than ${MAX_API_BODY_BYTES} bytes.`)

/**
 * Payload answers an unknown route with `{message}` alone; clients of its REST API read errors
 * from `errors[].message`, so such answers get that shape too (with the same message).
 */
async function inPayloadErrorShape(response: Response): Promise<Response> {
  if (
    response.status < 400 ||
    !/application\/json/i.test(response.headers.get('content-type') ?? '')
  )
    return response
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const rebuilt = (content: string) =>
    new Response(content, {
      headers: response.headers,
      status: response.status,
      statusText: response.statusText,
    })
  if (!body || typeof body !== 'object' || Array.isArray((body as { errors?: unknown }).errors))
    return rebuilt(text)
  const message = (body as { message?: unknown }).message
  return rebuilt(
    JSON.stringify({
      errors: [{ message: typeof message === 'string' ? message : 'Something went wrong.' }],
    }),
  )
}
