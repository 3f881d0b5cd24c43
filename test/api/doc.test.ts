import type { Payload } from 'payload'

import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Route } from '../../endpoints/router'
import type { SanitizedPluginConfig } from '../../src/types'

import {
  buildOpenApiDocument,
  openApiDocument,
  openApiPath,
  serverUrl,
} from '../../endpoints/doc/openapi'
import { dispatchCompatRequest, routesFor } from '../../endpoints/dispatch'
import { buildRoutes } from '../../endpoints/routes'
import { readFixture } from '../helpers/fixtures'
import { serveCompatApi } from '../helpers/http'
import { getTestPayload } from '../helpers/payload'
import { pluginOptionsOf } from '../../src/pluginOptions'

type Json = Record<string, any>

/** The original's `/doc` (TEC 6.17.2), captured on a site at http://127.0.0.1:8089. */
const original = readFixture<{ response: { body: Json } }>('001-doc.json').response.body

const NAMESPACE = 'vendor/events/v1'
const TABLE_OPTIONS = {
  defaultPerPage: 10,
  maxPerPage: 50,
  mediaCollection: 'media',
  usersCollection: 'users',
}
const DOC_ROUTE: Route = {
  path: '/doc',
  endpoints: [{ methods: ['GET'], args: {}, handler: openApiDocument }],
}

/** Whether `endpoints/routes.ts` registers `/doc` yet; until it does, the tests put it second themselves. */
const registered = buildRoutes(TABLE_OPTIONS).some((route) => route.path === '/doc')

/** The served table with `/doc` second, right after the namespace index, as the original registers it. */
function withDoc(table: Route[]): Route[] {
  return table.some((route) => route.path === '/doc')
    ? table
    : [table[0]!, DOC_ROUTE, ...table.slice(1)]
}

const table = withDoc(buildRoutes(TABLE_OPTIONS))

/** The document as the capture's site would serve it. */
const build = (language = 'en', routes: Route[] = table): Json =>
  buildOpenApiDocument({
    language,
    namespace: NAMESPACE,
    restBase: 'http://127.0.0.1:8089/wp-json',
    routes,
    siteUrl: 'http://127.0.0.1:8089',
  })

async function validate(document: Json) {
  const validator = new Validator()
  const result = await validator.validate(structuredClone(document))
  return { ...result, version: validator.version }
}

/** A parameter without its description: what must be the same in every language. */
const shape = ({ description: _description, ...rest }: Json) => rest
const fieldsOf = (operation: Json): Json =>
  operation.requestBody.content['application/x-www-form-urlencoded'].schema.properties
const withoutDescriptions = (fields: Json) =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, shape(field)]))

