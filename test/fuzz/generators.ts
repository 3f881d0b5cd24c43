import { lexicalParagraph } from '../helpers/lexical'

/** Random hostile requests for the campaign of `test/fuzz/run.ts`, from a seeded generator (repeatable). */

export type Rng = () => number

/** mulberry32: small, fast and good enough to pick test inputs. */
export function rng(seed: number): Rng {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type FuzzRequest = {
  body?: string
  /** The Payload collection the request writes to, for following acknowledged writes. */
  collection?: string
  contentType?: string
  method: string
  path: string
  surface: 'compat' | 'graphql' | 'rest'
}

export type SeededIds = Record<
  'event-categories' | 'event-tags' | 'events' | 'organizers' | 'venues',
  number[]
>

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 it would be on the wire. */
const encode = (text: string): string => {
  try {
    return encodeURIComponent(text)
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80'
  }
}

const pick = <T>(random: Rng, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const chance = (random: Rng, p: number) => random() < p

/** Values that have broken parsers, queries and renderers before (`test/api/hostile-input.test.ts`, issue 12). */
const NASTY = [
  "' OR 1=1 --",
  '"; DROP TABLE events; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '𝕳𝖊𝖑𝖑𝖔 🎉 ñ ü 中文',
  '\ud800',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '1',
  '1.5',
  '0.5',
  '1e309',
  '1e+21',
  '0x10',
  '-0',
  '2147483647',
  '2147483648',
  '-2147483649',
  '99999999999',
  '9999999999999999999999',
  '2026-13-45',
  '0000-00-00',
  '0000-00-00 00:00:00',
  '-100000 years',
  '+100000 years',
  '@-99999999999',
  '@99999999999999',
  'tomorrow 25pm',
  '9999-12-31 23:59:59',
  '0001-01-01',
  '10000-01-01',
  '-001000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2027-01-01T10:00:00Z',
  'next monday',
  '[]',
  '{}',
  'null',
  'true',
  'false',
  ' ',
  '',
  'a'.repeat(5000),
  'abc',
  'versions',
  'me',
  'count',
] as const

function nastyString(random: Rng): string {
  if (chance(random, 0.15))
    return String(Math.floor(random() * 2 ** 40) * (chance(random, 0.3) ? -1 : 1))
  if (chance(random, 0.1))
    return Array.from({ length: Math.floor(random() * 12) }, () =>
      String.fromCharCode(Math.floor(random() * 0xffff)),
    ).join('')
  return pick(random, NASTY)
}

function nastyValue(random: Rng, depth = 0): unknown {
  const roll = random()
  if (roll < 0.45 || depth > 2) return nastyString(random)
  if (roll < 0.6)
    return pick(random, [
      0,
      -1,
      1,
      2147483648,
      99999999999,
      1e21,
      0.5,
      -0.5,
      Number.MAX_SAFE_INTEGER,
    ])
  if (roll < 0.68) return pick(random, [true, false, null])
  if (roll < 0.84)
    return Array.from({ length: Math.floor(random() * 4) }, () => nastyValue(random, depth + 1))
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 3) }, () => [
      pick(random, ['id', 'name', 'venue', 'organizer', 'relationTo', 'value', 'root']),
      nastyValue(random, depth + 1),
    ]),
  )
}

const idOrNasty = (random: Rng, ids: number[]): unknown =>
  chance(random, 0.5) && ids.length ? pick(random, ids) : nastyValue(random)

/* ---------------- the compatibility API ---------------- */

const COMPAT_PARAMS = [
  'page',
  'per_page',
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
  'strict_dates',
  'search',
  'categories',
  'tags',
  'venue',
  'organizer',
  'featured',
  'status',
  'geoloc',
  'geoloc_lat',
  'geoloc_lng',
  'include',
  'post_parent',
  'ticketed',
  'event',
  'has_events',
  'only_with_upcoming',
  'exclude',
  'order',
  'orderby',
  'hide_empty',
  'parent',
  'post',
  'slug',
  'password',
  'i18n_language',
  'title',
  'description',
  'all_day',
  'timezone',
  'cost',
  'website',
  'image',
  'date',
  'date_utc',
  'author',
  'name',
  'address',
  'city',
  'country',
  'email',
  'phone',
  'show_map',
]
const COMPAT_BASES = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  categories: 'event-categories',
  tags: 'event-tags',
} as const

