import type {
  CollectionBeforeChangeHook,
  CollectionConfig,
  CollectionSlug,
  Config,
  Field,
  Payload,
  TaskConfig,
} from 'payload'

import express from 'express'
import type { AddressInfo } from 'node:net'
import { handleEndpoints } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import type { EventsCalendarPluginConfig, SanitizedPluginConfig } from '../../src/types'

import { compatMiddleware } from '../../endpoints/express'
import { readPosts, createPosts } from '../../src/access/posts'
import { BASIC_STRATEGY } from '../../src/auth/basicAuthStrategy'
import { SESSION_OUTAGE_STRATEGY } from '../../src/auth/sessionOutageStrategy'
import {
  answerCompatRequest,
  createEventsCalendarHandler,
  pluginOptionsOf,
} from '../../src/exports/handler'
import { cacheStats } from '../../src/calendar/cache/registry'
import { eventsCalendarRoutes } from '../../src/exports/next'
import { applyStatusWorkflow } from '../../src/hooks/applyStatusWorkflow'
import { eventsCalendarPlugin } from '../../src/plugin'
import { getTestPayload } from '../helpers/payload'

/** What the plugin is handed by a site: the least a Payload config has, with three locales. */
const siteConfig = (collections: CollectionConfig[] = []): Config =>
  ({
    collections,
    localization: { defaultLocale: 'en', locales: ['en', 'fr', 'es'] },
    secret: 'test',
  }) as unknown as Config

const build = (options: EventsCalendarPluginConfig, collections?: CollectionConfig[]) =>
  eventsCalendarPlugin(options)(siteConfig(collections))

const collectionOf = (config: Config, slug: string) => {
  const found = config.collections!.find((collection) => collection.slug === slug)
  if (!found) throw new Error(`no collection ${slug}`)
  return found
}

/** What the database gets of each collection: its fields and auth settings, without functions (JSON drops them) or sign-in strategies. */
const schemaOf = (config: Config) =>
  config.collections!.map((collection) => {
    const { strategies: _, ...auth } =
      typeof collection.auth === 'object' ? collection.auth : { strategies: undefined }
    return [
      collection.slug,
      JSON.stringify(collection.fields),
      JSON.stringify(collection.auth ? auth : null),
    ]
  })

/** Hooks built by factories are new functions on every build: compared by their source. */
const sources = (hooks: unknown[] = []) => hooks.map(String)
const accessOf = (collection: CollectionConfig) =>
  Object.fromEntries(
    Object.entries(collection.access ?? {}).map(([operation, rule]) => [operation, String(rule)]),
  )

const hookCount = (collection: CollectionConfig) =>
  Object.values(collection.hooks ?? {}).reduce(
    (count, hooks) => count + (hooks as unknown[]).length,
    0,
  )

const fieldNamed = (fields: Field[], name: string): Field | undefined => {
  for (const field of fields) {
    if ('name' in field && field.name === name) return field
    if ('fields' in field && Array.isArray(field.fields)) {
      const found = fieldNamed(field.fields as Field[], name)
      if (found) return found
    }
    if (field.type === 'tabs') {
      for (const tab of field.tabs) {
        const found = fieldNamed(tab.fields, name)
        if (found) return found
      }
    }
  }
  return undefined
}

const PLUGIN_COLLECTIONS = [
  'events',
  'venues',
  'organizers',
  'event-categories',
  'event-tags',
  'application-passwords',
  'media',
]