describe('GET /doc: the OpenAPI document, generated from the route table', () => {
  it('is valid OpenAPI 3.0 in every language', async () => {
    for (const language of ['en', 'fr', 'es']) {
      const result = await validate(build(language))
      expect(result.errors, language).toBeUndefined()
      expect(result.valid).toBe(true)
      expect(result.version).toBe('3.0')
    }
  })

  it('differs from the original where the original is not valid OpenAPI: password is a query parameter', async () => {
    // The original declares the optional `password` "in: path", which OpenAPI forbids (a path
    // parameter is required and in the template); it is read from the query string or body.
    const result = await validate(original)
    expect(result.valid).toBe(false)
    expect(JSON.stringify(result.errors)).toContain('/paths/~1events~1{id}/get/parameters/1')
    const get = build().paths['/events/{id}'].get
    expect(get.parameters[1]).toEqual({
      ...original.paths['/events/{id}'].get.parameters[1],
      in: 'query',
    })
  })

  it('has the original’s top-level keys, in order, its info and its server URL', () => {
    const document = build()
    expect(Object.keys(document)).toEqual(['openapi', 'info', 'components', 'servers', 'paths'])
    expect(Object.keys(document)).toEqual(Object.keys(original))
    expect(document.openapi).toBe('3.0.0')
    expect(JSON.stringify(document.info)).toBe(JSON.stringify(original.info))
    // The original drops the site's port: `http://127.0.0.1/wp-json/tribe/events/v1/`.
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1/wp-json/vendor/events/v1/' }])
    expect(document.servers[0].url).toBe(
      original.servers[0].url.replace('tribe/events/v1', NAMESPACE),
    )
  })

  it('builds the server URL from the request’s root, the site host and the namespace', () => {
    const url = (restBase: string, siteUrl: string) =>
      serverUrl({ namespace: NAMESPACE, restBase, siteUrl })
    expect(url('http://localhost:3000/wp-json', 'http://localhost:3000')).toBe(
      'http://localhost/wp-json/vendor/events/v1/',
    )
    expect(url('http://localhost:3000/fr/wp-json', 'http://localhost:3000')).toBe(
      'http://localhost/fr/wp-json/vendor/events/v1/',
    )
    expect(url('https://example.com/es/api', 'https://example.com')).toBe(
      'https://example.com/es/api/vendor/events/v1/',
    )
    // Like the original (home URL cut off the REST URL), a sub-directory of the site is dropped too.
    expect(url('https://example.com:8443/blog/wp-json', 'https://example.com:8443/blog')).toBe(
      'https://example.com/wp-json/vendor/events/v1/',
    )
  })

  it('has the original’s component schemas, exactly', () => {
    for (const language of ['en', 'fr']) {
      const { schemas } = build(language).components
      expect(schemas).toEqual(original.components.schemas)
      expect(JSON.stringify(schemas)).toBe(JSON.stringify(original.components.schemas))
    }
  })

  it('lists the paths in the route table’s order, without the namespace index', () => {
    const keys = Object.keys(build().paths)
    expect(keys).toEqual(
      table.filter((route) => route.path !== '').map((route) => openApiPath(route.path)),
    )
    expect(keys[0]).toBe('/doc')
    expect(keys).toEqual(
      expect.arrayContaining(['/events', '/events/{id}', '/events/by-slug/{slug}']),
    )
    expect(keys).not.toContain('')
    // The same relative order as the original's, whichever routes the table has so far.
    expect(keys).toEqual(Object.keys(original.paths).filter((key) => keys.includes(key)))
  })

  it('turns WordPress route regexes into path templates', () => {
    expect(openApiPath('/events/(?P<id>\\d+)')).toBe('/events/{id}')
    expect(openApiPath('/events/by-slug/(?P<slug>[^/]+)')).toBe('/events/by-slug/{slug}')
    expect(openApiPath('/a/(?P<a>(?:\\d+|x\\)))/b/(?P<b>[^/)]+)')).toBe('/a/{a}/b/{b}')
    expect(openApiPath('/doc')).toBe('/doc')
  })

  it('documents /doc itself as the original does', () => {
    expect(JSON.stringify(build().paths['/doc'])).toBe(JSON.stringify(original.paths['/doc']))
  })

  it('documents the events list with the original’s parameters, one for one', () => {
    const ours = build().paths['/events']
    const theirs = original.paths['/events']
    expect(Object.keys(ours)).toEqual(['get'])
    const parameters: Json[] = ours.get.parameters
    const expected: Json[] = theirs.get.parameters
    expect(parameters.map((parameter) => parameter.name)).toEqual(
      expected.map((parameter) => parameter.name),
    )
    // Names, locations, schemas, required and `style` (on the lists that accept CSV), key order
    // included; a few descriptions were reworded on purpose in our declarations.
    expect(parameters.map(shape)).toEqual(expected.map(shape))
    expect(parameters.map((parameter) => Object.keys(parameter))).toEqual(
      expected.map((parameter) => Object.keys(parameter)),
    )
    for (const parameter of parameters) expect(parameter.description).toMatch(/\S/)
    expect(JSON.stringify(ours.get.responses)).toBe(JSON.stringify(theirs.get.responses))
  })

  it('documents single events as the original does: get, one post for POST/PUT/PATCH, delete', () => {
    const paths = build().paths
    for (const key of ['/events/{id}', '/events/by-slug/{slug}']) {
      const ours = paths[key]
      const theirs = original.paths[key]
      expect(Object.keys(ours)).toEqual(['get', 'post', 'delete'])
      for (const name of ['get', 'post', 'delete']) {
        expect(Object.keys(ours[name])).toEqual(Object.keys(theirs[name]))
        expect(JSON.stringify(ours[name].responses), `${key} ${name}`).toBe(
          JSON.stringify(theirs[name].responses),
        )
        const expected = theirs[name].parameters.map((parameter: Json) =>
          parameter.name === 'password' ? { ...parameter, in: 'query' } : parameter,
        )
        expect(JSON.stringify(ours[name].parameters), `${key} ${name}`).toBe(
          JSON.stringify(expected),
        )
      }
    }
    // The update's fields: the event CREATE arguments, as a form body.
    expect(JSON.stringify(paths['/events/{id}'].post.requestBody)).toBe(
      JSON.stringify(original.paths['/events/{id}'].post.requestBody),
    )
    // By slug, `slug` is both the path and a field (it renames the event); our declaration lists it first.
    expect(fieldsOf(paths['/events/by-slug/{slug}'].post)).toEqual(
      fieldsOf(original.paths['/events/by-slug/{slug}'].post),
    )
  })

  it('documents the other routes of the table with the original’s operations, parameters and responses', () => {
    const paths: Record<string, Json> = build().paths
    for (const [key, ours] of Object.entries(paths)) {
      const theirs = original.paths[key]
      expect(theirs, key).toBeDefined()
      expect(Object.keys(ours), key).toEqual(Object.keys(theirs))
      for (const [name, operation] of Object.entries(ours)) {
        const statuses = Object.keys(operation.responses)
        // The original forgets the 200 of an organizer update (which does answer 200).
        const expected = Object.keys(theirs[name].responses)
        expect(statuses, `${key} ${name}`).toEqual(
          key.startsWith('/organizers/') && name === 'post' ? ['200', ...expected] : expected,
        )
        const names = (list: Json[] = []) =>
          list.map(
            (parameter) =>
              `${parameter.in}:${parameter.name}:${JSON.stringify(parameter.schema)}:${parameter.required}`,
          )
        const theirParameters = (theirs[name].parameters ?? []).map((parameter: Json) =>
          parameter.name === 'password' ? { ...parameter, in: 'query' } : parameter,
        )
        expect(names(operation.parameters), `${key} ${name}`).toEqual(names(theirParameters))
        if (operation.requestBody) {
          // Our fields are the route's own arguments; the original also lists a few read
          // arguments (`id` of organizers and categories) as body fields.
          const ourFields = withoutDescriptions(fieldsOf(operation))
          const theirFields = withoutDescriptions(fieldsOf(theirs[name]))
          expect(theirFields, `${key} ${name}`).toMatchObject(ourFields)
        }
      }
    }
  })

  it('gives parameter and response descriptions in the language of the root, with the same names and types', () => {
    const en = build('en')
    for (const language of ['fr', 'es']) {
      const document = build(language)
      expect(Object.keys(document.paths)).toEqual(Object.keys(en.paths))
      expect(document.servers).toEqual(en.servers)
      expect(document.info.title).not.toBe(en.info.title)
      for (const [key, item] of Object.entries(document.paths)) {
        for (const [name, operation] of Object.entries(item as Json)) {
          const english = en.paths[key][name]
          expect((operation.parameters ?? []).map(shape), `${key} ${name}`).toEqual(
            (english.parameters ?? []).map(shape),
          )
          if (english.requestBody)
            expect(withoutDescriptions(fieldsOf(operation))).toEqual(
              withoutDescriptions(fieldsOf(english)),
            )
          for (const [status, response] of Object.entries(operation.responses as Json)) {
            expect(response.description, `${language} ${key} ${name} ${status}`).not.toBe(
              english.responses[status].description,
            )
          }
        }
      }
      // Parameter descriptions come from the declarations, in the request's language; an argument
      // declared `documented: false` (the list's `password`) is read but not documented.
      const list = table
        .find((route) => route.path === '/events')!
        .endpoints.find((endpoint) => endpoint.methods.includes('GET'))!
      expect(list.args.password?.documented).toBe(false)
      expect(
        document.paths['/events'].get.parameters.map((parameter: Json) => parameter.description),
      ).toEqual(
        Object.values(list.args)
          .filter((spec) => spec.documented !== false)
          .map((spec) => spec.description?.[language] ?? spec.description?.en),
      )
    }
    const fr = build('fr')
    expect(fr.paths['/events'].get.parameters[0].description).toBe('La page d’archive à renvoyer')
    expect(fr.paths['/events/{id}'].get.parameters[0].description).toBe(
      'l’identifiant de l’événement',
    )
    expect(fr.paths['/events/{id}'].post.responses['201'].description).toBe(
      'Renvoie les données de l’événement créé',
    )
  })

  it('documents whatever table it is given', async () => {
    const widgets: Route[] = [
      { path: '', endpoints: [{ methods: ['GET'], args: {}, handler: () => ({ body: null }) }] },
      {
        path: '/widgets',
        endpoints: [
          {
            methods: ['GET'],
            args: {
              ids: { csv: true, swaggerType: 'array', items: { type: 'integer' } },
              q: { type: 'string', required: true },
            },
            handler: () => ({ body: null }),
          },
          {
            methods: ['POST'],
            args: { name: { type: 'string' } },
            handler: () => ({ body: null }),
          },
        ],
      },
      {
        path: '/hidden',
        endpoints: [{ methods: ['POST'], args: {}, handler: () => ({ body: null }) }],
      },
      {
        path: '/widgets/(?P<id>\\d+)',
        endpoints: [
          {
            methods: ['PUT'],
            args: {
              id: { type: 'integer', required: true },
              name: { type: 'string' },
              flag: { swaggerType: 'bool' },
            },
            handler: () => ({ body: null }),
          },
        ],
      },
    ]
    const document = build('es', widgets)
    expect((await validate(document)).valid).toBe(true)
    expect(Object.keys(document.paths)).toEqual(['/widgets', '/widgets/{id}'])
    expect(document.paths['/widgets']).toEqual({
      get: {
        parameters: [
          {
            in: 'query',
            schema: { type: 'array', items: { type: 'integer' } },
            description: 'No se proporcionó ninguna descripción',
            required: false,
            name: 'ids',
            style: 'form',
          },
          {
            in: 'query',
            schema: { type: 'string' },
            description: 'No se proporcionó ninguna descripción',
            required: true,
            name: 'q',
          },
        ],
        responses: {
          200: { description: expect.any(String) },
          400: { description: expect.any(String) },
          404: { description: expect.any(String) },
        },
      },
    })
    const put = document.paths['/widgets/{id}'].put
    expect(put.parameters).toEqual([
      {
        in: 'path',
        schema: { type: 'integer' },
        description: 'No se proporcionó ninguna descripción',
        required: true,
        name: 'id',
      },
    ])
    expect(fieldsOf(put)).toEqual({
      name: { description: 'No se proporcionó ninguna descripción', type: 'string' },
      flag: { description: 'No se proporcionó ninguna descripción', type: 'boolean' },
    })
    expect(Object.keys(put.responses)).toEqual(['200', '201', '400', '403'])
  })
})

