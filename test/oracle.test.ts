import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase } from './helpers/freshDatabase'
import { createUser, getTestPayload } from './helpers/payload'
import { serveCompatApi } from './helpers/http'
import {
  type Capture,
  createReplayContext,
  formatOutcome,
  loadCaptures,
  loadSeeds,
  ORACLE_FIXTURES,
  refreshSlugAliases,
  replayCapture,
  type ReplayContext,
  sendSeed,
} from './helpers/replay'

/*
 * Differential fixtures: answers of the original (WordPress 7.0.4 + The Events Calendar 6.17.2),
 * recorded with the oracle class by class (test/fixtures/oracle/README.md), replayed in file
 * order against our API on the same seed as the reference set, and compared as the contract test
 * compares the reference (test/contract.test.ts lists what is not compared for equality and why)
 * on a database of its own (the contract test seeds the same categories and tags into the shared one)
 * plus every header the recorder kept: `link`, `allow`, `vary` and the CORS headers, present or
 * absent. Where docs/compatibility.md makes ours differ on purpose, expected-ours/<name> holds
 * our answer, or DEVIATIONS names the path with the reason.
 */

/** `ORACLE_ONLY=a-,b-` replays only the classes named (and the seed): for working on one class. */
const only = process.env.ORACLE_ONLY?.split(',').filter(Boolean)
const captures = loadCaptures(ORACLE_FIXTURES).filter((capture) => !only || only.some((prefix) => capture.name.startsWith(prefix)))
const seeds = loadSeeds()

/**
 * Recorded answers we do not match yet, each with what differs; registered as `it.todo`. An
 * entry that starts to pass fails the test, so that it is taken off.
 */
const TIES = 'events starting at the same moment: the original orders them by post date (a scheduled event\'s is its publication date, a draft\'s when it was made), then id; ours by id'
const PENDING: Record<string, string> = {
  'b-unpublished-permalinks-020-list-status-all.json': TIES,
  'a-rest-conventions-032-fields-tags.json':
    'the original\'s term lists hand `_fields` to WordPress core\'s terms controller first, which leaves each term only `id` (and the plugin adds `urls`) before the list is trimmed; ours trims the list as any other answer',
}

const OUR_DESCRIPTION = 'our wording: the original documents these as needing its Pro add-on or copies another resource\'s text by mistake (docs/compatibility.md)'

/** Paths of an answer where we differ from the original on purpose, with the reason. */
const DEVIATIONS: Record<string, { path: string; reason: string }[]> = {
  // The site index lists our namespace's routes as the namespace index does (test/contract.test.ts, 000).
  'a-rest-conventions-000-site-index.json': [
    ...['geoloc', 'geoloc_lat', 'geoloc_lng'].map((name) => ({ path: `routes["/vendor/events/v1/events"].endpoints[0].args.${name}.description`, reason: OUR_DESCRIPTION })),
    ...['routes["/vendor/events/v1/venues"].endpoints[1]', 'routes["/vendor/events/v1/venues/(?P<id>\\\\d+)"].endpoints[2]', 'routes["/vendor/events/v1/venues/by-slug/(?P<slug>[^/]+)"].endpoints[2]'].map((endpoint) => ({ path: `${endpoint}.args.image.description`, reason: OUR_DESCRIPTION })),
    ...['routes["/vendor/events/v1/categories"].endpoints[1]', 'routes["/vendor/events/v1/categories/(?P<id>\\\\d+)"].endpoints[1]'].map((endpoint) => ({ path: `${endpoint}.args.parent.description`, reason: OUR_DESCRIPTION })),
  ],
  // OPTIONS describes a route as the namespace index does, with the same texts.
  'a-rest-conventions-051-options-preflight-list.json': ['geoloc', 'geoloc_lat', 'geoloc_lng'].map((name) => ({ path: `endpoints[0].args.${name}.description`, reason: OUR_DESCRIPTION })),
  'a-rest-conventions-052-options-preflight-item.json': [{ path: 'endpoints[2].args.image.description', reason: OUR_DESCRIPTION }],
  'a-rest-conventions-057-options-categories.json': [{ path: 'endpoints[1].args.parent.description', reason: OUR_DESCRIPTION }],
}

describe('oracle: differential fixtures of the original (test/fixtures/oracle)', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveCompatApi>>
  let ctx: ReplayContext
  let seeded = false

  const database = freshDatabase('oracle_replay')

  beforeAll(async () => {
    await database.create()
    // Read when Payload's config is first imported, which getTestPayload does.
    process.env.DATABASE_URL = database.url
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    const admin = await createUser(payload, 'administrator')
    ctx = await createReplayContext({ admin, api: api.url, captures, payload })
  })
  // The database stays until the next run makes it anew: dropping it would cut Payload's pool.
  afterAll(() => api?.close())

  it('names only fixtures that exist in PENDING and DEVIATIONS', () => {
    const names = new Set(captures.map((capture) => capture.name))
    expect(captures.length).toBeGreaterThan(0)
    expect([...Object.keys(PENDING), ...Object.keys(DEVIATIONS)].filter((name) => !names.has(name))).toEqual([])
  })

  it(`seeds the site with the ${seeds.length} requests of the original`, { timeout: 300_000 }, async () => {
    for (const seed of seeds) await sendSeed(ctx, seed)
    await refreshSlugAliases(ctx)
    seeded = true
  })

  const replay = async (capture: Capture) => {
    if (!seeded) throw new Error('not replayed: the seed failed')
    const outcome = await replayCapture(ctx, capture, { headers: 'recorded' })
    const deviations = DEVIATIONS[capture.name] ?? []
    const stale = deviations.filter((deviation) => !outcome.differences.some((difference) => difference.path.startsWith(deviation.path)))
    if (stale.length) throw new Error(`${capture.name}: listed deviations that no longer occur:\n${stale.map((item) => `  ${item.path}`).join('\n')}`)
    outcome.differences = outcome.differences.filter((difference) => !deviations.some((deviation) => difference.path.startsWith(deviation.path)))
    return outcome
  }

  for (const capture of captures) {
    const pending = PENDING[capture.name]
    it(pending ? `${capture.name} [pending: ${pending}]` : capture.name, async () => {
      const outcome = await replay(capture)
      if (pending) {
        // Still sent, so that later fixtures find what it creates; must still differ.
        if (!outcome.differences.length) throw new Error(`${capture.name} passes now: take it off PENDING`)
        return
      }
      if (outcome.differences.length) throw new Error(formatOutcome(capture, outcome))
    })
  }
})
