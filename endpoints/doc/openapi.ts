import type { RestHandler } from '../context'
import type { Language, LocalizedText } from '../i18n'
import type { ParamSpec } from '../params'
import { documentedArgs } from '../params'
import type { Endpoint, HttpMethod, Route } from '../router'
import type { SchemaObject } from './schemas'
import type { ResourceTexts, ResponseTexts } from './texts'

import { COMPONENT_SCHEMAS } from './schemas'
import { DOC_RESPONSE, GENERIC_TEXTS, INFO, NO_DESCRIPTION, RESOURCE_TEXTS } from './texts'

/**
 * `GET /vendor/events/v1/doc`: the OpenAPI 3.0.0 document of the API (`docs/compatibility.md`,
 * "OpenAPI document"), generated from the route table being served and its parameter declarations,
 * with descriptions in the request's language.
 */
export const openApiDocument: RestHandler = ({ language, options, restBase, routes }) => ({
  body: buildOpenApiDocument({
    language,
    namespace: options.namespace,
    restBase,
    routes,
    siteUrl: options.siteUrl,
  }),
})

export type OpenApiInput = {
  language: Language
  namespace: string
  /** Absolute URL of the REST root the request came through (`http://site/fr/wp-json`). */
  restBase: string
  routes: Route[]
  /** The public site URL (the original's `home_url()`). */
  siteUrl: string
}

type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: SchemaObject }> }
  responses: Record<string, Response>
}
/** What an operation takes, before its `responses`. */
type Inputs = Pick<Operation, 'parameters' | 'requestBody'>
type Parameter = {
  in: 'path' | 'query'
  schema: SchemaObject
  description: string
  required: boolean
  name: string
  style?: 'form'
}
type Response = { description: string; content?: Record<string, { schema: SchemaObject }> }
type OperationName = 'delete' | 'get' | 'patch' | 'post' | 'put'

/** The schema an item of each resource (first path segment) is described by. */
const SCHEMA_OF: Record<string, string> = {
  categories: 'Term',
  events: 'Event',
  organizers: 'Organizer',
  tags: 'Term',
  venues: 'Venue',
}

/** Operations appear in this order in a path item, as in the original (`get`, `post`, `delete`). */
const OPERATION_ORDER: OperationName[] = ['get', 'post', 'put', 'patch', 'delete']

/** TEC's `convert_type`: PHP-ish type names to JSON-schema ones. */
const TYPE_NAMES: Record<string, string> = { bool: 'boolean', int: 'integer' }

/**
 * The whole document. Top-level keys in the original's order; `paths` in the route table's
 * order, without the namespace index (which the original does not document).
 */
export function buildOpenApiDocument(input: OpenApiInput): Record<string, unknown> {
  const { language } = input
  const paths: Record<string, Partial<Record<OperationName, Operation>>> = {}
  for (const route of input.routes) {
    if (route.path === '') continue
    const operations = describeRoute(route, language)
    if (!Object.keys(operations).length) continue
    const key = openApiPath(route.path)
    // Two routes with one template: the first one's operations win, as they do in matchRoute.
    paths[key] = { ...operations, ...paths[key] }
  }
  return {
    openapi: '3.0.0',
    info: {
      version: '1.0.0',
      title: localized(INFO.title, language),
      description: localized(INFO.description, language),
    },
    components: { schemas: structuredClone(COMPONENT_SCHEMAS) },
    servers: [{ url: serverUrl(input) }],
    paths,
  }
}

/**
 * `<scheme>://<site host><REST root path>/<namespace>/`, as the original builds it: the scheme of
 * the request, the host of the site URL, and the REST URL with the site URL cut off, so the site's
 * port and sub-directory are dropped (`docs/compatibility.md`, "OpenAPI document":
 * `http://127.0.0.1/wp-json/…` in the capture of a site on port 8089). A language root stays in
 * (`/fr/wp-json`): URLs keep the root they were requested under (`docs/compatibility.md`,
 * "Languages").
 */
export function serverUrl({
  namespace,
  restBase,
  siteUrl,
}: Pick<OpenApiInput, 'namespace' | 'restBase' | 'siteUrl'>): string {
  const site = new URL(siteUrl)
  const base = new URL(restBase)
  const home = siteUrl.replace(/\/+$/, '')
  const rootPath = restBase.startsWith(home) ? restBase.slice(home.length) : base.pathname
  return `${base.protocol}//${site.hostname}${rootPath.replace(/\/+$/, '')}/${namespace}/`
}

