import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { readdirSync, readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'

import type { TestUser } from './payload'

import { requireDrizzle } from '../../src/db/payloadInternals/adapter'
import { POST_COLLECTIONS, TERM_COLLECTIONS } from '../../src/slugs'
import { basic } from './http'

/*
 * Replays the recorded requests of the original API (test/fixtures/reference, a copy of the
 * reference set we were given) against ours and compares the answers. The original's site and ours
 * differ in a few things that are not behaviour: the site URL and host, the namespace, and the
 * ids the database handed out. Requests are translated into our terms before they are sent, and
 * expected answers are translated the same way before they are compared; everything else must
 * be equal. See test/api/contract.test.ts for the list of what is not compared and why.
 */

// ---------------------------------------------------------------------------------------------
// Fixtures

export type Auth =
  | 'application-password:admin'
  | 'application-password:contributor'
  | 'invalid-application-password:admin'
  | 'none'

export type RecordedRequest = {
  auth: Auth
  body: unknown
  /** Request headers besides the sign-in (the differential fixtures send `Origin` for CORS). */
  headers?: Record<string, string>
  method: string
  /**
   * Under the original's namespace, e.g. `/wp-json/tribe/events/v1/events/36`; the differential
   * fixtures (test/fixtures/oracle) also use the site index `/wp-json/` and the site root `/` or
   * `/index.php` with a `rest_route` query parameter.
   */
  path: string
  /** A list stands for a repeated key (`_fields[]=a&_fields[]=b`). */
  query: Record<string, boolean | number | string | (number | string)[]>
}

export type RecordedResponse = { body: unknown; headers: Record<string, string>; status: number }

export type Capture = {
  /**
   * `expected-ours/<name>` when that file exists (`docs/compatibility.md`,
   * "How the contract test holds us to this"), else the original's answer.
   */
  expected: RecordedResponse
  expectedFrom: 'expected-ours' | 'responses'
  name: string
  request: RecordedRequest
}

export type SeedRequest = {
  body: Record<string, unknown>
  method: string
  path: string
  peer_id: number
}

const REFERENCE = new URL('../fixtures/reference/', import.meta.url)
/** The original's answers recorded with the oracle, class by class (test/api/oracle.test.ts). */
export const ORACLE_FIXTURES = new URL('../fixtures/oracle/', import.meta.url)

const readJson = (relative: string, base: URL = REFERENCE) =>
  JSON.parse(readFileSync(new URL(relative, base), 'utf8'))

/** The captures of a fixture set (`responses/`, with `expected-ours/` where we differ), in file order. */
export function loadCaptures(FIXTURES: URL = REFERENCE): Capture[] {
  const readJson = (relative: string) =>
    JSON.parse(readFileSync(new URL(relative, FIXTURES), 'utf8'))
  const oursDir = new URL('expected-ours/', FIXTURES)
  let oursNames: string[] = []
  try {
    oursNames = readdirSync(oursDir)
  } catch {
    // a fixture set without deliberate differences
  }
  const ours = new Set(oursNames.filter((name) => name.endsWith('.json')))
  return readdirSync(new URL('responses/', FIXTURES))
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const recorded = readJson(`responses/${name}`) as {
        request: RecordedRequest
        response: RecordedResponse
      }
      if (!ours.has(name))
        return {
          name,
          request: recorded.request,
          expected: recorded.response,
          expectedFrom: 'responses' as const,
        }
      const patched = readJson(`expected-ours/${name}`) as {
        request: RecordedRequest
        response: RecordedResponse
      }
      if (!isDeepStrictEqual(patched.request, recorded.request))
        throw new Error(`expected-ours/${name} was made for another request than responses/${name}`)
      return {
        name,
        request: recorded.request,
        expected: patched.response,
        expectedFrom: 'expected-ours' as const,
      }
    })
}

export function loadSeeds(): SeedRequest[] {
  return (readJson('seed-requests.json') as { requests: SeedRequest[] }).requests
}

// ---------------------------------------------------------------------------------------------
// The two sites

export const PEER = {
  origin: 'http://127.0.0.1:8089',
  host: '127.0.0.1',
  namespace: 'tribe/events/v1',
} as const
export const OURS = {
  origin: 'http://localhost:3000',
  host: 'localhost',
  namespace: 'vendor/events/v1',
} as const

/** Posts (events, venues, organizers) share one id space, terms (categories, tags) another. */
export type Kind = 'post' | 'term'

const RESOURCE_KIND: Record<string, Kind> = {
  categories: 'term',
  events: 'post',
  organizers: 'post',
  tags: 'term',
  venues: 'post',
}

/** peer id ↔ our id, for posts and for terms separately; both directions must stay one-to-one. */
export class IdMap {
  private readonly forward = { post: new Map<number, number>(), term: new Map<number, number>() }
  private readonly backward = { post: new Map<number, number>(), term: new Map<number, number>() }

  record(kind: Kind, peer: number, ours: number): void {
    const known = this.forward[kind].get(peer)
    if (known !== undefined && known !== ours)
      throw new Error(`peer ${kind} ${peer} is already our ${known}, cannot also be our ${ours}`)
    const owner = this.backward[kind].get(ours)
    if (owner !== undefined && owner !== peer)
      throw new Error(
        `our ${kind} ${ours} already stands for peer ${owner}, cannot also stand for peer ${peer}`,
      )
    this.forward[kind].set(peer, ours)
    this.backward[kind].set(ours, peer)
  }

  ours(kind: Kind, peer: number): number | undefined {
    return this.forward[kind].get(peer)
  }

  peer(kind: Kind, ours: number): number | undefined {
    return this.backward[kind].get(ours)
  }

