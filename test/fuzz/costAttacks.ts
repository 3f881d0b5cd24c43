import type { CostSeedSummary } from './costCalendar'

import { PROBE_PATHS } from './costProbe'

/** One request of an attack, sent as written: the path is not normalised (`/_next/../api/…` stays). */
export type AttackRequest = {
  body?: string
  headers?: Record<string, string>
  method: 'GET' | 'POST'
  path: string
}

/** One size of an attack: its requests, all sent at once. */
export type AttackStep = { requests: AttackRequest[]; size: string }

/** What an attack may ask the server before it is measured. */
export type AttackServer = {
  /** A list's `X-TEC-TotalPages` (0 without it), asked from the attacker's address. */
  totalPages: (path: string) => Promise<number>
}

export type Attack = {
  /** The finding of issue 25 it reproduces (0: none, a cost issue 25 did not try). */
  finding: number
  name: string
  /** Its sizes, smallest first. */
  steps: (seed: CostSeedSummary, server: AttackServer) => AttackStep[] | Promise<AttackStep[]>
  what: string
}

const COMPAT = '/wp-json/vendor/events/v1'
const EVENTS = `${COMPAT}/events`
const JSON_TYPE = { 'content-type': 'application/json' }
/** Payload's REST API reads a POST with this header and a form body as a GET with that query (its admin's long filters). */
const PAYLOAD_GET = {
  'content-type': 'application/x-www-form-urlencoded',
  'x-payload-http-method-override': 'GET',
}

const kb = (bytes: number) => (bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`)
const count = (n: number) => n.toLocaleString('en')
const times = (n: number, request: AttackRequest): AttackRequest[] =>
  Array.from({ length: n }, () => request)
const range = (n: number) => Array.from({ length: n }, (_, index) => index + 1)

/** A relative date as long as `bytes`: "+1 day +1 day …", which PHP's strtotime (and ours) reads word by word. */
const longDate = (bytes: number) =>
  '+1 day '
    .repeat(Math.ceil(bytes / 7))
    .slice(0, bytes)
    .trimEnd()

const basic = (login: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`,
})
const asContributor = (seed: CostSeedSummary) => ({
  ...JSON_TYPE,
  ...basic(seed.contributor.email, seed.contributor.appPassword),
})

/** `where[and][i][or][0][venue.name][like]=…`: one relationship join per clause. */
const joins = (n: number) =>
  range(n)
    .map((i) => `where[and][${i - 1}][or][0][venue.name][like]=cost${i}`)
    .join('&')

/** `where[and][0][and][0]…[title][equals]=x`, `depth` levels deep. */
const nestedWhere = (depth: number) => `where${'[and][0]'.repeat(depth)}[title][equals]=x`

const graphql = (query: string): AttackRequest => ({
  body: JSON.stringify({ query }),
  headers: JSON_TYPE,
  method: 'POST',
  path: '/api/graphql',
})

/**
 * A list's last page of 50 (`list` with its query, `?` or `&` then `per_page`/`page` added), as the
 * server counts them: each list asked first for its count (its first page, as a client paging
 * through would), so that the attack is the deep page itself. The attack's query names `page`
 * first: another text than the first page's even when the list has one page, so that no answer
 * kept for the first page serves it (the count kept for the list does).
 */
async function lastPages(
  server: AttackServer,
  size: string,
  lists: string[],
  back = 0,
): Promise<AttackStep> {
  const requests: AttackRequest[] = []
  const pages: number[] = []
  for (const [index, list] of lists.entries()) {
    const [path, query] = list.split('?', 2) as [string, string | undefined]
    const and = query ? `&${query}` : ''
    const total = await server.totalPages(`${path}?per_page=50&page=1${and}`)
    const page = Math.max(1, total - back * index)
    pages.push(page)
    requests.push({ method: 'GET', path: `${path}?page=${page}&per_page=50${and}` })
  }
  const shown = [...new Set(pages)]
  return {
    size: `${size} (page${shown.length > 1 ? 's' : ''} ${shown.length > 3 ? `${Math.min(...shown)}–${Math.max(...shown)}` : shown.join(', ')})`,
    requests,
  }
}