describe('the plugin built with other options (config only)', () => {
  it('disabled: the same collections, fields and auth settings, with no hooks but the read guard, no endpoints, no autoRun, an inert task', async () => {
    const enabled = build({ scheduledPublication: { autoRun: true } })
    const disabled = build({ disabled: true, scheduledPublication: { autoRun: true } })

    expect(schemaOf(disabled)).toEqual(schemaOf(enabled))
    expect(disabled.endpoints).toEqual([])
    expect(enabled.endpoints!.length).toBeGreaterThan(0)
    // The import tool as a Payload bin script (`npx payload events-calendar …`), only when enabled.
    expect(enabled.bin).toEqual([
      { key: 'events-calendar', scriptPath: expect.stringMatching(/hostScript\.ts$/) },
    ])
    expect(disabled.bin).toBeUndefined()
    expect(disabled.hooks?.afterError ?? []).toEqual([])
    expect(disabled.jobs?.autoRun).toBeUndefined()
    expect(enabled.jobs?.autoRun).toBeTypeOf('function')

    // The task stays (its slug is in the jobs collection's schema) but publishes nothing.
    const task = disabled.jobs!.tasks!.find(
      (each) => each.slug === 'publishScheduledItems',
    ) as TaskConfig
    expect(task.slug).toBe(enabled.jobs!.tasks![0]!.slug)
    expect(await (task.handler as (args: never) => Promise<unknown>)({} as never)).toEqual({
      output: { published: 0 },
    })

    for (const slug of PLUGIN_COLLECTIONS) {
      const collection = collectionOf(disabled, slug)
      expect(
        Object.keys(collection.hooks ?? {}).filter((kind) => kind !== 'beforeRead'),
        slug,
      ).toEqual([])
      expect(hookCount(collectionOf(enabled, slug)), slug).toBeGreaterThan(hookCount(collection))
      // Who sees what does not change with the switch.
      expect(accessOf(collection), slug).toEqual(accessOf(collectionOf(enabled, slug)))
    }
    // Password-protected content stays blanked for readers who may not see it.
    expect(collectionOf(disabled, 'events').hooks?.beforeRead).toHaveLength(1)

    const users = collectionOf(disabled, 'users')
    expect(users.hooks).toEqual({})
    expect(typeof users.auth === 'object' && users.auth.strategies).toEqual([])
    expect(
      typeof collectionOf(enabled, 'users').auth === 'object' &&
        (collectionOf(enabled, 'users').auth as { strategies: { name: string }[] }).strategies.map(
          (s) => s.name,
        ),
    ).toEqual([BASIC_STRATEGY, SESSION_OUTAGE_STRATEGY])
    // The site's own collections get none of the plugin's input guards.
    expect(
      hookCount(
        collectionOf(
          build({ disabled: true }, [{ slug: 'pages', fields: [{ name: 'title', type: 'text' }] }]),
          'pages',
        ),
      ),
    ).toBe(0)
  })

  it('disabled keeps the hooks and access a site adds through overrides', () => {
    const mine: CollectionBeforeChangeHook = ({ data }) => data
    const config = build({
      disabled: true,
      overrides: { venues: { hooks: { beforeChange: [mine] } } },
    })
    expect(collectionOf(config, 'venues').hooks?.beforeChange).toEqual([mine])
  })

  it('overrides merge hooks per kind (the plugin’s first), access per operation and admin per key; fields through the function', () => {
    const mine: CollectionBeforeChangeHook = ({ data }) => data
    const readOwn = () => true
    const plain = collectionOf(build({}), 'events')
    const config = build({
      overrides: {
        events: {
          access: { read: readOwn },
          admin: { group: 'Agenda' },
          hooks: { beforeChange: [mine], afterDelete: [() => undefined] },
          fields: ({ defaultFields }) => [...defaultFields, { name: 'ticketUrl', type: 'text' }],
        },
      },
    })
    const events = collectionOf(config, 'events')
    const beforeChange = events.hooks!.beforeChange!
    expect(beforeChange).toContain(applyStatusWorkflow)
    expect(beforeChange.at(-1)).toBe(mine)
    expect(sources(beforeChange.slice(0, -1))).toEqual(sources(plain.hooks!.beforeChange))
    // The plugin's own (the webhooks' record of a deletion) first, then the override's.
    expect(events.hooks!.afterDelete).toHaveLength(plain.hooks!.afterDelete!.length + 1)
    expect(sources(events.hooks!.afterDelete!.slice(0, -1))).toEqual(
      sources(plain.hooks!.afterDelete),
    )
    expect(sources(events.hooks!.afterChange)).toEqual(sources(plain.hooks!.afterChange))
    expect(events.access).toMatchObject({ create: createPosts, read: readOwn })
    expect(plain.access!.read).toBe(readPosts)
    expect(events.admin).toMatchObject({ group: 'Agenda', useAsTitle: 'title' })
    expect(events.admin!.components).toEqual(plain.admin!.components)
    expect(fieldNamed(events.fields, 'ticketUrl')).toBeTruthy()
    expect(fieldNamed(events.fields, 'startDate')).toBeTruthy()
  })

  it('usersCollection and mediaCollection: the site’s own auth collection gets the calendar, every relation points at the chosen slugs', () => {
    const members: CollectionConfig = {
      slug: 'members',
      auth: true,
      fields: [{ name: 'nickname', type: 'text' }],
    }
    const config = build(
      { mediaCollection: otherHostSlug('images'), usersCollection: otherHostSlug('members') },
      [members],
    )
    const slugs = config.collections!.map((collection) => collection.slug)
    expect(slugs).not.toContain('users')
    expect(slugs).not.toContain('media')
    expect(slugs).toContain('images')
    const extended = collectionOf(config, 'members')
    expect(fieldNamed(extended.fields, 'role')).toBeTruthy()
    expect(fieldNamed(extended.fields, 'nickname')).toBeTruthy()
    expect(
      (extended.auth as { strategies: { name: string }[] }).strategies.map((s) => s.name),
    ).toEqual([BASIC_STRATEGY, SESSION_OUTAGE_STRATEGY])
    expect(fieldNamed(collectionOf(config, 'events').fields, 'author')).toMatchObject({
      relationTo: 'members',
    })
    expect(fieldNamed(collectionOf(config, 'venues').fields, 'image')).toMatchObject({
      relationTo: 'images',
    })
    expect(fieldNamed(collectionOf(config, 'application-passwords').fields, 'user')).toMatchObject({
      relationTo: 'members',
    })
    expect(pluginOptionsOf({ config }).usersCollection).toBe('members')

    expect(() =>
      build({ usersCollection: otherHostSlug('pages') }, [{ slug: 'pages', fields: [] }]),
    ).toThrow(/not an auth collection/)
  })

  it('a host’s users collection that already has a displayName text field keeps it as the calendar’s; a field the calendar needs under another meaning is refused by name', () => {
    const withName: CollectionConfig = {
      slug: 'users',
      auth: true,
      fields: [{ name: 'displayName', type: 'text', required: true }],
    }
    const users = collectionOf(build({}, [withName]), 'users')
    const named = users.fields.filter((field) => 'name' in field && field.name === 'displayName')
    expect(named).toEqual([{ name: 'displayName', type: 'text', required: true }])
    expect(fieldNamed(users.fields, 'role')).toBeTruthy()

    const withRole: CollectionConfig = {
      slug: 'users',
      auth: true,
      fields: [{ name: 'role', type: 'text' }],
    }
    expect(() => build({}, [withRole])).toThrow(
      /"users" collection already has a field "role".*usersCollection/,
    )
  })

  it('namespace and restRoot: the root endpoints follow the namespace; impossible ones are refused', () => {
    const config = build({ namespace: '/calendar/v2/', restRoot: '/rest/api/' })
    const options = pluginOptionsOf({ config })
    expect(options).toMatchObject({
      apiRoute: '/api',
      namespace: 'calendar/v2',
      restRoot: 'rest/api',
    })
    // The compatibility API's root endpoints, beside the spreadsheets' (which no option moves).
    expect(new Set(config.endpoints!.map((endpoint) => endpoint.path))).toEqual(
      new Set([
        '/calendar/v2',
        '/calendar/v2/:path*',
        '/calendar-csv/export',
        '/calendar-csv/import',
        '/calendar-csv/preview',
      ]),
    )

    expect(() => build({ namespace: 'events/v1' })).toThrow(/Payload's API route/)
    expect(() => build({ restRoot: 'fr/json' })).toThrow(/language/)
    expect(() => build({ restRoot: '/' })).toThrow(/not a URL path/)
    expect(() => build({ namespace: 'a//b' })).toThrow(/not a URL path/)
    expect(() => build({ languages: ['de'] })).toThrow(/not locales/)
  })

  it('imageHosts: host names and addresses, kept in lower case; a scheme, port or path is refused (honoured in test/image-by-url.test.ts)', () => {
    const options = pluginOptionsOf({
      config: build({ imageHosts: ['Images.Example.org', '10.1.2.3', '[fd00::1]'] }),
    })
    expect(options.imageHosts).toEqual(['images.example.org', '10.1.2.3', '[fd00::1]'])
    expect(pluginOptionsOf({ config: build({}) }).imageHosts).toEqual([])
    for (const host of [
      'http://images.example.org',
      'images.example.org:8443',
      'images.example.org/x',
      '',
    ]) {
      expect(() => build({ imageHosts: [host] }), host).toThrow(/imageHosts/)
    }
  })

  it('passwordGuard: the documented policy by default, each number replaceable; a number that is not a whole one, or too small, is refused (honoured in test/auth-guard.test.ts)', () => {
    expect(pluginOptionsOf({ config: build({}) }).passwordGuard).toEqual({
      accountFreeTries: 5,
      addressFreeTries: 20,
      firstDelayMs: 1_000,
      forgetAfterMs: 3_600_000,
      maxDelayMs: 60_000,
      maxHoldMs: 10_000,
    })
    expect(
      pluginOptionsOf({
        config: build({ passwordGuard: { accountFreeTries: 0, maxHoldMs: undefined } }),
      }).passwordGuard,
    ).toMatchObject({ accountFreeTries: 0, maxHoldMs: 10_000 })
    for (const passwordGuard of [
      { accountFreeTries: -1 },
      { firstDelayMs: 0 },
      { maxDelayMs: 1.5 },
      { lockAfter: 3 },
    ]) {
      expect(() => build({ passwordGuard } as never), JSON.stringify(passwordGuard)).toThrow(
        /eventsCalendarPlugin: passwordGuard\./,
      )
    }
  })

  it('cache: both switches on and every region bounded by default; limits given replace a default one by one; impossible ones are refused (honoured below and in src/calendar/cache/region.spec.ts)', () => {
    expect(pluginOptionsOf({ config: build({}) }).cache).toEqual({
      keepAnswers: true,
      keepReads: true,
      limits: {
        answers: { maxBytes: 64 * 1024 * 1024, maxEntries: 20_000 },
        feeds: { maxBytes: 32 * 1024 * 1024, maxEntries: 1_000 },
        reads: { maxEntries: 5_000 },
      },
    })
    const options = pluginOptionsOf({
      config: build({
        cache: {
          keepAnswers: false,
          limits: { answers: { maxBytes: 1_000_000 }, reads: { maxEntries: 10 } },
        },
      }),
    })
    expect(options.cache).toMatchObject({ keepAnswers: false, keepReads: true })
    expect(options.cache.limits).toMatchObject({
      answers: { maxBytes: 1_000_000, maxEntries: 20_000 },
      reads: { maxEntries: 10 },
    })
    for (const cache of [
      { limits: { events: { maxEntries: 1 } } },
      { limits: { reads: { maxEntries: 0 } } },
      { limits: { feeds: { maxBytes: 1.5 } } },
      { limits: { reads: { maxBytes: 1_000 } } },
      { keepReads: 'false' },
    ]) {
      expect(() => build({ cache } as never), JSON.stringify(cache)).toThrow(
        /eventsCalendarPlugin: cache/,
      )
    }
  })
})

describe('the compatibility API under other options (the test database)', () => {
  let payload: Payload
  let appOptions: SanitizedPluginConfig
  beforeAll(async () => {
    payload = await getTestPayload()
    appOptions = pluginOptionsOf(payload)
  })

  const get = (options: SanitizedPluginConfig, path: string) =>
    answerCompatRequest(payload, options, new Request(`http://site.test${path}`))

  it('another namespace and REST root answer at their path, and not at the old one', async () => {
    const options: SanitizedPluginConfig = {
      ...appOptions,
      namespace: 'calendar/v2',
      restRoot: 'rest/api',
    }
    const list = (await get(options, '/rest/api/calendar/v2/events'))!
    expect(list.status).toBe(200)
    expect(await list.json()).toHaveProperty('events')
    const index = (await get(options, '/fr/rest/api/calendar/v2'))!
    expect(index.status).toBe(200)
    expect(await index.json()).toMatchObject({ namespace: 'calendar/v2' })
    expect((await get(options, '/rest/api/vendor/events/v1/events'))!.status).toBe(404)
    expect(await get(options, '/wp-json/calendar/v2/events')).toBeNull()
    expect(await get(options, '/wp-json/vendor/events/v1/events')).toBeNull()
    // Only the languages of the options have a root, and the default one has none of its own.
    expect(
      await get({ ...options, languages: ['en', 'fr'] }, '/es/rest/api/calendar/v2'),
    ).toBeNull()
    expect(await get(options, '/en/rest/api/calendar/v2')).toBeNull()
  })

  it('a trailing slash answers as without it, under the REST root and under Payload’s API route', async () => {
    for (const [withSlash, without] of [
      ['/api/vendor/events/v1/', '/api/vendor/events/v1'],
      ['/wp-json/vendor/events/v1/', '/wp-json/vendor/events/v1'],
      ['/fr/wp-json/vendor/events/v1/venues/', '/fr/wp-json/vendor/events/v1/venues'],
    ]) {
      const [a, b] = await Promise.all([get(appOptions, withSlash!), get(appOptions, without!)])
      expect(a!.status, withSlash).toBe(200)
      expect(await a!.json(), withSlash).toEqual(await b!.json())
    }
    // Payload's own endpoint matching takes it too: the 308 of the issue is Next's redirect.
    const viaPayload = await handleEndpoints({
      config: payload.config,
      request: new Request('http://site.test/api/vendor/events/v1/'),
    })
    expect(viaPayload.status).toBe(200)
    expect(await viaPayload.json()).toMatchObject({ namespace: 'vendor/events/v1' })
  })

  it('cache: a visitor’s second read is answered from what was kept; keepAnswers: false makes the answer anew; keepReads: false keeps nothing', async () => {
    // Terms: an answer that does not read the clock, so kept beyond the second it was made in.
    const path = '/wp-json/vendor/events/v1/categories'
    const counts = () => {
      const regions = cacheStats(payload).payload
      const answers = regions.find((region) => region.name === 'answers')
      const used = regions.reduce((sum, region) => sum + region.hits + region.misses, 0)
      return { answered: answers?.hits ?? 0, used }
    }
    const twice = async (options: SanitizedPluginConfig) => {
      expect((await get(options, path))!.status).toBe(200)
      const before = counts()
      expect((await get(options, path))!.status).toBe(200)
      const after = counts()
      return { answered: after.answered - before.answered, used: after.used - before.used }
    }
    expect((await twice(appOptions)).answered).toBe(1)
    const withoutAnswers = await twice({
      ...appOptions,
      cache: { ...appOptions.cache, keepAnswers: false },
    })
    expect(withoutAnswers.answered).toBe(0)
    expect(withoutAnswers.used).toBeGreaterThan(0)
    expect(
      await twice({ ...appOptions, cache: { ...appOptions.cache, keepReads: false } }),
    ).toEqual({ answered: 0, used: 0 })
  })

  it('the Express middleware serves the namespace under /api with a trailing slash, and passes everything through when disabled', async () => {
    const serve = async (options: SanitizedPluginConfig) => {
      const app = express()
      app.use(compatMiddleware(async () => payload, options))
      app.use((_req, res) => void res.status(418).send('next handler'))
      const server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
    }
    const on = await serve(appOptions)
    const off = await serve({ ...appOptions, disabled: true })
    try {
      const slash = await fetch(`${on.url}/api/vendor/events/v1/`, { redirect: 'manual' })
      expect(slash.status).toBe(200)
      expect(await slash.json()).toMatchObject({ namespace: 'vendor/events/v1' })
      expect((await fetch(`${on.url}/api/users`)).status).toBe(418)
      for (const path of [
        '/wp-json/vendor/events/v1/events',
        '/fr/wp-json/vendor/events/v1',
        '/api/vendor/events/v1/',
      ]) {
        expect((await fetch(`${off.url}${path}`)).status, path).toBe(418)
      }
    } finally {
      await Promise.all(
        [on, off].map(({ server }) => new Promise((resolve) => server.close(resolve))),
      )
    }
  })

  it('the fetch handler and the Next routes answer nothing when the plugin is disabled', async () => {
    expect(
      await get({ ...appOptions, disabled: true }, '/wp-json/vendor/events/v1/events'),
    ).toBeNull()
    const disabledPayload = {
      config: { ...payload.config, custom: { eventsCalendar: { ...appOptions, disabled: true } } },
    } as unknown as Payload
    expect(
      await createEventsCalendarHandler(async () => disabledPayload)(
        new Request('http://site.test/wp-json/vendor/events/v1'),
      ),
    ).toBeNull()
  })

  it('the Next route handlers serve every root of the config and 404 the rest', async () => {
    const routes = eventsCalendarRoutes(payload.config)
    expect(Object.keys(routes).sort()).toEqual(['DELETE', 'GET', 'OPTIONS', 'PATCH', 'POST', 'PUT'])
    const events = await routes.GET(new Request('http://site.test/wp-json/vendor/events/v1/events'))
    expect(events.status).toBe(200)
    expect(await events.json()).toHaveProperty('events')
    expect(
      (await routes.GET(new Request('http://site.test/es/wp-json/vendor/events/v1'))).status,
    ).toBe(200)
    expect(
      (await routes.GET(new Request('http://site.test/de/wp-json/vendor/events/v1'))).status,
    ).toBe(404)
    const created = await routes.POST(
      new Request('http://site.test/wp-json/vendor/events/v1/venues', {
        body: JSON.stringify({ venue: 'Nowhere' }),
        headers: { 'content-type': 'application/json' },
        method: 'POST',
      }),
    )
    expect(created.status).toBe(401)
  })

  it('the fetch handler serves WordPress’s ?rest_route= form at the site root too', async () => {
    const handle = createEventsCalendarHandler(async () => payload)
    const events = await handle(
      new Request('http://site.test/?rest_route=/vendor/events/v1/events'),
    )
    expect(events?.status).toBe(200)
    expect(await events!.json()).toHaveProperty('events')
    expect(await handle(new Request('http://site.test/?page=2'))).toBeNull()
  })
})

describe('the Next config helper (payload-events-calendar/next-config)', () => {
  /** Next's own validation and matching of redirects (`next/dist/lib/load-custom-routes.js`, `build-custom-route.js`). */
  const redirectOf = async (nextConfig: Record<string, unknown>) => {
    const { default: loadCustomRoutes } = await import('next/dist/lib/load-custom-routes.js')
    const { buildCustomRoute } = await import('next/dist/lib/build-custom-route.js')
    const { redirects } = await loadCustomRoutes(nextConfig as never)
    const built = redirects.map(
      (route) => buildCustomRoute('redirect', route as never, ['/_next']) as { regex: string },
    )
    return (path: string) => built.some((route) => new RegExp(route.regex).test(path))
  }
  let helper: typeof import('../../src/exports/nextConfig.js')
  beforeAll(async () => {
    helper = await import('../../src/exports/nextConfig.js')
  })

  it('without it Next redirects the API’s trailing slash; with it only the API is spared', async () => {
    const plain = await redirectOf({})
    expect(plain('/api/vendor/events/v1/')).toBe(true)
    expect(plain('/wp-json/vendor/events/v1/events/')).toBe(true)

    const redirected = await redirectOf(
      helper.withEventsCalendar({}, { languages: ['en', 'fr', 'es'] }),
    )
    for (const path of [
      '/api/vendor/events/v1/',
      '/wp-json/vendor/events/v1/events/',
      '/fr/wp-json/',
      '/es/wp-json/vendor/events/v1/',
    ]) {
      expect(redirected(path), path).toBe(false)
    }
    for (const path of ['/about/', '/api/users/', '/wp-jsonx/', '/de/wp-json/x/', '/fr/about/']) {
      expect(redirected(path), path).toBe(true)
    }
    expect(redirected('/about')).toBe(false)
  })

  it('with trailingSlash: true, adding the slash spares the API too; the site’s own redirects follow', async () => {
    const own = { source: '/old', destination: '/new', permanent: true }
    const config = helper.withEventsCalendar(
      { trailingSlash: true, redirects: async () => [own] },
      { namespace: 'calendar/v2', restRoot: 'rest' },
    )
    const redirected = await redirectOf(config)
    expect(redirected('/about')).toBe(true)
    expect(redirected('/rest/calendar/v2/events')).toBe(false)
    expect(redirected('/api/calendar/v2')).toBe(false)
    expect((await config.redirects!()).at(-1)).toEqual(own)
  })
})

/** A slug of another host app: this repository's generated types (payload-types.ts) only know its own collections. */
function otherHostSlug(slug: string): CollectionSlug {
  return slug as CollectionSlug
}