describe('GET /doc through the API', () => {
  let payload: Payload
  let options: SanitizedPluginConfig
  let served: Route[]

  beforeAll(async () => {
    payload = await getTestPayload()
    options = pluginOptionsOf(payload)
    served = withDoc(routesFor(options))
  })

  const request = (rootPath: string, rootLanguage?: string, query = '') =>
    dispatchCompatRequest(
      payload,
      options,
      {
        headers: new Headers(),
        method: 'GET',
        path: `/${NAMESPACE}/doc`,
        query,
        restBase: `${options.siteUrl}${rootPath}`,
        rootLanguage,
      },
      served,
    )

  it('answers 200 with the document of the served table, in the root’s language', async () => {
    const response = await request('/fr/wp-json', 'fr')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8')
    expect(response.headers.get('allow')).toBe('GET')
    const body = await response.json()
    const host = new URL(options.siteUrl).hostname
    expect(body.servers).toEqual([
      { url: `${new URL(options.siteUrl).protocol}//${host}/fr/wp-json/${NAMESPACE}/` },
    ])
    expect(body).toEqual(
      buildOpenApiDocument({
        language: 'fr',
        namespace: options.namespace,
        restBase: `${options.siteUrl}/fr/wp-json`,
        routes: served,
        siteUrl: options.siteUrl,
      }),
    )
    expect(body.paths['/events'].get.parameters[0].description).toBe('La page d’archive à renvoyer')
  })

  it('follows i18n_language', async () => {
    const body = await (await request('/wp-json', undefined, 'i18n_language=es')).json()
    expect(body.paths['/events'].get.parameters[0].description).toBe(
      'La página del archivo que se devuelve',
    )
    expect(body.info.title).toBe('API REST de The Events Calendar')
  })

  describe.runIf(registered)('over HTTP, once registered in routes.ts', () => {
    let api: Awaited<ReturnType<typeof serveCompatApi>>
    beforeAll(async () => {
      api = await serveCompatApi(payload)
    })
    afterAll(async () => {
      await api?.close()
    })

    it('is served under /wp-json and /fr/wp-json, second in the namespace index', async () => {
      for (const [root, language] of [
        ['/wp-json', 'en'],
        ['/fr/wp-json', 'fr'],
      ] as const) {
        const response = await fetch(`${api.url}${root}/${NAMESPACE}/doc`)
        expect(response.status).toBe(200)
        const body = await response.json()
        expect(body).toEqual(
          buildOpenApiDocument({
            language,
            namespace: options.namespace,
            restBase: `${options.siteUrl}${root}`,
            routes: routesFor(options),
            siteUrl: options.siteUrl,
          }),
        )
        expect((await validate(body)).valid).toBe(true)
      }
      const index = await (await fetch(`${api.url}/wp-json/${NAMESPACE}`)).json()
      expect(Object.keys(index.routes).slice(0, 2)).toEqual([`/${NAMESPACE}`, `/${NAMESPACE}/doc`])
      expect(index.routes[`/${NAMESPACE}/doc`].endpoints).toEqual([{ methods: ['GET'], args: [] }])
    })
  })
})