function compatRequest(random: Rng, ids: SeededIds): FuzzRequest {
  const base = pick(random, Object.keys(COMPAT_BASES)) as keyof typeof COMPAT_BASES
  const collection = COMPAT_BASES[base]
  const target = chance(random, 0.5)
    ? ''
    : `/${encodeURIComponent(String(idOrNasty(random, ids[collection])).replace(/[\ud800-\udfff]/g, ''))}`
  const method = pick(random, ['GET', 'GET', 'GET', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE'])
  const entries = Array.from(
    { length: Math.floor(random() * 6) },
    () => [pick(random, COMPAT_PARAMS), nastyValue(random)] as const,
  )
  const root = pick(random, ['/wp-json', '/fr/wp-json', '/es/wp-json'])
  if (method === 'GET') {
    const query = entries
      .map(
        ([key, value]) =>
          `${key}=${encode(typeof value === 'string' ? value : JSON.stringify(value))}`,
      )
      .join('&')
    return { method, path: `${root}/vendor/events/v1/${base}${target}?${query}`, surface: 'compat' }
  }
  const body: Record<string, unknown> = Object.fromEntries(entries)
  // Most writes are otherwise valid, so that the hostile value is what decides.
  if (base === 'events' && chance(random, 0.7))
    Object.assign(body, {
      title: body.title ?? 'fuzz event',
      start_date: body.start_date ?? '2027-05-01 10:00:00',
      end_date: body.end_date ?? '2027-05-01 11:00:00',
    })
  if (base !== 'events' && chance(random, 0.7))
    body[base === 'venues' ? 'venue' : base === 'organizers' ? 'organizer' : 'name'] ??= 'fuzz item'
  const form = chance(random, 0.2)
  return {
    body: form
      ? new URLSearchParams(
          Object.entries(body).map(([key, value]) => [key, String(value)]),
        ).toString()
      : JSON.stringify(body),
    collection,
    contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
    method,
    path: `${root}/vendor/events/v1/${base}${target}`,
    surface: 'compat',
  }
}

/* ---------------- Payload's REST API ---------------- */

const REST_COLLECTIONS = [
  'events',
  'venues',
  'organizers',
  'event-categories',
  'event-tags',
  'media',
  'users',
  'application-passwords',
  'payload-preferences',
  'payload-locked-documents',
  'payload-jobs',
  'payload-migrations',
  'payload-kv',
  'nope',
]
const FIELDS: Record<string, string[]> = {
  events: [
    'id',
    'title',
    'startDate',
    'endDate',
    'timezone',
    'allDay',
    'venue',
    'organizers',
    'description',
    'excerpt',
    'cost',
    'website',
    'categories',
    'tags',
    'status',
    'slug',
    'password',
    'publishedAt',
    'author',
    'featured',
    'venue.title',
    'venue.name',
    'venue.latitude',
    'categories.name',
    'costDetails.values',
    'title.en',
    'createdAt',
    'updatedAt',
    'nope',
  ],
  venues: [
    'id',
    'name',
    'address',
    'city',
    'latitude',
    'longitude',
    'status',
    'password',
    'publishedAt',
    'description',
    'image',
    'author',
  ],
  organizers: ['id', 'name', 'email', 'phone', 'status', 'password', 'description'],
}
const OPERATORS = [
  'equals',
  'not_equals',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'like',
  'not_like',
  'contains',
  'near',
  'within',
  'intersects',
  'bogus',
]

function restQuery(random: Rng, collection: string): string {
  const fields = FIELDS[collection] ?? ['id', 'name', 'title']
  const parts: string[] = []
  for (let index = Math.floor(random() * 4); index > 0; index--) {
    const value = nastyValue(random)
    const field = pick(random, fields)
    const operator = pick(random, OPERATORS)
    const prefix = chance(random, 0.2) ? `where[or][0][and][0]` : 'where'
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    parts.push(`${prefix}[${field}][${operator}]=${encode(text)}`)
  }
  for (const name of [
    'page',
    'limit',
    'depth',
    'sort',
    'locale',
    'draft',
    'select[title]',
    'populate',
    'joins',
    'trash',
    'pagination',
    'where',
  ]) {
    if (chance(random, 0.12)) parts.push(`${name}=${encode(String(nastyValue(random)))}`)
  }
  return parts.join('&')
}

function restBody(random: Rng, collection: string, ids: SeededIds): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  if (collection === 'events' && chance(random, 0.7))
    Object.assign(body, {
      title: 'fuzz event',
      startDate: '2027-06-01T10:00:00Z',
      endDate: '2027-06-01T11:00:00Z',
    })
  if (
    ['venues', 'organizers', 'event-categories', 'event-tags'].includes(collection) &&
    chance(random, 0.7)
  )
    body.name = 'fuzz item'
  const fields = [...(FIELDS[collection] ?? ['name', 'title']), 'description']
  for (let index = Math.floor(random() * 4); index > 0; index--) {
    const field = pick(random, fields).split('.')[0]!
    body[field] =
      field === 'description'
        ? lexicalParagraph(String(nastyValue(random)))
        : ['venue', 'organizers', 'categories', 'tags'].includes(field)
          ? idOrNasty(
              random,
              ids[
                field === 'venue'
                  ? 'venues'
                  : field === 'organizers'
                    ? 'organizers'
                    : field === 'categories'
                      ? 'event-categories'
                      : 'event-tags'
              ],
            )
          : nastyValue(random)
  }
  return body
}

function restRequest(random: Rng, ids: SeededIds): FuzzRequest {
  const collection = pick(random, REST_COLLECTIONS)
  const known = (ids as Record<string, number[]>)[collection] ?? []
  const tail = pick(random, [
    '',
    '',
    '',
    'id',
    'id',
    'versions',
    'versions/1',
    'count',
    'me',
    'abc/duplicate',
    'id/duplicate',
  ])
  const segment =
    tail === 'id'
      ? encodeURIComponent(String(idOrNasty(random, known)).replace(/[\ud800-\udfff]/g, ''))
      : tail === 'id/duplicate'
        ? `${pick(random, known.length ? known : [1])}/duplicate`
        : tail
  const method = pick(random, [
    'GET',
    'GET',
    'GET',
    'POST',
    'PATCH',
    'DELETE',
    'PUT',
    'OPTIONS',
    'PROPFIND',
  ])
  const path = `/api/${collection}${segment ? `/${segment}` : ''}?${restQuery(random, collection)}`
  if (['GET', 'OPTIONS', 'PROPFIND'].includes(method)) return { method, path, surface: 'rest' }
  const raw = chance(random, 0.05)
  return {
    body: raw
      ? pick(random, [
          '{"title":',
          '[1,2',
          'null',
          '"x"',
          '{"endDate":NaN}',
          `${'['.repeat(3000)}${']'.repeat(3000)}`,
        ])
      : JSON.stringify(restBody(random, collection, ids)),
    collection,
    method,
    path,
    surface: 'rest',
  }
}

/* ---------------- GraphQL ---------------- */

const gqlValue = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0'
  if (typeof value === 'boolean' || value === null) return String(value)
  if (Array.isArray(value)) return `[${value.map(gqlValue).join(', ')}]`
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${key}: ${gqlValue(item)}`)
      .join(', ')}}`
  return 'null'
}