  entries(kind: Kind): [number, number][] {
    return [...this.forward[kind].entries()]
  }
}

export type ReplayContext = {
  admin: TestUser
  /** The original's user 2, a contributor (test/fixtures/oracle/record.py), when a replay needs one. */
  contributor?: TestUser
  /** Base URL of our API server, e.g. `http://127.0.0.1:53211`. */
  api: string
  ids: IdMap
  /** The highest id of each kind that occurs anywhere in the reference; higher ids are "unknown id" probes (999999). */
  maxPeerId: Record<Kind, number>
  payload: Payload
  /** Ids that existed before the replay started: other test files' data, never compared. */
  preexisting: Record<Kind, Set<number>>
  /** peer slug → our slug, only where another test file's item already held the slug (see refreshSlugAliases). */
  slugAliases: Record<Kind, Map<string, string>>
  /** The slug each peer item has in the captures. */
  peerSlugs: Record<Kind, Map<number, string>>
  /** The original's user 1 (the administrator that made everything) is our `admin`. */
  users: Map<number, number>
}

export async function snapshotIds(payload: Payload): Promise<Record<Kind, Set<number>>> {
  const ofCollections = async (slugs: readonly string[]) => {
    const ids = new Set<number>()
    for (const collection of slugs) {
      const { docs } = await payload.find({
        collection: collection as never,
        depth: 0,
        limit: 0,
        pagination: false,
        overrideAccess: true,
      })
      for (const doc of docs as { id: number }[]) ids.add(Number(doc.id))
    }
    return ids
  }
  const posts = await ofCollections(POST_COLLECTIONS)
  // A series of another file lists one item per occurrence, each with an id of its own.
  const { rows } = await requireDrizzle(payload).execute(
    sql`SELECT "id" FROM "calendar_occurrences"`,
  )
  for (const row of rows as { id: number | string }[]) posts.add(Number(row.id))
  return { post: posts, term: await ofCollections(TERM_COLLECTIONS) }
}

export async function createReplayContext(args: {
  admin: TestUser
  api: string
  captures?: Capture[]
  contributor?: TestUser
  payload: Payload
}): Promise<ReplayContext> {
  const captures = args.captures ?? loadCaptures()
  const maxPeerId: Record<Kind, number> = { post: 0, term: 0 }
  const peerSlugs: ReplayContext['peerSlugs'] = { post: new Map(), term: new Map() }
  for (const seed of loadSeeds()) {
    const kind = seedKind(seed)
    maxPeerId[kind] = Math.max(maxPeerId[kind], seed.peer_id)
  }
  for (const capture of captures) {
    walkObjects(capture.expected.body, (object) => {
      if (typeof object.id !== 'number') return
      const kind: Kind = isTermObject(object) ? 'term' : 'post'
      maxPeerId[kind] = Math.max(maxPeerId[kind], object.id)
      if (typeof object.slug === 'string' && !peerSlugs[kind].has(object.id))
        peerSlugs[kind].set(object.id, untrashed(object.slug))
    })
  }
  return {
    admin: args.admin,
    api: args.api,
    payload: args.payload,
    ids: new IdMap(),
    maxPeerId,
    peerSlugs,
    preexisting: await snapshotIds(args.payload),
    slugAliases: { post: new Map(), term: new Map() },
    users: new Map([
      [1, args.admin.id],
      ...(args.contributor ? [[2, args.contributor.id] as [number, number]] : []),
    ]),
    ...(args.contributor ? { contributor: args.contributor } : {}),
  }
}

export function seedKind(seed: { path: string }): Kind {
  const resource = seed.path.split('/').filter(Boolean)[0] ?? ''
  const kind = RESOURCE_KIND[resource]
  if (!kind) throw new Error(`seed request to an unexpected path ${seed.path}`)
  return kind
}

const untrashed = (slug: string) => slug.replace(/__trashed$/, '')

/**
 * Another test file may already hold a slug the reference gives one of our items (a fixed title
 * such as "Jazz Night #25"); ours then gets `-2` as WordPress would give it. Only then, and only
 * when a pre-existing item really holds the slug, is the peer slug read as ours.
 */
export async function refreshSlugAliases(ctx: ReplayContext): Promise<string[]> {
  const notes: string[] = []
  for (const kind of ['post', 'term'] as const) {
    // Only an item made before the replay can hold a slug first: on a database of the replay's
    // own there is none, and reading back every item after each write made a long replay's
    // writes slower the more items it had made.
    if (!ctx.preexisting[kind].size) continue
    for (const [peer, ours] of ctx.ids.entries(kind)) {
      const peerSlug = ctx.peerSlugs[kind].get(peer)
      if (!peerSlug || ctx.slugAliases[kind].has(peerSlug)) continue
      const own = await findById(ctx.payload, kind, ours)
      if (!own || typeof own.doc.slug !== 'string') continue
      const ourSlug = untrashed(own.doc.slug)
      if (ourSlug === peerSlug || !new RegExp(`^${escapeRegExp(peerSlug)}-\\d+$`).test(ourSlug))
        continue
      const { docs } = await ctx.payload.find({
        collection: own.collection as never,
        depth: 0,
        limit: 10,
        overrideAccess: true,
        where: { slug: { equals: peerSlug } },
      })
      const holder = (docs as { id: number }[]).find((doc) =>
        ctx.preexisting[kind].has(Number(doc.id)),
      )
      if (!holder) continue
      ctx.slugAliases[kind].set(peerSlug, ourSlug)
      notes.push(
        `slug "${peerSlug}" of peer ${kind} ${peer} is "${ourSlug}" here: ${own.collection} ${holder.id}, made by another test file, already held it`,
      )
    }
  }
  return notes
}

