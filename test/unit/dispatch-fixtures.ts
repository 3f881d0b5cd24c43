import type { Payload } from 'payload'

import type { CompatRequest } from '../../endpoints/dispatch'
import type { RestContext } from '../../endpoints/context'
import type { Exchange } from '../../endpoints/dispatch/exchange'

import { startExchange } from '../../endpoints/dispatch/exchange'
import { sanitizeOptions } from '../../src/sanitizeOptions'

/*
 * What the dispatch stages' unit specs share: plugin options as the plugin sanitizes them, a
 * request, and a Payload reduced to what the stages touch (its auth strategies, the config that
 * `createLocalReq` reads, the secret, the logger); no database, so nothing is kept for visitors.
 */

export const NOW = new Date('2026-11-21T00:37:04Z')

export const options = sanitizeOptions(
  {
    clock: () => NOW,
    languages: ['en', 'fr'],
    siteTimezone: 'America/New_York',
    siteUrl: 'https://calendar.example',
  },
  { localization: { defaultLocale: 'en', locales: ['en', 'fr'] } as never, routes: {} },
)

export const REST_BASE = 'https://calendar.example/wp-json'

export function compatRequest(
  overrides: Partial<Omit<CompatRequest, 'headers'>> & { headers?: Record<string, string> } = {},
): CompatRequest {
  const { headers, ...rest } = overrides
  return {
    method: 'GET',
    path: '/',
    query: '',
    restBase: REST_BASE,
    ...rest,
    headers: new Headers(headers),
  }
}

export function exchangeFor(
  request: CompatRequest,
  method = request.method.toUpperCase(),
): Exchange {
  return startExchange(request, method, options.defaultLanguage)
}

/** The password of `editor` over HTTP Basic, one of the two credentials the fake Payload accepts. */
export const EDITOR_BASIC = `Basic ${Buffer.from('editor:right').toString('base64')}`
/** The session token the fake Payload accepts as `Authorization: JWT`, as Payload's `local-jwt` strategy would. */
export const EDITOR_SESSION = 'editor-session-token'
export const EDITOR = { collection: 'users', id: 7, role: 'editor' }

export type FakePayload = Payload & { errors: unknown[] }

export function fakePayload(): FakePayload {
  const errors: unknown[] = []
  return {
    authStrategies: [
      {
        name: 'basic',
        authenticate: ({ headers }: { headers: Headers }) => ({
          user:
            headers.get('authorization') === EDITOR_BASIC
              ? { ...EDITOR, _strategy: 'basic' }
              : null,
        }),
      },
      {
        name: 'local-jwt',
        authenticate: ({ headers }: { headers: Headers }) => ({
          user:
            headers.get('authorization') === `JWT ${EDITOR_SESSION}`
              ? { ...EDITOR, _strategy: 'local-jwt' }
              : null,
        }),
      },
    ],
    config: {
      admin: { user: 'users' },
      cookiePrefix: 'payload',
      i18n: {
        fallbackLanguage: 'en',
        supportedLanguages: { en: { dateFNSKey: 'en-US', translations: {} } },
        translations: {},
      },
      localization: {
        defaultLocale: 'en',
        fallback: true,
        localeCodes: ['en', 'fr'],
        locales: [{ code: 'en' }, { code: 'fr' }],
      },
    },
    db: {},
    errors,
    logger: { error: (entry: unknown) => errors.push(entry) },
    secret: 'unit-secret',
  } as unknown as FakePayload
}

/** A controller context without a Payload request, for the stages that only pass it on. */
export function restContextFor(fields: Partial<RestContext> = {}): RestContext {
  return {
    args: {},
    body: undefined,
    headers: new Headers(),
    language: 'en',
    method: 'GET',
    now: NOW,
    options,
    params: {},
    payload: fakePayload(),
    query: {},
    req: {} as RestContext['req'],
    restBase: REST_BASE,
    routes: [],
    user: null,
    ...fields,
  }
}