/** WordPress's regex route to an OpenAPI path template: `/events/(?P<id>\d+)` → `/events/{id}`. */
export function openApiPath(path: string): string {
  let out = ''
  for (let i = 0; i < path.length;) {
    const group = /^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(path.slice(i))
    if (!group) {
      out += path[i]
      i += 1
      continue
    }
    out += `{${group[1]}}`
    i = endOfGroup(path, i + group[0].length)
  }
  return out
}

/** The index just after the `)` closing a group whose body starts at `from`. */
function endOfGroup(path: string, from: number): number {
  let depth = 1
  let inClass = false
  for (let i = from; i < path.length; i += 1) {
    const char = path[i]
    if (char === '\\') i += 1
    else if (inClass) inClass = char !== ']'
    else if (char === '[') inClass = true
    else if (char === '(') depth += 1
    else if (char === ')' && --depth === 0) return i + 1
  }
  return path.length
}

/** The names of a route's path variables, in order. */
function pathVariables(path: string): string[] {
  return [...openApiPath(path).matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)
}

function describeRoute(
  route: Route,
  language: Language,
): Partial<Record<OperationName, Operation>> {
  const variables = pathVariables(route.path)
  const isItem = variables.length > 0
  const resource = route.path.split('/')[1] ?? ''
  const texts = RESOURCE_TEXTS[resource] ?? GENERIC_TEXTS
  const schema = SCHEMA_OF[resource]
  // Only the arguments the original lists (`documentedArgs`) are documented.
  const endpoints = route.endpoints.map((endpoint) => ({
    ...endpoint,
    args: documentedArgs(endpoint.args),
  }))
  const read = endpoints.find((endpoint) => endpoint.methods.includes('GET'))
  const operations: Partial<Record<OperationName, Operation>> = {}
  for (const endpoint of endpoints) {
    for (const name of operationNames(endpoint)) {
      // The original documents a collection's `get` only: creation is documented on the item
      // route's `post` (its 201 response), and the capture has no `post` on `/events`.
      if (!isItem && name !== 'get') continue
      if (operations[name]) continue
      // `/doc` itself: known by its handler (or its path, should the handler be wrapped).
      if (endpoint.handler === openApiDocument || route.path === '/doc') {
        operations[name] = {
          responses: { 200: { description: localized(DOC_RESPONSE, language) } },
        }
        continue
      }
      const write = name === 'post' || name === 'put' || name === 'patch'
      operations[name] = {
        ...(write
          ? writeInputs(endpoint, read, variables, language)
          : readInputs(endpoint, read, variables, language)),
        responses: responses(
          responseTextsOf(texts, name, isItem),
          isItem,
          resource,
          schema,
          language,
        ),
      }
    }
  }
  return Object.fromEntries(
    OPERATION_ORDER.filter((name) => operations[name]).map((name) => [name, operations[name]!]),
  )
}

/**
 * The operations one endpoint is documented as. POST, PUT and PATCH share one endpoint on item
 * routes, and the original documents that endpoint once, as `post`.
 */
function operationNames(endpoint: Endpoint): OperationName[] {
  const methods = new Set<HttpMethod>(endpoint.methods)
  return endpoint.methods
    .filter((method) => !(methods.has('POST') && (method === 'PUT' || method === 'PATCH')))
    .map((method) => method.toLowerCase() as OperationName)
}

/** `get` and `delete`: every argument is a parameter, in the path or the query string. */
function readInputs(
  endpoint: Endpoint,
  read: Endpoint | undefined,
  variables: string[],
  language: Language,
): Inputs {
  const parameters = [
    ...variables
      .filter((name) => !(name in endpoint.args))
      .map((name) => pathParameter(name, endpoint, read, language)),
    ...Object.entries(endpoint.args).map(([name, spec]) =>
      variables.includes(name)
        ? pathParameter(name, endpoint, read, language)
        : queryParameter(name, spec, language),
    ),
  ]
  return parameters.length ? { parameters } : {}
}

/**
 * `post` (and a `put`/`patch` without POST): the path variables and the arguments that address the
 * item (those the route's GET also takes, e.g. an event's `password`) are parameters, as the
 * original has them; the fields are an `application/x-www-form-urlencoded` request body. A path
 * variable declared optional on the write endpoint is also a field (by slug, a `slug` in the body
 * renames the item: `docs/compatibility.md`, "Update by slug"), so it appears in both places, as in
 * the original.
 */
