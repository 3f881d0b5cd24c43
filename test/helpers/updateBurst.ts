import type { CollectionSlug, Payload } from 'payload'

import type { TestUser } from './payload'

import { basic } from './http'
import { plainDoc } from '../../src/lib/plainDoc'

/** How long one request of a burst may take before it counts as hung. */
const HUNG_AFTER_MS = 25_000
/** The address the bystander's reads come from, through a proxy the test's server trusts. */
const BYSTANDER = '192.0.2.77'

type Api = { url: string }

/** One field a burst writes, as each API names it, and where the stored value is. */
type Field = {
  compat: string
  rest: string
  locale?: string
  value: (n: number) => boolean | string
}

const localized = (name: string, locale: string): Field => ({
  compat: name,
  rest: name,
  locale,
  value: (n) => `${name}-${locale}-${n}`,
})

/** Fields any author may write on their own draft, each with values that say which request wrote them. */
const FIELDS: Field[] = [
  ...['en', 'fr', 'es'].flatMap((locale) => [
    localized('title', locale),
    localized('excerpt', locale),
  ]),
  { compat: 'cost', rest: 'cost', value: (n) => String(n) },
  { compat: 'website', rest: 'website', value: (n) => `https://w${n}.example` },
  { compat: 'show_map', rest: 'showMap', value: () => true },
  { compat: 'show_map_link', rest: 'showMapLink', value: () => true },
]

const fieldKey = (field: Field) => `${field.rest}${field.locale ? `.${field.locale}` : ''}`

export type Answer = {
  api: 'compat' | 'rest'
  body: unknown
  field: string
  status: number | 'hung'
  value: unknown
}
export type Burst = {
  answers: Answer[]
  /** Fields whose stored value is not one an acknowledged request wrote (or, with none, not the one they had). */
  lostWrites: { acknowledged: unknown[]; field: string; stored: unknown }[]
  slowestOtherRead: number
}

export async function signIn(api: Api, user: TestUser): Promise<string> {
  const response = await fetch(`${api.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  return ((await response.json()) as { token: string }).token
}

/**
 * 100 updates of one event at once, through the compatibility API (Basic) and Payload's REST API
 * (Basic and JWT) in turn, each writing one field with a value of its own; meanwhile and after,
 * another client's reads of another event (serve the API with `trustProxy: ['loopback']`). Reports every answer, how long the slowest read took, and any
 * acknowledged write the event no longer shows.
 */
export async function burstOfUpdates(args: {
  api: Api
  eventId: number
  otherEventId: number
  payload: Payload
  token: string
  user: TestUser
}): Promise<Burst> {
  const { api, eventId, otherEventId, payload, token, user } = args
  // A translation needs its title before anything else of it validates: given beforehand, every
  // write of the burst is valid whatever order they land in.
  for (const locale of ['fr', 'es']) {
    await payload.update({
      collection: 'events' as CollectionSlug,
      data: { title: `title-${locale}` } as never,
      id: eventId,
      locale: locale as never,
    })
  }
  const before = await storedFields(payload, eventId)
  const writes = Array.from({ length: 100 }, (_, n) => update(n))
  const reads = [300, 1_000, 2_000].map(async (delay) => {
    await new Promise((resolve) => setTimeout(resolve, delay))
    return timedRead()
  })
  const answers = await Promise.all(writes)
  const slowest = Math.max(...(await Promise.all(reads)), await timedRead())

  const after = await storedFields(payload, eventId)
  const lostWrites = FIELDS.map(fieldKey).flatMap((field) => {
    const acknowledged = answers
      .filter((answer) => answer.field === field && answer.status === 200)
      .map((answer) => answer.value)
    const stored = after[field]
    const kept = acknowledged.length ? acknowledged.includes(stored) : stored === before[field]
    return kept ? [] : [{ acknowledged, field, stored }]
  })
  return { answers, lostWrites, slowestOtherRead: slowest }

  async function update(n: number): Promise<Answer> {
    const field = FIELDS[n % FIELDS.length]!
    const value = field.value(n)
    const viaCompat = n % 3 === 0
    const root = field.locale && field.locale !== 'en' ? `/${field.locale}` : ''
    const request = viaCompat
      ? fetch(`${api.url}${root}/wp-json/vendor/events/v1/events/${eventId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...basic(user.email, user.password) },
          body: JSON.stringify({ [field.compat]: value }),
          signal: AbortSignal.timeout(HUNG_AFTER_MS),
        })
      : fetch(`${api.url}/api/events/${eventId}${field.locale ? `?locale=${field.locale}` : ''}`, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/json',
            ...(n % 3 === 1 ? basic(user.email, user.password) : { Authorization: `JWT ${token}` }),
          },
          body: JSON.stringify({ [field.rest]: value }),
          signal: AbortSignal.timeout(HUNG_AFTER_MS),
        })
    const api_ = viaCompat ? 'compat' : 'rest'
    try {
      const response = await request
      const text = await response.text()
      return {
        api: api_,
        body: parse(text),
        field: fieldKey(field),
        status: response.status,
        value,
      }
    } catch {
      return { api: api_, body: null, field: fieldKey(field), status: 'hung', value }
    }
  }

  /** How long reading another event takes through each API, the slower of the two. */
  async function timedRead(): Promise<number> {
    const started = Date.now()
    const paths = [
      `/wp-json/vendor/events/v1/events/${otherEventId}`,
      `/api/events/${otherEventId}`,
    ]
    const statuses = await Promise.all(
      // Another client (the server trusts the loopback proxy): one client's burst waits in its own line, not others'.
      paths.map((path) =>
        fetch(`${api.url}${path}`, {
          headers: { 'x-forwarded-for': BYSTANDER },
          signal: AbortSignal.timeout(HUNG_AFTER_MS),
        }).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    )
    const took = Date.now() - started
    return statuses.every((status) => status === 200) ? took : Number.POSITIVE_INFINITY
  }
}

async function storedFields(payload: Payload, id: number): Promise<Record<string, unknown>> {
  const doc = await payload
    .findByID({ collection: 'events' as CollectionSlug, depth: 0, id, locale: 'all' })
    .then(plainDoc)
  return Object.fromEntries(
    FIELDS.map((field) => {
      const stored = doc[field.rest]
      const value = field.locale
        ? (stored as Record<string, unknown> | null)?.[field.locale]
        : stored
      return [fieldKey(field), value ?? null]
    }),
  )
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