async function findById(
  payload: Payload,
  kind: Kind,
  id: number,
): Promise<{ collection: string; doc: Record<string, unknown> } | undefined> {
  for (const collection of kind === 'post' ? POST_COLLECTIONS : TERM_COLLECTIONS) {
    const { docs } = await payload.find({
      collection: collection as never,
      depth: 0,
      limit: 1,
      overrideAccess: true,
      where: { id: { equals: id } },
    })
    if (docs.length) return { collection, doc: docs[0] as Record<string, unknown> }
  }
  return undefined
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// ---------------------------------------------------------------------------------------------
// Requests: from the original's terms into ours

/** A peer id into ours; ids above every id of the reference (999999) are probes for unknown ids and pass unchanged. */
export function ourId(ctx: ReplayContext, kind: Kind, peer: number): number {
  const ours = ctx.ids.ours(kind, peer)
  if (ours !== undefined) return ours
  if (peer > ctx.maxPeerId[kind]) return peer
  throw new Error(
    `peer ${kind} ${peer} has no counterpart here (the request or answer that created it failed or was not replayed)`,
  )
}

const ourSlug = (ctx: ReplayContext, kind: Kind, slug: string) => {
  const trashed = slug.endsWith('__trashed')
  const alias = ctx.slugAliases[kind].get(untrashed(slug))
  return alias ? `${alias}${trashed ? '__trashed' : ''}` : slug
}

const isNumeric = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isInteger(value)) ||
  (typeof value === 'string' && /^\d+$/.test(value))

/** Which query/body parameters carry ids, by the resource the request is about. */
function paramKind(resource: string, key: string): Kind | undefined {
  const terms = resource === 'categories' || resource === 'tags'
  if (['categories', 'tags', 'parent'].includes(key)) return 'term'
  if (['include', 'exclude'].includes(key)) return terms ? 'term' : 'post'
  if (['venue', 'organizer', 'event', 'post', 'post_parent'].includes(key)) return 'post'
  return undefined
}

/** `31,41` / `[2, 5]` / `5` / `sports`: ids are mapped, slugs go through the slug aliases. */
function translateIdList(ctx: ReplayContext, kind: Kind, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => translateIdList(ctx, kind, item))
  if (typeof value === 'number') return isNumeric(value) ? ourId(ctx, kind, value) : value
  if (typeof value !== 'string') return value
  return value
    .split(/(,|%2C)/i)
    .map((token) =>
      token === ',' || /^%2C$/i.test(token)
        ? token
        : isNumeric(token)
          ? String(ourId(ctx, kind, Number(token)))
          : ourSlug(ctx, kind, token),
    )
    .join('')
}

/** Venue or organizer in an event body: an id, `{id}`, an inline object, or a list of those. */
function translateLinkedPost(ctx: ReplayContext, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => translateLinkedPost(ctx, item))
  if (isNumeric(value))
    return typeof value === 'number'
      ? ourId(ctx, 'post', value)
      : translateIdList(ctx, 'post', value)
  if (value && typeof value === 'object') {
    const object = { ...(value as Record<string, unknown>) }
    if (isNumeric(object.id)) object.id = ourId(ctx, 'post', Number(object.id))
    return object
  }
  return value
}

function translateBody(ctx: ReplayContext, resource: string, body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (resource === 'events' && (key === 'venue' || key === 'organizer'))
      out[key] = translateLinkedPost(ctx, value)
    else if (key === 'categories' || key === 'tags') out[key] = translateIdList(ctx, 'term', value)
    else if (key === 'parent' && isNumeric(value)) out[key] = ourId(ctx, 'term', Number(value))
    else out[key] = value
  }
  return out
}

const flatQuery = (query: RecordedRequest['query']): [string, string][] =>
  Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): [string, string] => [key, String(item)]),
  )

export type OurRequest = {
  body?: string
  headers: Record<string, string>
  method: string
  resource: string
  url: string
}

export function authHeaders(ctx: ReplayContext, auth: Auth): Record<string, string> {
  if (auth === 'none') return {}
  if (auth === 'application-password:admin') return basic(ctx.admin.email, ctx.admin.password)
  if (auth === 'application-password:contributor' && ctx.contributor)
    return basic(ctx.contributor.email, ctx.contributor.password)
  if (auth === 'invalid-application-password:admin')
    return basic(ctx.admin.email, `wrong-${ctx.admin.password}`)
  throw new Error(`unknown auth ${String(auth)}`)
}

