/**
 * The mix benchmark's calendar, written through each system's own REST API so that both hold the
 * same data: the reference site's 63 seed requests (test/fixtures/reference) on an empty calendar,
 * then venues, organizers, categories and tags named "Mixbench …" and 300 published events over
 * 2027 that use them. Every item is made from its index alone, so a run that stopped half-way is
 * completed by the next one, and a calendar that already holds them all (the original, seeded once
 * at about 1.5 s per request) is left as it is.
 */
import { readFileSync } from 'node:fs'

import { generator } from '../seed'
import { type Target, expectCall, readAll, totalOf } from './target'

export const MIX_EVENTS = 300
export const MARKER = 'Mixbench'

type SeedRequest = { body: Record<string, unknown>; method: string; path: string; peer_id: number }

const REFERENCE = new URL('../../test/fixtures/reference/seed-requests.json', import.meta.url)

// The mix's own words, not bench/seed.ts's: the original is seeded once with these, and a product
// seeded afresh must get the same titles and names.
const VENUES = ['Hall', 'Theatre', 'Park', 'Library', 'Club', 'Gallery', 'Studio', 'Church']
const VENUE_CITIES: [string, string, string][] = [
  ['New York', 'NY', 'United States'],
  ['Boston', 'MA', 'United States'],
  ['Chicago', 'IL', 'United States'],
  ['Austin', 'TX', 'United States'],
]
const ORGANIZERS = ['Friends', 'Society', 'Collective', 'Association', 'Guild', 'Circle']
const CATEGORIES = ['Music', 'Arts', 'Family', 'Learning', 'Food', 'Sports']
const TAGS = ['outdoor', 'indoor', 'free', 'kids', 'evening', 'weekend', 'accessible', 'members']
const ADJECTIVES = ['Summer', 'Winter', 'Open-air', 'Acoustic', 'Family', 'Late', 'Riverside']
const NOUNS = [
  'Jazz Night',
  'Book Club',
  'Farmers Market',
  'Film Screening',
  'Yoga Class',
  'Concert',
  'Workshop',
  'Quiz Night',
  'Lecture',
]
const COSTS = ['', '', 'Free', '$10', '$15 - $25', '20']

const named = (kind: string, word: string) => `${MARKER} ${word} ${kind}`

/** The title of the mix's event `index` (1-based); the editor appends to it. */
export const mixTitle = (index: number): string => titleFrom(generator(2027_0000 + index), index)

const titleFrom = (rng: ReturnType<typeof generator>, index: number) =>
  `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}, ${MARKER} ${index}`

/** The index in a mix event's title, or undefined for the reference site's events. */
export const mixIndex = (title: string): number | undefined => {
  const match = new RegExp(`${MARKER} (\\d+)`).exec(title)
  return match ? Number(match[1]) : undefined
}

const pad = (value: number) => String(value).padStart(2, '0')

function mixEvent(index: number, ids: LinkedIds) {
  const rng = generator(2027_0000 + index)
  const title = titleFrom(rng, index)
  const day = new Date(Date.UTC(2027, 0, 1 + rng.int(0, 364)))
  const hour = rng.int(9, 20)
  const minutes = rng.pick([0, 30])
  const hours = rng.int(1, 3)
  const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`
  const cost = rng.pick(COSTS)
  return {
    title,
    description: `<p>${title}: an event of the mix benchmark, number ${index}.</p>`,
    start_date: `${date} ${pad(hour)}:${pad(minutes)}:00`,
    end_date: `${date} ${pad(hour + hours)}:${pad(minutes)}:00`,
    venue: ids.venues[rng.int(0, ids.venues.length - 1)],
    organizer: [ids.organizers[rng.int(0, ids.organizers.length - 1)]],
    categories: rng.some(ids.categories, rng.int(1, 2)),
    tags: rng.some(ids.tags, rng.int(0, 3)),
    ...(cost ? { cost } : {}),
    status: 'publish',
  }
}

type LinkedIds = { categories: number[]; organizers: number[]; tags: number[]; venues: number[] }

/** Runs `work` on each item, `parallel` at a time. */
async function inTurn<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

/** The reference site's seed requests, on an empty calendar, with the ids each system gave. */
async function seedReference(target: Target, log: (message: string) => void) {
  const { requests } = JSON.parse(readFileSync(REFERENCE, 'utf8')) as { requests: SeedRequest[] }
  const posts = new Map<number, number>()
  const terms = new Map<number, number>()
  const post = (id: unknown) => posts.get(Number(id)) ?? id
  const term = (id: unknown) => terms.get(Number(id)) ?? id
  for (const request of requests) {
    const body: Record<string, unknown> = { ...request.body }
    if (body.venue !== undefined) body.venue = post(body.venue)
    if (Array.isArray(body.organizer)) body.organizer = body.organizer.map(post)
    for (const key of ['categories', 'tags'])
      if (Array.isArray(body[key])) body[key] = (body[key] as unknown[]).map(term)
    if (body.parent !== undefined) body.parent = term(body.parent)
    const answer = await expectCall(target, 201, 'POST', request.path, { body })
    const id = Number((answer.body as { id: number }).id)
    const isTerm = request.path === '/categories' || request.path === '/tags'
    ;(isTerm ? terms : posts).set(request.peer_id, id)
  }
  log(`${target.name}: the reference site's ${requests.length} seed requests sent`)
}

