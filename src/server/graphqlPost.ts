import type { DocumentNode, GraphQLError, GraphQLFormattedError, GraphQLSchema } from 'graphql'
import type { APIError, Payload, PayloadRequest, SanitizedConfig } from 'payload'

import { configToSchema } from '@payloadcms/graphql'
import { GraphQL } from '@payloadcms/graphql/types'
import { createHandler } from 'graphql-http/lib/use/fetch'
import {
  addDataAndFileToRequest,
  addLocalesToRequestFromData,
  createPayloadRequest,
  headersWithCors,
  logError,
  mergeHeaders,
  unlinkClientUploadTempFile,
} from 'payload'

import { parseRememberingText, validateKnowingPasses } from '../graphql/validDocuments'

type Config = Promise<SanitizedConfig> | SanitizedConfig
type Built = ReturnType<typeof configToSchema>

/**
 * Payload's GraphQL route (`GRAPHQL_POST` of `@payloadcms/next/routes`, Payload 3.90) step for
 * step, with two differences that change no answer: each operation's text is parsed once per
 * request (the server parsed it already to bound the read, `payloadApiHandlers.ts`), and
 * graphql-js's own validation rules run once per distinct text and schema
 * (`src/graphql/validDocuments.ts`); Payload's complexity limit, the read budget and the host's
 * rules still run on every request, before anything executes.
 */
export function graphqlPost(
  config: Config,
): (request: Request, parsed: ReadonlyMap<string, DocumentNode | null>) => Promise<Response> {
  return async (request, parsed) => {
    const originalRequest = request.clone()
    const req = await createPayloadRequest({ canSetHeaders: true, config, request })
    const { payload } = req
    if (payload.config.graphQL?.disable) return new Response(null, { status: 404 })
    try {
      await addDataAndFileToRequest(req)
      addLocalesToRequestFromData(req)
      const { schema, validationRules } = await schemaOf(config)
      const headers: Record<string, string> = {}
      const apiResponse = await createHandler({
        context: { headers, req } as never,
        onOperation: async (operationRequest, args, result) => {
          const response =
            typeof payload.extensions === 'function'
              ? await payload.extensions({ args, req: operationRequest as never, result })
              : result
          if (response.errors) {
            const errors = (await Promise.all(
              result.errors!.map((error) => formattedError({ err: error, payload, req })),
            )) as GraphQLError[]
            return { ...response, errors }
          }
          return response
        },
        parse: (query) =>
          typeof query === 'string'
            ? parseRememberingText(query, parsed.get(query))
            : GraphQL.parse(query),
        schema: schema as GraphQLSchema,
        validate: validateKnowingPasses,
        validationRules: (_, args, defaultRules) =>
          defaultRules.concat(validationRules(args as never)),
      })(originalRequest)
      const responseHeaders = headersWithCors({
        headers: new Headers(apiResponse.headers),
        req,
      })
      for (const key in headers) responseHeaders.append(key, headers[key]!)
      return new Response(apiResponse.body, {
        headers: req.responseHeaders
          ? mergeHeaders(req.responseHeaders, responseHeaders)
          : responseHeaders,
        status: apiResponse.status,
      })
    } finally {
      // GraphQL reads the body itself, and an operation that writes no document never reaches
      // the operation's own clean-up of an uploaded file.
      await unlinkClientUploadTempFile({ req })
    }
  }
}

/** An error of an operation as Payload's route answers it: a server error's details only with `debug`. */
async function formattedError({
  err,
  payload,
  req,
}: {
  err: GraphQLError
  payload: Payload
  req: PayloadRequest
}): Promise<GraphQLFormattedError> {
  // As Payload's: an error without an original one (a variable not given) fails here too.
  const status = (err.originalError as APIError).status || 500
  logError({ err, payload })
  let response: GraphQLFormattedError = {
    extensions: {
      name: err?.originalError?.name || undefined,
      data: (err && err.originalError && (err.originalError as APIError).data) || undefined,
      stack: payload.config.debug ? err.stack : undefined,
      statusCode: status,
    },
    locations: err.locations,
    message: !payload.config.debug && status === 500 ? 'Something went wrong.' : err.message,
    path: err.path,
  }
  await payload.config.hooks.afterError?.reduce(async (previous, hook) => {
    await previous
    const result = await hook({
      context: req.context,
      error: err,
      graphqlResult: response,
      req,
    } as never)
    if (result)
      response = (result as { graphqlResult?: GraphQLFormattedError }).graphqlResult || response
  }, Promise.resolve())
  return response
}

let built: null | Promise<Built> = null

/** The schema and Payload's validation rules, built once (on every request in development, as Payload does). */
async function schemaOf(config: Config): Promise<Built> {
  if (!built || process.env.NODE_ENV === 'development') {
    const made = Promise.resolve(config).then((resolved) => configToSchema(resolved))
    built = made
    made.catch(() => {
      if (built === made) built = null
    })
  }
  return built
}