/** The recorded request, as it must be sent to our API. */
export function translateRequest(ctx: ReplayContext, request: RecordedRequest): OurRequest {
  const prefix = `/wp-json/${PEER.namespace}`
  const extraHeaders = request.headers ?? {}
  // The site index and the `?rest_route=` form: the route is in the query.
  if (!request.path.startsWith(prefix)) {
    if (!['/', '/index.php', '/wp-json/'].includes(request.path))
      throw new Error(`request path ${request.path} is not under ${prefix}`)
    const { rest_route: route, ...rest } = request.query
    if (typeof route !== 'string') {
      const inner = translateRequest(ctx, { ...request, path: prefix, query: rest })
      return {
        ...inner,
        resource: '',
        url: `${ctx.api}${request.path}${inner.url.includes('?') ? inner.url.slice(inner.url.indexOf('?')) : ''}`,
      }
    }
    const inner = route.startsWith(`/${PEER.namespace}`)
      ? translateRequest(ctx, { ...request, path: `/wp-json${route}`, query: rest })
      : undefined
    const innerUrl = inner ? new URL(inner.url) : undefined
    const query = new URLSearchParams({
      rest_route: innerUrl ? innerUrl.pathname.slice('/wp-json'.length) : route,
    })
    for (const [key, value] of innerUrl?.searchParams ?? new URLSearchParams(flatQuery(rest)))
      query.append(key, value)
    return {
      body: inner?.body,
      headers: inner?.headers ?? { ...extraHeaders, ...authHeaders(ctx, request.auth) },
      method: request.method,
      resource: inner?.resource ?? '',
      url: `${ctx.api}${request.path}?${query.toString()}`,
    }
  }
  const segments = request.path.slice(prefix.length).split('/').filter(Boolean)
  const resource = segments[0] ?? ''
  const kind = RESOURCE_KIND[resource]
  const path = segments
    .map((segment, index) => {
      if (index === 1 && kind && isNumeric(segment))
        return String(ourId(ctx, kind, Number(segment)))
      if (index === 2 && kind && segments[1] === 'by-slug')
        return encodeURIComponent(ourSlug(ctx, kind, decodeURIComponent(segment)))
      return segment
    })
    .join('/')
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(request.query ?? {})) {
    const idKind = paramKind(resource, key)
    for (const item of Array.isArray(value) ? value : [value])
      query.append(key, String(idKind ? translateIdList(ctx, idKind, item) : item))
  }
  const search = query.toString()
  const body =
    request.body === null || request.body === undefined
      ? undefined
      : JSON.stringify(translateBody(ctx, resource, request.body))
  return {
    body,
    headers: {
      ...extraHeaders,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...authHeaders(ctx, request.auth),
    },
    method: request.method,
    resource,
    url: `${ctx.api}/wp-json/${OURS.namespace}${path ? `/${path}` : ''}${search ? `?${search}` : ''}`,
  }
}

export type OurResponse = {
  body: unknown
  headers: Headers
  json: boolean
  status: number
  text: string
}

export async function send(request: OurRequest): Promise<OurResponse> {
  const response = await fetch(request.url, {
    body: request.body,
    headers: request.headers,
    method: request.method,
  })
  const text = await response.text()
  try {
    return {
      body: JSON.parse(text),
      headers: response.headers,
      json: true,
      status: response.status,
      text,
    }
  } catch {
    return { body: text, headers: response.headers, json: false, status: response.status, text }
  }
}

/** Sends one seed request (as the administrator) and records peer id → our id. */
export async function sendSeed(ctx: ReplayContext, seed: SeedRequest): Promise<void> {
  const request = translateRequest(ctx, {
    auth: 'application-password:admin',
    body: seed.body,
    method: seed.method,
    path: `/wp-json/${PEER.namespace}${seed.path}`,
    query: {},
  })
  const response = await send(request)
  const id = (response.body as { id?: unknown } | null)?.id
  if (response.status !== 201 || typeof id !== 'number') {
    throw new Error(
      `seed ${seed.method} ${seed.path} ${JSON.stringify(seed.body)} (peer ${seed.peer_id}) → ${response.status} ${response.text.slice(0, 600)}`,
    )
  }
  ctx.ids.record(seedKind(seed), seed.peer_id, id)
}

// ---------------------------------------------------------------------------------------------
// Ids created by a write: the peer id is in the recorded answer, ours in our answer

/** A term: it has a taxonomy, or (trimmed to `id` and `urls` by a term list's `_fields`) its own URL says so. */
const isTermObject = (object: Record<string, unknown>) =>
  typeof object.taxonomy === 'string' ||
  /\/(?:categories|tags)\/\d+$/.test(
    String((object.urls as { self?: unknown } | undefined)?.self ?? ''),
  )

function walkObjects(value: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walkObjects(item, visit))
  else if (value && typeof value === 'object') {
    visit(value as Record<string, unknown>)
    Object.values(value as Record<string, unknown>).forEach((item) => walkObjects(item, visit))
  }
}

/**
 * Walks the recorded and our answer side by side and records every object id the map does not
 * know yet (the event a create made, an inline venue or organizer, a category made by name).
 * Only ids that are new here are taken, so an answer that returns an existing item for a new one
 * is not mapped and shows up as a difference.
 */
export function learnIds(
  ctx: ReplayContext,
  expected: unknown,
  got: unknown,
  learned: string[] = [],
): string[] {
  if (Array.isArray(expected) && Array.isArray(got)) {
    expected.forEach((item, index) => learnIds(ctx, item, got[index], learned))
  } else if (
    expected &&
    got &&
    typeof expected === 'object' &&
    typeof got === 'object' &&
    !Array.isArray(got)
  ) {
    const e = expected as Record<string, unknown>
    const g = got as Record<string, unknown>
    if (typeof e.id === 'number' && typeof g.id === 'number') {
      const kind: Kind = isTermObject(e) ? 'term' : 'post'
      if (
        ctx.ids.ours(kind, e.id) === undefined &&
        ctx.ids.peer(kind, g.id) === undefined &&
        !ctx.preexisting[kind].has(g.id)
      ) {
        ctx.ids.record(kind, e.id, g.id)
        learned.push(`peer ${kind} ${e.id} = our ${g.id}`)
      }
    }
    for (const key of Object.keys(e)) if (key in g) learnIds(ctx, e[key], g[key], learned)
  }
  return learned
}

// ---------------------------------------------------------------------------------------------
// Answers: the expected value in our terms

/** Site origin, bare host (OpenAPI `servers`, which drops the port) and namespace. */
export function translateSite(text: string): string {
  return text
    .split(PEER.origin)
    .join(OURS.origin)
    .replace(/\b127\.0\.0\.1\b/g, OURS.host)
    .split(PEER.namespace)
    .join(OURS.namespace)
}