/**
 * Words of the events' titles that few events hold, one for each request of the search attack (so
 * that no answer or count an earlier one kept serves it). bench/seed.ts numbers each title: `#12`
 * is held by #12, #120–#129, #1200–#1299, … (111 single events of 3,750, 1,111 of 60,000, whose
 * occurrences are far apart in the list); with `--series`, the series are the last events, and
 * `costCalendar.ts` gives words of their titles (`#501`), whose many occurrences come close together.
 */
const NUMBER_WORDS = Array.from({ length: 38 }, (_, index) => `#${12 + index}`)
/** Eight one-letter terms beside a word: the most a search reads as terms (9), each held by nearly every text and too short for a trigram index. */
const LETTERS = 'e i o u r s t n'
const search = (text: string) => `${EVENTS}?search=${encodeURIComponent(text)}`

/** A small request of each kind the attacks send, reads and a contributor's writes, with nothing costly in it. */
export function warmUpRequests(seed: CostSeedSummary): AttackRequest[] {
  const write = (path: string, body: Record<string, unknown>): AttackRequest => ({
    body: JSON.stringify(body),
    headers: asContributor(seed),
    method: 'POST',
    path,
  })
  return [
    ...PROBE_PATHS.map((path) => ({ method: 'GET' as const, path })),
    { method: 'GET', path: `${EVENTS}?start_date=2027-01-01&per_page=5` },
    {
      body: JSON.stringify({ start_date: '2027-01-01', categories: [1] }),
      headers: JSON_TYPE,
      method: 'POST',
      path: `${EVENTS}?_method=GET`,
    },
    { body: joins(1), headers: PAYLOAD_GET, method: 'POST', path: '/api/events' },
    graphql('{ Events(limit: 1) { totalDocs docs { id venue { id } } } }'),
    { method: 'GET', path: '/events.ics?start_date=2027-01-01&end_date=2027-01-02' },
    { method: 'GET', path: '/readyz' },
    write(EVENTS, {
      title: 'Warm-up',
      description: 'a b',
      start_date: '2027-05-01 10:00:00',
      end_date: '2027-05-01 12:00:00',
    }),
    write('/wp-json/vendor/events/v1/venues', { venue: 'Warm-up venue' }),
    write('/wp-json/vendor/events/v1/organizers', { organizer: 'Warm-up organizer' }),
    write('/api/venues', { name: 'Warm-up venue (REST)' }),
  ]
}

/**
 * The attacks of issue 25 that cost the server, each grown from small to the issue's size, then the
 * compatibility API's searches and deep pages (issue 26's costly pages). Every request is
 * anonymous but the quadratic texts' (a contributor with an application password).
 */