function graphqlRequest(random: Rng, ids: SeededIds): FuzzRequest {
  const [plural, single, collection] = pick(random, [
    ['Events', 'Event', 'events'],
    ['Venues', 'Venue', 'venues'],
    ['Organizers', 'Organizer', 'organizers'],
  ] as const)
  const fields =
    collection === 'events'
      ? 'id title startDate endDate description excerpt status'
      : 'id name description status'
  const field = pick(
    random,
    (FIELDS[collection] ?? ['id']).filter((name) => !name.includes('.')),
  )
  const operator = pick(
    random,
    OPERATORS.filter((name) => name !== 'bogus'),
  )
  const id = idOrNasty(random, ids[collection])
  const query = pick(random, [
    () =>
      `{ ${plural}(where: { ${field}: { ${operator}: ${gqlValue(nastyValue(random))} } }, page: ${gqlValue(nastyValue(random))}, limit: ${gqlValue(nastyValue(random))}) { docs { ${fields} } totalDocs } }`,
    () =>
      `{ ${plural}(page: ${Math.floor(random() * 2 ** 33) - 2 ** 32}, limit: ${Math.floor(random() * 50) - 5}, sort: ${gqlValue(nastyString(random))}) { docs { ${fields} } } }`,
    () => `{ ${single}(id: ${gqlValue(id)}) { ${fields} } }`,
    () => `{ ${single}(id: ${gqlValue(id)}, draft: true) { ${fields} } }`,
    () =>
      `mutation { create${single}(data: { ${collection === 'events' ? `title: "fuzz", startDate: ${gqlValue(pick(random, [nastyString(random), '2027-07-01T10:00:00Z']))}, endDate: ${gqlValue(pick(random, [nastyString(random), '2027-07-01T11:00:00Z']))}` : 'name: "fuzz"'} }) { id } }`,
    () =>
      `mutation { update${single}(id: ${gqlValue(id)}, data: { ${collection === 'events' ? 'title' : 'name'}: ${gqlValue(nastyString(random))} }) { id } }`,
    () => `mutation { delete${single}(id: ${gqlValue(id)}) { id } }`,
    () => nastyString(random),
    () => `{ ${plural} { docs { ${'id '.repeat(500)} } } }`,
  ])()
  const body = chance(random, 0.05)
    ? pick(random, [
        '{',
        '[]',
        'null',
        '{"query": 1}',
        '{"query": "{ __schema { types { name } } }"}',
      ])
    : JSON.stringify({ query, variables: chance(random, 0.1) ? nastyValue(random) : undefined })
  return {
    body,
    collection,
    method: chance(random, 0.03) ? 'PUT' : 'POST',
    path: '/api/graphql',
    surface: 'graphql',
  }
}

export function hostileRequest(random: Rng, ids: SeededIds): FuzzRequest {
  const roll = random()
  if (roll < 0.4) return compatRequest(random, ids)
  if (roll < 0.8) return restRequest(random, ids)
  return graphqlRequest(random, ids)
}