/** The "Mixbench …" items of one kind, made where missing; their ids in the order of `words`. */
async function linkedItems(
  target: Target,
  route: string,
  key: string,
  nameKey: string,
  words: string[],
  kind: string,
  extra: (index: number) => Record<string, unknown> = () => ({}),
): Promise<number[]> {
  const found = await readAll<Record<string, unknown>>(target, `${route}?search=${MARKER}`, key)
  const byName = new Map(found.map((item) => [String(item[nameKey]), Number(item.id)]))
  const ids: number[] = []
  for (const [index, word] of words.entries()) {
    const name = named(kind, word)
    let id = byName.get(name)
    if (id === undefined) {
      const answer = await expectCall(target, 201, 'POST', route, {
        body: { [nameKey]: name, ...extra(index) },
      })
      id = Number((answer.body as { id: number }).id)
    }
    ids.push(id)
  }
  return ids
}

/** Seeds what `target` lacks of the mix's calendar; `parallel` creates at a time. */
export async function seedCalendar(
  target: Target,
  log: (message: string) => void,
  parallel = 3,
): Promise<void> {
  const started = Date.now()
  const existing = await readAll<{ title: string }>(
    target,
    `/events?search=${MARKER}&start_date=2027-01-01&end_date=2027-12-31%2023:59:59`,
    'events',
  )
  const have = new Set(existing.map((event) => mixIndex(event.title)))
  const missing = Array.from({ length: MIX_EVENTS }, (_, index) => index + 1).filter(
    (index) => !have.has(index),
  )
  if (!missing.length) {
    log(`${target.name}: already seeded (${existing.length} "${MARKER}" events over 2027)`)
    return
  }
  if ((await totalOf(target, '/events?start_date=2000-01-01&per_page=1', true)) === 0)
    await seedReference(target, log)
  const ids: LinkedIds = {
    venues: await linkedItems(target, '/venues', 'venues', 'venue', VENUES, 'venue', (index) => {
      const [city, state, country] = VENUE_CITIES[index % VENUE_CITIES.length]!
      return { address: `${index + 1} Main Street`, city, state, country, status: 'publish' }
    }),
    organizers: await linkedItems(
      target,
      '/organizers',
      'organizers',
      'organizer',
      ORGANIZERS,
      'organizer',
      (index) => ({ email: `mix-${index + 1}@example.org`, status: 'publish' }),
    ),
    categories: await linkedItems(
      target,
      '/categories',
      'categories',
      'name',
      CATEGORIES,
      'category',
    ),
    tags: await linkedItems(target, '/tags', 'tags', 'name', TAGS, 'tag'),
  }
  log(`${target.name}: creating ${missing.length} events over 2027…`)
  let done = 0
  await inTurn(missing, parallel, async (index) => {
    await expectCall(target, 201, 'POST', '/events', { body: mixEvent(index, ids) })
    if (++done % 50 === 0) log(`${target.name}: ${done} / ${missing.length} events`)
  })
  log(`${target.name}: seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

/** A published mix event's new title for the editor's `count`th update (the index stays in it). */
export const editedTitle = (index: number, count: number) => `${mixTitle(index)} (edit ${count})`