export const ATTACKS: Attack[] = [
  {
    finding: 1,
    name: 'date-body',
    what: '`{"start_date": "+1 day +1 day …"}` in the body of `POST /events?_method=GET`',
    steps: () => [
      ...[1_024, 10 * 1_024, 100 * 1_024, 840 * 1_024].map((bytes) => ({
        size: kb(bytes),
        requests: [
          {
            body: JSON.stringify({ start_date: longDate(bytes) }),
            headers: JSON_TYPE,
            method: 'POST' as const,
            path: `${EVENTS}?_method=GET`,
          },
        ],
      })),
      {
        size: `${kb(840 * 1_024)} ×2`,
        requests: times(2, {
          body: JSON.stringify({ start_date: longDate(840 * 1_024) }),
          headers: JSON_TYPE,
          method: 'POST',
          path: `${EVENTS}?_method=GET`,
        }),
      },
    ],
  },
  {
    finding: 1,
    name: 'date-query',
    // Node refuses a request head over 16 KB (431): the query stays under it.
    what: '`?start_date=+1 day +1 day …` in the query of the events list and the calendar feed',
    steps: () => [
      ...[1_024, 4 * 1_024, 14 * 1_024].map((bytes) => ({
        size: `${kb(bytes)} list`,
        requests: [
          {
            method: 'GET' as const,
            path: `${EVENTS}?start_date=${encodeURIComponent(longDate(Math.floor(bytes / 1.9)))}`,
          },
        ],
      })),
      {
        size: `${kb(14 * 1_024)} feed`,
        requests: [
          {
            method: 'GET',
            path: `/events.ics?start_date=${encodeURIComponent(longDate(Math.floor((14 * 1_024) / 1.9)))}`,
          },
        ],
      },
    ],
  },
  {
    finding: 2,
    name: 'where-joins',
    what: '`where[and][i][or][0][venue.name][like]=…` on `/api/events` (POST with `X-Payload-HTTP-Method-Override: GET`)',
    steps: () => [
      ...[10, 30, 100, 200, 300, 1_000].map((n) => ({
        size: `${count(n)} clauses`,
        requests: [
          { body: joins(n), headers: PAYLOAD_GET, method: 'POST' as const, path: '/api/events' },
        ],
      })),
      {
        size: '30 clauses ×12',
        requests: times(12, {
          body: joins(30),
          headers: PAYLOAD_GET,
          method: 'POST',
          path: '/api/events',
        }),
      },
    ],
  },
  {
    finding: 11,
    name: 'where-in',
    what: '`where[id][in]=1,2,…` on `/api/events` (POST with `X-Payload-HTTP-Method-Override: GET`)',
    steps: () =>
      [100, 1_000, 10_000, 70_000].map((n) => ({
        size: `${count(n)} values`,
        requests: [
          {
            body: `where[id][in]=${range(n).join(',')}`,
            headers: PAYLOAD_GET,
            method: 'POST',
            path: '/api/events',
          },
        ],
      })),
  },
  {
    finding: 11,
    name: 'categories-list',
    what: '`{"categories": [1, 2, …]}` in the body of `POST /events?_method=GET`',
    steps: () =>
      [100, 1_000, 10_000, 70_000].map((n) => ({
        size: `${count(n)} ids`,
        requests: [
          {
            body: JSON.stringify({ categories: range(n) }),
            headers: JSON_TYPE,
            method: 'POST',
            path: `${EVENTS}?_method=GET`,
          },
        ],
      })),
  },
  {
    finding: 11,
    name: 'nesting',
    what: 'nesting depth: `where[and][0][and][0]…` on `/api/events`, `{"categories": [[[…]]]}` with `?_method=GET`, GraphQL `where: {AND: [{AND: …}]}`',
    steps: () => [
      ...[10, 100, 1_000].map((depth) => ({
        size: `where depth ${count(depth)}`,
        requests: [
          {
            body: nestedWhere(depth),
            headers: PAYLOAD_GET,
            method: 'POST' as const,
            path: '/api/events',
          },
        ],
      })),
      ...[100, 10_000, 100_000].map((depth) => ({
        size: `JSON depth ${count(depth)}`,
        requests: [
          {
            body: `{"categories":${'['.repeat(depth)}1${']'.repeat(depth)}}`,
            headers: JSON_TYPE,
            method: 'POST' as const,
            path: `${EVENTS}?_method=GET`,
          },
        ],
      })),
      ...[10, 100, 1_000].map((depth) => ({
        size: `GraphQL where depth ${count(depth)}`,
        requests: [
          graphql(
            `{ Events(where: ${'{ AND: ['.repeat(depth)}{ title: { equals: "x" } }${'] }'.repeat(depth)}) { totalDocs } }`,
          ),
        ],
      })),
    ],
  },
  {
    finding: 4,
    name: 'feeds',
    what: 'the calendar feed `/events.ics`, upcoming events and a window of 100 years, in parallel',
    steps: () => {
      const upcoming: AttackRequest = { method: 'GET', path: '/events.ics' }
      const wide: AttackRequest = {
        method: 'GET',
        path: '/events.ics?start_date=2000-01-01&end_date=2100-12-31',
      }
      return [
        { size: 'upcoming ×1', requests: [upcoming] },
        { size: 'wide ×1', requests: [wide] },
        { size: 'wide ×2', requests: times(2, wide) },
        { size: 'upcoming ×8', requests: times(8, upcoming) },
        { size: 'wide ×8', requests: times(8, wide) },
      ]
    },
  },
  {
    finding: 9,
    name: 'description-spaces',
    // Between two letters: a run of spaces at the very end is matched at once by a backtracking `\s+$`, one followed by a letter is not.
    what: "a contributor's new event whose description is spaces between two letters (`POST /events`, HTTP Basic with an application password)",
    steps: (seed) =>
      [1_000, 10_000, 60_000].map((n) => ({
        size: `${count(n)} spaces`,
        requests: [
          {
            body: JSON.stringify({
              title: 'Cost fuzzer',
              description: `a${' '.repeat(n)}b`,
              start_date: '2027-05-01 10:00:00',
              end_date: '2027-05-01 12:00:00',
            }),
            headers: asContributor(seed),
            method: 'POST',
            path: EVENTS,
          },
        ],
      })),
  },
  {
    finding: 9,
    name: 'venue-names',
    what: "a contributor's new venue named `<<<…` (`POST /venues`; Payload's `POST /api/venues` at the largest size)",
    steps: (seed) => [
      ...[1_000, 10_000, 40_000].map((n) => ({
        size: `${count(n)} <`,
        requests: [
          {
            body: JSON.stringify({ venue: '<'.repeat(n) }),
            headers: asContributor(seed),
            method: 'POST' as const,
            path: '/wp-json/vendor/events/v1/venues',
          },
        ],
      })),
      {
        size: '40,000 < (REST)',
        requests: [
          {
            body: JSON.stringify({ name: '<'.repeat(40_000) }),
            headers: asContributor(seed),
            method: 'POST',
            path: '/api/venues',
          },
        ],
      },
    ],
  },
  {
    finding: 9,
    name: 'organizer-names',
    what: "a contributor's new organizer named `&&&…` (`POST /organizers`)",
    steps: (seed) =>
      [1_000, 10_000, 40_000].map((n) => ({
        size: `${count(n)} &`,
        requests: [
          {
            body: JSON.stringify({ organizer: '&'.repeat(n) }),
            headers: asContributor(seed),
            method: 'POST',
            path: '/wp-json/vendor/events/v1/organizers',
          },
        ],
      })),
  },
  {
    finding: 8,
    name: 'next-bypass',
    what: '`/_next/../api/events?limit=100&depth=2` in parallel: outside the per-client limit if `/_next/` is exempt',
    steps: () =>
      [8, 32, 64].map((n) => ({
        size: `×${n}`,
        requests: times(n, { method: 'GET', path: '/_next/../api/events?limit=100&depth=2' }),
      })),
  },
  {
    finding: 8,
    name: 'readyz',
    what: '`/readyz` in parallel (a database check each, before the per-client limit)',
    steps: () =>
      [50, 200, 500].map((n) => ({
        size: `×${n}`,
        requests: times(n, { method: 'GET', path: '/readyz' }),
      })),
  },
  {
    finding: 8,
    name: 'next-image',
    what: "`/_next/image` of the large public image at Next's widths, in parallel, each width once",
    steps: (seed) => {
      if (!seed.image) return []
      const image = (width: number): AttackRequest => ({
        method: 'GET',
        path: `/_next/image?url=${encodeURIComponent(`/api/media/file/${seed.image}`)}&w=${width}&q=75`,
      })
      // Next's widths (deviceSizes and imageSizes); each asked once, so that none is answered from Next's cache.
      const widths = [3840, 2048, 1920, 1200, 1080, 828, 750, 640, 384, 256, 128, 96, 64, 48, 32]
      return [
        { size: '1 width', requests: widths.slice(0, 1).map(image) },
        { size: '4 widths', requests: widths.slice(1, 5).map(image) },
        { size: '10 widths', requests: widths.slice(5).map(image) },
      ]
    },
  },
  {
    finding: 2,
    name: 'graphql',
    what: 'GraphQL: aliases of a page of 100 events with their related items, many OR clauses on localized texts and related ids',
    steps: () => [
      ...[10, 50, 200].map((n) => ({
        size: `${n} aliases`,
        requests: [
          graphql(
            `{ ${range(n)
              .map(
                (i) =>
                  `a${i}: Events(limit: 100, page: ${i}) { docs { id title description venue { id name } organizers { id name } categories { id name } } }`,
              )
              .join(' ')} }`,
          ),
        ],
      })),
      ...[10, 100, 1_000].map((n) => ({
        size: `${count(n)} OR clauses`,
        requests: [
          graphql(
            `{ Events(where: { OR: [${range(n)
              .map(
                (i) =>
                  `{ title: { like: "cost${i}" } }, { organizers: { equals: ${i} } }, { categories: { equals: ${i} } }`,
              )
              .join(', ')}] }) { totalDocs docs { id } } }`,
          ),
        ],
      })),
    ],
  },
  {
    finding: 0,
    name: 'search-pages',
    what: "the events list's last page of 50 for searches: a word few single events hold, with another, with one excluded, with a phrase, with 8 one-letter terms, then 8 at once (a client's share); a word of series' titles (with `--series`); `/venues`, `/organizers`, `/categories` and `/tags` searching a letter",
    steps: async (seed, server) => {
      const words = NUMBER_WORDS
      const seriesWords = seed.series?.words ?? []
      const one = (size: string, text: string) => lastPages(server, size, [search(text)])
      return [
        await one('a sparse word', words[0]!),
        await one('two words', `${words[1]} night`),
        await one('a word excluded', `${words[2]} -night`),
        await one('a phrase', `"jazz night" ${words[3]}`),
        await one('9 terms', `${words[4]} ${LETTERS}`),
        await lastPages(
          server,
          'sparse words ×8',
          words.slice(5, 13).map((word) => search(word)),
        ),
        await lastPages(
          server,
          '9 terms ×8',
          words.slice(13, 21).map((word) => search(`${word} ${LETTERS}`)),
        ),
        ...(seriesWords.length >= 9
          ? [
              await one("a series' word", seriesWords[0]!),
              await lastPages(
                server,
                "series' words ×8",
                seriesWords.slice(1, 9).map((word) => search(word)),
              ),
            ]
          : []),
        await lastPages(
          server,
          'resources ×4',
          (['venues', 'organizers', 'categories', 'tags'] as const).map(
            (resource) => `${COMPAT}/${resource}?search=e`,
          ),
        ),
      ]
    },
  },
  {
    finding: 0,
    name: 'deep-pages',
    what: "lists' last pages of 50: the events list, by category, a series' occurrences (`post_parent`, with `--series`), venues and organizers; then 8 at once",
    steps: async (seed, server) => {
      const series = seed.series?.sample ?? []
      const bySeries = (id: number) => `${EVENTS}?post_parent=${id}`
      return [
        await lastPages(server, 'events', [EVENTS]),
        await lastPages(server, 'by category', [`${EVENTS}?categories=${seed.filter.category}`]),
        ...(series.length ? [await lastPages(server, 'a series', [bySeries(series[0]!)])] : []),
        await lastPages(server, 'venues, organizers', [`${COMPAT}/venues`, `${COMPAT}/organizers`]),
        // The plain list's last eight pages: each its own answer.
        await lastPages(server, 'events ×8', Array<string>(8).fill(EVENTS), 1),
        ...(series.length >= 9
          ? [await lastPages(server, 'series ×8', series.slice(1, 9).map(bySeries))]
          : []),
      ]
    },
  },
]