const PERMALINK_KINDS: [RegExp, Kind][] = [
  [/^(\/(?:event|venue|organizer)\/)([^/?#]+)/, 'post'],
  [/^(\/tag\/)([^/?#]+)/, 'term'],
]

/** A URL of the original's site as ours must be: origin, namespace, ids in path and query, slugs. */
export function translateUrl(ctx: ReplayContext, url: string): string {
  const site = translateSite(url)
  const match = /^(https?:\/\/[^/]+)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(site)
  if (!match) return site
  const [, origin, rawPath = '', rawQuery = '', hash = ''] = match
  let path = rawPath
  let resource = ''
  const api = `/wp-json/${OURS.namespace}/`
  if (path.startsWith(api)) {
    const segments = path.slice(api.length).split('/')
    resource = segments[0] ?? ''
    const kind = RESOURCE_KIND[resource]
    if (kind && segments[1] !== undefined && isNumeric(segments[1]))
      segments[1] = String(ourId(ctx, kind, Number(segments[1])))
    path = api + segments.join('/')
  } else {
    for (const [pattern, kind] of PERMALINK_KINDS)
      path = path.replace(
        pattern,
        (_, base: string, slug: string) => `${base}${ourSlug(ctx, kind, slug)}`,
      )
    // Category archives nest the parent's slug: /events/category/music/jazz/.
    path = path.replace(
      /^(\/events\/category\/)([^?#]+?)(\/?)$/,
      (_, base: string, slugs: string, slash: string) =>
        `${base}${slugs
          .split('/')
          .map((slug) => ourSlug(ctx, 'term', slug))
          .join('/')}${slash}`,
    )
  }
  const query = rawQuery.replace(
    /([?&])([^=&]+)=([^&]*)/g,
    (whole, sep: string, key: string, value: string) => {
      const name = decodeURIComponent(key)
      // `p` of a plain permalink; the original's JSON-LD appends junk to it (`p=56%2F/`).
      if (name === 'p')
        return `${sep}${key}=${value.replace(/^\d+/, (id) => String(ourId(ctx, 'post', Number(id))))}`
      const kind = paramKind(resource, name)
      return kind ? `${sep}${key}=${translateIdList(ctx, kind, value)}` : whole
    },
  )
  return `${origin}${path}${query}${hash}`
}

// ---------------------------------------------------------------------------------------------
// Comparison

export type Difference = { expected?: unknown; got?: unknown; note?: string; path: string }

type JsonType = 'array' | 'boolean' | 'null' | 'number' | 'object' | 'string' | 'undefined'
const jsonType = (value: unknown): JsonType =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType)

const MYSQL_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/
/** Post dates: when the seed ran, on either site. */
const SEED_TIME_KEYS = new Set(['date', 'date_utc', 'modified', 'modified_utc'])

const decodeCharacterReferences = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))

/** What a value of the original means here, or a rule for comparing it that is not equality. */
type Expectation =
  | { kind: 'equal'; value: unknown }
  | { kind: 'format'; pattern: RegExp; why: string }
  | { kind: 'decoded'; value: string; why: string }
  | { kind: 'untranslatable'; error: string }

type Frame = {
  capture: string
  key: string
  parent?: Record<string, unknown>
  path: (number | string)[]
  root: unknown
}

function expectationFor(ctx: ReplayContext, value: unknown, frame: Frame): Expectation {
  const { key, parent, path } = frame
  const inJsonLd = path.includes('json_ld')
  try {
    if (typeof value === 'string' && SEED_TIME_KEYS.has(key) && !inJsonLd)
      return { kind: 'format', pattern: MYSQL_DATETIME, why: 'post date: when the seed ran' }
    if (typeof value === 'string' && isIndexDateDefault(frame))
      return {
        kind: 'format',
        pattern: MYSQL_DATETIME,
        why: 'default of the namespace index, from the clock',
      }
    if (typeof value === 'string' && inJsonLd && key === 'validFrom')
      return {
        kind: 'format',
        pattern: ISO_WITH_OFFSET,
        why: 'JSON-LD offer validFrom: the post date',
      }
    if (typeof value === 'string' && inJsonLd && key === 'email')
      return {
        kind: 'decoded',
        value: decodeCharacterReferences(value),
        why: 'WordPress antispambot() encodes a random choice of characters',
      }
    if (typeof value === 'number' && parent) {
      if (key === 'id')
        return { kind: 'equal', value: ourId(ctx, isTermObject(parent) ? 'term' : 'post', value) }
      if (key === 'term_taxonomy_id' || key === 'term_id')
        return { kind: 'equal', value: ourId(ctx, 'term', value) }
      if (key === 'parent' && isTermObject(parent))
        return { kind: 'equal', value: value === 0 ? 0 : ourId(ctx, 'term', value) }
    }
    if (
      typeof value === 'number' &&
      path[path.length - 2] === 'additional_data' &&
      (frame.root as { code?: string })?.code === 'term_exists'
    ) {
      return { kind: 'equal', value: ourId(ctx, 'term', value) }
    }
    if (
      typeof value === 'string' &&
      key === 'author' &&
      /^\d+$/.test(value) &&
      parent &&
      !isTermObject(parent)
    ) {
      const user = ctx.users.get(Number(value))
      if (user === undefined)
        return { kind: 'untranslatable', error: `peer user ${value} has no counterpart` }
      return { kind: 'equal', value: String(user) }
    }
    if (typeof value === 'string') {
      const global = /^127\.0\.0\.1\?id=(\d+)$/.exec(value)
      if (global)
        return { kind: 'equal', value: `${OURS.host}?id=${ourId(ctx, 'post', Number(global[1]))}` }
      if (/^https?:\/\//.test(value)) return { kind: 'equal', value: translateUrl(ctx, value) }
      if (key === 'slug' && parent)
        return { kind: 'equal', value: ourSlug(ctx, isTermObject(parent) ? 'term' : 'post', value) }
      return { kind: 'equal', value: translateSite(value) }
    }
    return { kind: 'equal', value }
  } catch (error) {
    return { kind: 'untranslatable', error: (error as Error).message }
  }
}

/** `routes["/vendor/events/v1/events"].endpoints[i].args.{start_date,end_date}.default` of the namespace index. */
function isIndexDateDefault(frame: Frame): boolean {
  const p = frame.path
  // The same defaults in the answer to OPTIONS on the events route (test/api/oracle.test.ts).
  if (
    frame.key === 'default' &&
    p[0] === 'endpoints' &&
    p[2] === 'args' &&
    (p[3] === 'start_date' || p[3] === 'end_date')
  )
    return true
  return (
    frame.key === 'default' &&
    p[0] === 'routes' &&
    p[1] === `/${OURS.namespace}/events` &&
    p[2] === 'endpoints' &&
    p[4] === 'args' &&
    (p[5] === 'start_date' || p[5] === 'end_date')
  )
}

/**
 * Keys that are not compared at all in an object: `_links` of term objects
 * (`docs/compatibility.md`, "Response shapes").
 */
const ignoredKeys = (object: Record<string, unknown>) =>
  isTermObject(object) ? new Set(['_links']) : new Set<string>()

export function formatPath(path: (number | string)[]): string {
  return path.reduce<string>((text, part) => {
    if (typeof part === 'number') return `${text}[${part}]`
    if (/^[A-Za-z_$@][\w$@-]*$/.test(part)) return text ? `${text}.${part}` : part
    return `${text}[${JSON.stringify(part)}]`
  }, '')
}

const describeIds = (items: unknown[]) =>
  items.map((item) =>
    item && typeof item === 'object' && 'id' in item
      ? (item as { id: unknown }).id
      : jsonType(item),
  )

/** Compares `got` with `expected` (the original's value, translated here), and appends every difference. */
export function compareJson(
  ctx: ReplayContext,
  expected: unknown,
  got: unknown,
  out: Difference[],
  frame: Frame,
): void {
  const at = formatPath(frame.path)
  const expectedType = jsonType(expected)
  const gotType = jsonType(got)
  if (expectedType === 'object' && gotType === 'object') {
    const e = expected as Record<string, unknown>
    const g = got as Record<string, unknown>
    const ignored = ignoredKeys(e)
    const expectedKeys = Object.keys(e)
      .map((key) => translateSite(key))
      .filter((key) => !ignored.has(key))
    const gotKeys = Object.keys(g).filter((key) => !ignored.has(key))
    const originalKey = new Map(Object.keys(e).map((key) => [translateSite(key), key]))
    if (!isDeepStrictEqual(expectedKeys, gotKeys)) {
      const missing = expectedKeys.filter((key) => !(key in g))
      const extra = gotKeys.filter((key) => !originalKey.has(key))
      const parts = [
        missing.length ? `missing ${missing.join(', ')}` : '',
        extra.length ? `unexpected ${extra.join(', ')}` : '',
      ]
      if (!missing.length && !extra.length) parts.push('same keys in another order')
      out.push({
        path: at || '(body)',
        note: `keys differ: ${parts.filter(Boolean).join('; ')}`,
        expected: expectedKeys,
        got: gotKeys,
      })
    }
    for (const key of expectedKeys) {
      if (!(key in g)) continue
      compareJson(ctx, e[originalKey.get(key)!], g[key], out, {
        ...frame,
        key,
        parent: e,
        path: [...frame.path, key],
      })
    }
    return
  }
  if (expectedType === 'array' && gotType === 'array') {
    const e = expected as unknown[]
    const g = got as unknown[]
    if (e.length !== g.length) {
      const ids = (list: unknown[]) => JSON.stringify(describeIds(list))
      out.push({
        path: at,
        note: `${e.length} item(s) expected, ${g.length} got`,
        expected: e.some((item) => item && typeof item === 'object')
          ? `ids ${ids(e.map((item) => translatedIdOf(ctx, item)))}`
          : e,
        got: g.some((item) => item && typeof item === 'object') ? `ids ${ids(g)}` : g,
      })
    }
    for (let index = 0; index < Math.min(e.length, g.length); index++) {
      compareJson(ctx, e[index], g[index], out, {
        ...frame,
        key: String(index),
        parent: undefined,
        path: [...frame.path, index],
      })
    }
    return
  }
  const expectation = expectationFor(ctx, expected, frame)
  switch (expectation.kind) {
    case 'untranslatable':
      out.push({
        path: at,
        note: `cannot translate the expected value: ${expectation.error}`,
        expected,
        got,
      })
      return
    case 'format':
      if (typeof got !== 'string' || !expectation.pattern.test(got))
        out.push({
          path: at,
          note: `format of ${expectation.why}`,
          expected: `like ${JSON.stringify(expected)}`,
          got,
        })
      return
    case 'decoded':
      if (typeof got !== 'string' || decodeCharacterReferences(got) !== expectation.value)
        out.push({
          path: at,
          note: `compared decoded (${expectation.why})`,
          expected: expectation.value,
          got,
        })
      return
    case 'equal':
      if (expectedType !== gotType)
        out.push({
          path: at,
          note: `JSON type ${expectedType} expected, ${gotType} got`,
          expected: expectation.value,
          got,
        })
      else if (isDeepStrictEqual(expectation.value, got)) return
      else if (/rest_url$/.test(frame.key) && sameUpToNow(String(expectation.value), String(got)))
        return
      else out.push({ path: at, expected: expectation.value, got })
  }
}

/**
 * `rest_url` of a list echoes the date window, and where the window defaults to "now" (029, 030)
 * the original's value is the second the capture ran, a few seconds after the instant the test
 * clock is fixed to (the seed ran from 00:36:57 to 00:37:04, the captures right after). Equal
 * URLs but for `start_date`/`end_date` values at most 60 seconds apart count as equal.
 */
/**
 * How far apart two echoes of "now" may be. The differential fixtures (test/api/oracle.test.ts) were
 * recorded over some twenty minutes of the original's clock while the test clock starts once, so
 * that test widens it.
 */
export const nowTolerance = { ms: 60_000 }

function sameUpToNow(expected: string, got: string): boolean {
  const split = (url: string) => {
    const [base = '', query = ''] = url.split('?', 2)
    return { base, pairs: query.split('&').map((pair) => pair.split('=', 2) as [string, string?]) }
  }
  const e = split(expected)
  const g = split(got)
  if (e.base !== g.base || e.pairs.length !== g.pairs.length) return false
  const instant = (value = '') => {
    const text = decodeURIComponent(value.replace(/\+/g, ' '))
    return MYSQL_DATETIME.test(text) ? Date.parse(`${text.replace(' ', 'T')}Z`) : NaN
  }
  return e.pairs.every(([key, value], index) => {
    const [gotKey, gotValue] = g.pairs[index]!
    if (key !== gotKey) return false
    if (value === gotValue) return true
    if (key !== 'start_date' && key !== 'end_date') return false
    // The test clock runs on from when the config was loaded, after this process started: a replay
    // slowed by a busy machine echoes a "now" as much later as it has run.
    return Math.abs(instant(value) - instant(gotValue)) <= nowTolerance.ms + performance.now()
  })
}

function translatedIdOf(ctx: ReplayContext, item: unknown): unknown {
  if (!item || typeof item !== 'object' || !('id' in item)) return item
  const object = item as Record<string, unknown>
  if (typeof object.id !== 'number') return object
  const ours = ctx.ids.ours(isTermObject(object) ? 'term' : 'post', object.id)
  return { id: ours ?? `peer ${object.id} (unmapped)` }
}

// ---------------------------------------------------------------------------------------------
// Lists in a shared database

const LIST_KEYS = ['events', 'venues', 'organizers', 'categories', 'tags'] as const

export type ListView = { body: unknown; headers: Record<string, string | null>; notes: string[] }

/**
 * The answer to a list request as it would be in a database holding only the replay's items.
 * Other test files share the database, and their items can appear in any list (a published
 * event in the default window, a venue whose name contains "Park"). Those items existed before
 * the replay started (ctx.preexisting) and are left out, with the totals and page counts
 * recomputed from every page of the same query. Nothing the replay made is ever left out.
 */
export async function ownView(
  ctx: ReplayContext,
  request: OurRequest,
  response: OurResponse,
): Promise<ListView> {
  const headers = {
    'x-tec-total': response.headers.get('x-tec-total'),
    'x-tec-totalpages': response.headers.get('x-tec-totalpages'),
  }
  const body = response.body as Record<string, unknown>
  const listKey = LIST_KEYS.find((key) => key === request.resource && Array.isArray(body?.[key]))
  if (request.method !== 'GET' || response.status !== 200 || !listKey)
    return { body: response.body, headers, notes: [] }
  const kind = RESOURCE_KIND[listKey]!
  const url = new URL(request.url)
  const requested = Number(url.searchParams.get('per_page') ?? 10)
  const perPage = Math.min(Number.isFinite(requested) && requested > 0 ? requested : 10, 50)
  const page = Number(url.searchParams.get('page') ?? 1)
  const all: Record<string, unknown>[] = []
  for (let current = 1; ; current++) {
    url.searchParams.set('per_page', '50')
    url.searchParams.set('page', String(current))
    const next = await send({ ...request, url: url.toString() })
    const nextBody = next.body as Record<string, unknown>
    if (next.status !== 200 || !Array.isArray(nextBody?.[listKey]))
      throw new Error(
        `reading page ${current} of ${url} for the list check: ${next.status} ${next.text.slice(0, 300)}`,
      )
    all.push(...(nextBody[listKey] as Record<string, unknown>[]))
    if (current >= Number(nextBody.total_pages ?? 1)) break
  }
  const foreign = all.filter((item) => ctx.preexisting[kind].has(Number(item.id)))
  if (!foreign.length) return { body: response.body, headers, notes: [] }
  const own = all.filter((item) => !ctx.preexisting[kind].has(Number(item.id)))
  const total = own.length
  const totalPages = Math.ceil(total / perPage)
  const view: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (key === listKey) view[key] = own.slice((page - 1) * perPage, page * perPage)
    else if (key === 'total') view[key] = total
    else if (key === 'total_pages') view[key] = totalPages
    else if (key === 'next_rest_url' && page >= totalPages) continue
    else view[key] = value
  }
  return {
    body: view,
    headers: {
      'x-tec-total': headers['x-tec-total'] === null ? null : String(total),
      'x-tec-totalpages': headers['x-tec-totalpages'] === null ? null : String(totalPages),
    },
    notes: [
      `${foreign.length} item(s) of other test files left out of the list (ids ${foreign.map((item) => item.id).join(', ')}); ` +
        `our raw answer: total ${String(body.total)}, total_pages ${String(body.total_pages)}, ${(body[listKey] as unknown[]).length} on this page`,
    ],
  }
}

// ---------------------------------------------------------------------------------------------
// One capture

export type Outcome = {
  differences: Difference[]
  notes: string[]
  request: OurRequest
  response: OurResponse
}

const COMPARED_HEADERS: string[] = ['content-type', 'x-tec-total', 'x-tec-totalpages']
/** What test/fixtures/oracle/record.py keeps of an answer's headers: present or absent, they are compared. */
const RECORDED_HEADERS = [
  ...COMPARED_HEADERS,
  'link',
  'allow',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-expose-headers',
]

/**
 * `headers: 'recorded'` compares every header the capture recorded (the differential fixtures keep
 * `link`, `allow`, `vary` and the CORS headers too), with the site URL put into our terms.
 */
export async function replayCapture(
  ctx: ReplayContext,
  capture: Capture,
  options: { headers?: 'recorded' } = {},
): Promise<Outcome> {
  const request = translateRequest(ctx, capture.request)
  const response = await send(request)
  const notes: string[] = []
  const expected = capture.expected
  if (['POST', 'PUT', 'PATCH'].includes(request.method) && response.json) {
    const learned = learnIds(ctx, expected.body, response.body)
    if (learned.length) notes.push(`new ids: ${learned.join('; ')}`)
    notes.push(...(await refreshSlugAliases(ctx)))
  }
  const view = await ownView(ctx, request, response)
  notes.push(...view.notes)
  const differences: Difference[] = []
  if (response.status !== expected.status)
    differences.push({ path: '(status)', expected: expected.status, got: response.status })
  const names = options.headers === 'recorded' ? RECORDED_HEADERS : COMPARED_HEADERS
  for (const name of names) {
    const recorded = expected.headers[name]
    const want = recorded === undefined ? null : translateSite(recorded)
    const got =
      name === 'x-tec-total' || name === 'x-tec-totalpages'
        ? view.headers[name]
        : response.headers.get(name)
    if (want !== got)
      differences.push({
        path: `(header ${name})`,
        expected: want ?? '(absent)',
        got: got ?? '(absent)',
      })
  }
  if (!response.json)
    differences.push({
      path: '(body)',
      note: 'not JSON',
      expected: 'JSON',
      got: response.text.slice(0, 300),
    })
  else
    compareJson(ctx, expected.body, view.body, differences, {
      capture: capture.name,
      key: '',
      path: [],
      root: expected.body,
    })
  return { differences, notes, request, response }
}

const show = (value: unknown) => {
  const text = typeof value === 'string' && value.startsWith('ids ') ? value : JSON.stringify(value)
  return text === undefined ? 'undefined' : text.length > 400 ? `${text.slice(0, 400)}…` : text
}

export function formatOutcome(capture: Capture, outcome: Outcome): string {
  const lines = [
    `${capture.name}: ${outcome.differences.length} difference(s) from ${capture.expectedFrom}/${capture.name}`,
    `  request: ${outcome.request.method} ${outcome.request.url.replace(/^https?:\/\/[^/]+/, '')}${outcome.request.body ? ` ${outcome.request.body}` : ''}`,
    ...outcome.notes.map((note) => `  note: ${note}`),
    ...outcome.differences.map(
      (difference) =>
        `  - ${difference.path}${difference.note ? ` (${difference.note})` : ''}\n      expected: ${show(difference.expected)}\n      got:      ${show(difference.got)}`,
    ),
  ]
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------
// Post dates as the original's

/**
 * Venues and organizers list by post date to the whole second (src/hooks/storePostDate.ts), so
 * which of them tie depends on the second each was made in: here, when the replay ran, not when
 * the original recorded. Before a list of venues or organizers is compared, the replay's venues
 * and organizers get the post dates the original's answers up to that one gave them (`date_utc`),
 * so that they tie as the original's did. Only the order reads `post_date`; the dates shown are
 * still ours (compared by format).
 */
export async function alignLinkedPostDates(ctx: ReplayContext, answered: Capture[]): Promise<void> {
  const dates = new Map<number, { local: string; table: 'organizers' | 'venues'; utc?: string }>()
  // A draft never published has no UTC date: its local one, moved by the site's offset that published items show.
  let offsetMs: number | undefined
  const instant = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`)
  for (const capture of answered) {
    walkObjects(capture.expected.body, (object) => {
      const table =
        typeof object.venue === 'string'
          ? 'venues'
          : typeof object.organizer === 'string'
            ? 'organizers'
            : undefined
      if (
        !table ||
        typeof object.id !== 'number' ||
        typeof object.date !== 'string' ||
        !MYSQL_DATETIME.test(object.date)
      )
        return
      const utc =
        typeof object.date_utc === 'string' &&
        MYSQL_DATETIME.test(object.date_utc) &&
        !object.date_utc.startsWith('0000')
          ? object.date_utc
          : undefined
      if (utc && offsetMs === undefined) offsetMs = instant(object.date) - instant(utc)
      dates.set(object.id, { local: object.date, table, utc })
    })
  }
  const drizzle = (
    ctx.payload.db as unknown as { drizzle: { execute: (query: unknown) => Promise<unknown> } }
  ).drizzle
  for (const [peer, { local, table, utc }] of dates) {
    const ours = ctx.ids.ours('post', peer)
    const at = utc ? instant(utc) : offsetMs !== undefined ? instant(local) - offsetMs : undefined
    if (ours === undefined || at === undefined) continue
    await drizzle.execute(
      sql`UPDATE ${sql.identifier(table)} SET "post_date" = ${new Date(at).toISOString()}::timestamptz WHERE "id" = ${ours}`,
    )
  }
}