function writeInputs(
  endpoint: Endpoint,
  read: Endpoint | undefined,
  variables: string[],
  language: Language,
): Inputs {
  const parameters: Parameter[] = variables
    .filter((name) => !(name in endpoint.args))
    .map((name) => pathParameter(name, endpoint, read, language))
  const fields: Record<string, SchemaObject> = {}
  for (const [name, spec] of Object.entries(endpoint.args)) {
    if (variables.includes(name)) {
      parameters.push(pathParameter(name, endpoint, read, language))
      if (spec.required !== true) fields[name] = bodyField(spec, language)
    } else if (spec.in === 'query' || (spec.in !== 'body' && read && name in read.args)) {
      parameters.push(queryParameter(name, spec, language))
    } else {
      fields[name] = bodyField(spec, language)
    }
  }
  return {
    ...(parameters.length ? { parameters } : {}),
    ...(Object.keys(fields).length
      ? {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: fields },
              },
            },
          },
        }
      : {}),
  }
}

/**
 * A path variable is always required (OpenAPI demands it). It is described by the endpoint's
 * declaration, unless that one is an optional body field sharing the name: then by the read
 * declaration (`the event post name`), which says how the path addresses the item.
 */
function pathParameter(
  name: string,
  endpoint: Endpoint,
  read: Endpoint | undefined,
  language: Language,
): Parameter {
  const own = endpoint.args[name]
  const spec =
    own && own.required !== true && read?.args[name]
      ? read.args[name]
      : (own ?? read?.args[name] ?? {})
  return {
    in: 'path',
    schema: schemaOf(spec),
    description: describe(spec, language),
    required: true,
    name,
  }
}

/**
 * A query parameter, keys in the original's order. `style: form` marks the lists that also
 * accept a CSV string (documented as arrays but not coerced as arrays: TEC's
 * `collectionFormat: csv`); the original's `explode: false` is lost to PHP's `array_filter`,
 * so it never reaches the document, and does not here either.
 */
function queryParameter(name: string, spec: ParamSpec, language: Language): Parameter {
  const parameter: Parameter = {
    in: 'query',
    schema: schemaOf(spec),
    description: describe(spec, language),
    required: spec.required ?? false,
    name,
  }
  if (spec.csv) parameter.style = 'form'
  return parameter
}

/** A request body property: `{description, type[, items]}` as the original writes them. */
function bodyField(spec: ParamSpec, language: Language): SchemaObject {
  return { description: describe(spec, language), ...schemaOf(spec) }
}

/**
 * The documented type is TEC's `swagger_type` when declared, else the coercing type. An array
 * without declared items gets string items (OpenAPI 3.0 requires `items` on arrays).
 */
function schemaOf(spec: ParamSpec): SchemaObject {
  const declared = spec.swaggerType ?? spec.type ?? 'string'
  const type = TYPE_NAMES[declared] ?? declared
  const schema: SchemaObject = { type }
  if (spec.items) schema.items = { ...spec.items }
  else if (type === 'array') schema.items = { type: 'string' }
  return schema
}

function describe(spec: ParamSpec, language: Language): string {
  return spec.description
    ? localized(spec.description, language)
    : localized(NO_DESCRIPTION, language)
}

function responseTextsOf(
  texts: ResourceTexts,
  name: OperationName,
  isItem: boolean,
): ResponseTexts {
  if (!isItem) return texts.list
  if (name === 'get') return texts.get
  if (name === 'delete') return texts.delete
  return texts.post
}

/**
 * Responses in status order. Successes (200, 201) carry the resource's schema: a titled array
 * of it for a list, the object itself for an item.
 */
function responses(
  texts: ResponseTexts,
  isItem: boolean,
  resource: string,
  schema: string | undefined,
  language: Language,
): Record<string, Response> {
  const out: Record<string, Response> = {}
  for (const [status, description] of Object.entries(texts)) {
    const response: Response = { description: localized(description!, language) }
    if (schema && (status === '200' || status === '201')) {
      const ref = { $ref: `#/components/schemas/${schema}` }
      response.content = {
        'application/json': {
          schema: isItem ? ref : { title: resource, type: 'array', items: ref },
        },
      }
    }
    out[status] = response
  }
  return out
}

function localized(value: LocalizedText, language: Language): string {
  return value[language] ?? value.en
}
