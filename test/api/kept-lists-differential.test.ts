import type { Payload } from 'payload'

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { cacheStats } from '../../src/calendar/cache/registry'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { basic, serveAllApis, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { occurrenceIdAt } from '../helpers/series'

/*
 * Kept events lists are never stale (issue 29: `src/db/calendarSchema/listRows.ts` classifies the
 * columns lists read, `endpoints/freshness.ts` drops lists on its facts and on the items they
 * show), checked against the lists made anew: random writes to a small calendar, through the
 * paths editors and integrations use (the compatibility API, Payload's REST and Local API, a
 * series' rule and occurrences), and after each one a fixed set of visitors' list URLs read from
 * a server that keeps answers and from one that keeps nothing, on the same Payload and database:
 * status, body, `X-TEC-Total` and `X-TEC-TotalPages` must be byte for byte the same. Beside the
 * lists, the answers that tell what visitors can of the events the writes hide (each event by id
 * and by its first slug, the venues and organizers that have events, the categories' counts):
 * a change of a hidden event drops only those that can tell it
 * (`src/db/calendarSchema/hiddenChanges.ts`).
 * `test/api/kept-lists.test.ts` checks the enumerated cases; this finds the ones not enumerated.
 *
 * Both servers read one fixed clock: the lists' windows are of whole days, and the real clock
 * crossing a midnight between the two reads would make them differ without anything being stale.
 * The runs go on from where the last one left the calendar: the property holds in any state, and a
 * failing seed (KEPT_LISTS_SEED) replays the same runs in order from the same seeded calendar (run
 * the file alone: files before it in a worker leave events of their own in the lists).
 */

const NOW = new Date('2028-06-01T12:00:00.000Z')
const API = '/wp-json/vendor/events/v1'
const RUNS = 16
const SEED = Number(process.env.KEPT_LISTS_SEED) || Date.now() % 2 ** 31

type Answer = { body: string; status: number; total: null | string; totalPages: null | string }

/** The events of the seeded calendar the writes pick from: singles, then the series. */
type Calendar = {
  singles: number[]
  series: number[]
  occurrences: number[]
  venues: number[]
  organizers: number[]
  categories: number[]
  tags: number[]
  word: string
}

type Write =
  | { kind: 'title' | 'excerpt' | 'description'; event: number; word: boolean; via: Via }
  | { kind: 'dates'; event: number; day: number; hours: number; via: Via }
  | { kind: 'status'; event: number; status: Status; via: Via }
  | { kind: 'trash'; event: number }
  | { kind: 'password'; event: number; set: boolean }
  | { kind: 'featured' | 'hidden'; event: number; on: boolean; via: Via }
  | { kind: 'categories' | 'tags' | 'organizers'; event: number; pick: boolean[]; via: Via }
  | { kind: 'venue'; event: number; venue: number | null; via: Via }
  | { kind: 'cost' | 'website'; event: number; value: number; via: Via }
  | { kind: 'rule'; series: number; count: number }
  | { kind: 'occurrence'; occurrence: number; action: 'cancel' | 'restore' | 'move' | 'retitle' }
  | { kind: 'create'; day: number; word: boolean }
type Via = 'compat' | 'rest' | 'local'
type Status = 'publish' | 'draft' | 'pending' | 'private'

const via = fc.constantFrom<Via>('compat', 'rest', 'local')
/**
 * What hides an event from visitors, set seldom: the runs go on from one another, and a calendar
 * drifted to mostly hidden events would show few of the changes lists must see.
 */
const seldom = fc.nat({ max: 3 }).map((draw) => draw === 0)
/**
 * Which of three related items an event gets: most often exactly one (one for another is as many
 * relation rows, of other columns), or none (an event of no term moves no term's count, which
 * drops the lists by itself), or any.
 */
const relations: fc.Arbitrary<boolean[]> = fc.oneof(
  { arbitrary: fc.nat({ max: 2 }).map((one) => [0, 1, 2].map((at) => at === one)), weight: 3 },
  { arbitrary: fc.constant<boolean[]>([false, false, false]), weight: 1 },
  { arbitrary: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), weight: 1 },
)
/** An index into one of the calendar's lists (taken modulo its length). */
const index = fc.nat({ max: 99 })

const writeArbitrary: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('title' as const, 'excerpt' as const, 'description' as const),
    event: index,
    word: fc.boolean(),
    via,
  }),
  fc.record({
    kind: fc.constant('dates' as const),
    event: index,
    day: fc.integer({ min: 1, max: 40 }),
    hours: fc.integer({ min: 1, max: 30 }),
    via,
  }),
  {
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      event: index,
      status: fc.constantFrom<Status>('publish', 'publish', 'draft', 'pending', 'private'),
      via,
    }),
    // Often: publish ↔ private and the trash change the status alone (publish ↔ draft changes
    // the publication date too), which the lists must see.
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('trash' as const), event: index }), weight: 2 },
  fc.record({ kind: fc.constant('password' as const), event: index, set: seldom }),
  fc.record({ kind: fc.constant('featured' as const), event: index, on: fc.boolean(), via }),
  fc.record({ kind: fc.constant('hidden' as const), event: index, on: seldom, via }),
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('categories' as const, 'tags' as const, 'organizers' as const),
      event: index,
      pick: relations,
      via,
    }),
    weight: 2,
  },
  // Organizers move no term's count (which drops the lists by itself): one changed for another
  // is seen by the lists' own facts only.
  {
    arbitrary: fc.record({
      kind: fc.constant('organizers' as const),
      event: index,
      pick: relations,
      via,
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant('venue' as const),
    event: index,
    venue: fc.option(index, { nil: null }),
    via,
  }),
  fc.record({
    kind: fc.constantFrom('cost' as const, 'website' as const),
    event: index,
    value: fc.integer({ min: 1, max: 99 }),
    via,
  }),
  fc.record({
    kind: fc.constant('rule' as const),
    series: index,
    count: fc.integer({ min: 3, max: 6 }),
  }),
  fc.record({
    kind: fc.constant('occurrence' as const),
    occurrence: index,
    action: fc.constantFrom(
      'cancel' as const,
      'restore' as const,
      'move' as const,
      'retitle' as const,
    ),
  }),
  fc.record({
    kind: fc.constant('create' as const),
    day: fc.integer({ min: 1, max: 40 }),
    word: fc.boolean(),
  }),
)

/** 2028-06-01 plus `day - 1` days at `hour`, as the compatibility API's local date and as an instant. */
const dayAt = (day: number, hour: number) => {
  const date = new Date(Date.UTC(2028, 5, day, hour))
  const iso = date.toISOString()
  return { iso, local: `${iso.slice(0, 10)} ${iso.slice(11, 19)}` }
}

describe('kept events lists against lists made anew, over random writes', () => {
  let payload: Payload
  let server: TestServer
  let kept: TestServer
  let fresh: TestServer
  let admin: TestUser
  let tag: string
  let calendar: Calendar
  let lists: string[]

  /** A request as the administrator; the written answer, or an error naming what was refused. */
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (response.status >= 300)
      throw new Error(
        `${method} ${path} ${JSON.stringify(body)} answered ${response.status}: ${text}`,
      )
    return JSON.parse(text) as Record<string, any>
  }
  const localUpdate = (id: number, data: Record<string, unknown>) =>
    payload.update({ collection: 'events' as never, id, data: data as never, overrideAccess: true })

  /** One change of an event through `via`: the compatibility API's fields, or Payload's. */
  const changeEvent = async (
    id: number,
    through: Via,
    compat: Record<string, unknown>,
    data: Record<string, unknown>,
  ) => {
    if (through === 'compat') await send('POST', `${API}/events/${id}`, compat)
    else if (through === 'rest') await send('PATCH', `/api/events/${id}`, data)
    else await localUpdate(id, data)
  }

  const titled = (word: boolean) => `${tag} evening${word ? ` ${calendar.word}` : ''}`
  const picked = (all: number[], pick: boolean[]) => all.filter((_, at) => pick[at % pick.length])
  const nth = <T>(all: T[], at: number) => all[at % all.length]!
  const events = () => [...calendar.singles, ...calendar.series]

  const apply = async (write: Write): Promise<void> => {
    switch (write.kind) {
      case 'title':
      case 'excerpt': {
        const id = nth(events(), write.event)
        const text = titled(write.word)
        return changeEvent(id, write.via, { [write.kind]: text }, { [write.kind]: text })
      }
      case 'description': {
        // Payload's rich text is the editor's; its text through the compatibility API's HTML.
        const id = nth(events(), write.event)
        return void (await send('POST', `${API}/events/${id}`, {
          description: `<p>${titled(write.word)} in the hall</p>`,
        }))
      }
      case 'dates': {
        const id = nth(calendar.singles, write.event)
        const start = dayAt(write.day, 10)
        const end = dayAt(write.day, 10 + write.hours)
        return changeEvent(
          id,
          write.via,
          { start_date: start.local, end_date: end.local },
          { startDate: start.iso, endDate: end.iso },
        )
      }
      case 'status': {
        const id = nth(events(), write.event)
        return changeEvent(id, write.via, { status: write.status }, { status: write.status })
      }
      case 'trash':
        return void (await send('DELETE', `${API}/events/${nth(events(), write.event)}`).catch(
          // Trashing what is already in the trash is refused (410, `test/api/events-write.test.ts`),
          // which changes nothing.
          (error: Error) => {
            if (!/answered 410/.test(error.message)) throw error
          },
        ))
      case 'password':
        return void (await localUpdate(nth(events(), write.event), {
          password: write.set ? 'secret' : '',
        }))
      case 'featured':
      case 'hidden': {
        const id = nth(events(), write.event)
        const field = write.kind === 'featured' ? 'featured' : 'hideFromListings'
        const param = write.kind === 'featured' ? 'featured' : 'hide_from_listings'
        return changeEvent(id, write.via, { [param]: write.on }, { [field]: write.on })
      }
      case 'categories':
      case 'tags':
      case 'organizers': {
        const id = nth(events(), write.event)
        const ids = picked(calendar[write.kind], write.pick)
        const param = write.kind === 'organizers' ? 'organizer' : write.kind
        return changeEvent(id, write.via, { [param]: ids }, { [write.kind]: ids })
      }
      case 'venue': {
        const id = nth(events(), write.event)
        const venue = write.venue === null ? null : nth(calendar.venues, write.venue)
        return changeEvent(id, write.via, { venue: venue ?? [] }, { venue })
      }
      case 'cost':
        return changeEvent(
          nth(events(), write.event),
          write.via,
          { cost: String(write.value) },
          { cost: String(write.value) },
        )
      case 'website': {
        const website = `https://example.com/${write.value}`
        return changeEvent(nth(events(), write.event), write.via, { website }, { website })
      }
      case 'rule':
        return void (await send('PATCH', `/api/events/${nth(calendar.series, write.series)}`, {
          recurrence: { rule: `FREQ=WEEKLY;COUNT=${write.count}` },
        }))
      case 'occurrence': {
        // The first three occurrences of the first series: every rule the writes set keeps them.
        const occurrence = nth(calendar.occurrences, write.occurrence)
        const path = `/api/events/${calendar.series[0]}/occurrences/${occurrence}`
        const edits = {
          cancel: { status: 'cancelled' },
          restore: { status: 'scheduled' },
          move: {
            startDate: dayAt(20 + (occurrence % 5), 15).iso,
            endDate: dayAt(20 + (occurrence % 5), 16).iso,
          },
          retitle: { title: `${tag} special ${occurrence}` },
        }
        return void (await send('PATCH', path, edits[write.action]))
      }
      case 'create': {
        const start = dayAt(write.day, 18)
        const end = dayAt(write.day, 20)
        const created = await send('POST', `${API}/events`, {
          title: titled(write.word),
          start_date: start.local,
          end_date: end.local,
          timezone: 'UTC',
          status: 'publish',
          categories: [calendar.categories[1]],
        })
        calendar.singles.push(Number(created.id))
      }
    }
  }

  const read = async (base: TestServer, path: string): Promise<Answer> => {
    const response = await fetch(`${base.url}${API}${path}`)
    return {
      body: await response.text(),
      status: response.status,
      total: response.headers.get('x-tec-total'),
      totalPages: response.headers.get('x-tec-totalpages'),
    }
  }

  /** An answer in a failure's message: its headers, the events' ids, and its body where it differs from `other`'s. */
  const summary = (answer: Answer, other: Answer) => {
    let from = 0
    while (from < answer.body.length && answer.body[from] === other.body[from]) from++
    let ids: unknown
    try {
      ids = (JSON.parse(answer.body) as { events?: { id: number }[] }).events?.map(({ id }) => id)
    } catch {
      ids = null
    }
    const { status, total, totalPages } = answer
    const differs = answer.body.slice(Math.max(0, from - 80), from + 160)
    return JSON.stringify({ status, total, totalPages, ids, differs })
  }

  /**
   * Every list, kept and anew, all at once (nothing is written meanwhile): an error naming the
   * first that differ, with what was written before. A page past the last is a 404 both ways.
   */
  const compareLists = async (after: string) => {
    const answers = await Promise.all(
      lists.map((list) => Promise.all([read(kept, list), read(fresh, list)])),
    )
    for (const [at, [keptAnswer, freshAnswer]] of answers.entries()) {
      if (JSON.stringify(keptAnswer) !== JSON.stringify(freshAnswer))
        throw new Error(
          `after ${after}, ${lists[at]} kept differs from anew:\n kept: ${summary(keptAnswer, freshAnswer)}\n anew: ${summary(freshAnswer, keptAnswer)}`,
        )
    }
  }

  const answersServedKept = () =>
    cacheStats(payload).payload.find((region) => region.name === 'answers')?.hits ?? 0

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    const options = { ...pluginOptionsOf(payload), clock: () => NOW }
    kept = await serveCompatApi(payload, options)
    fresh = await serveCompatApi(payload, {
      ...options,
      cache: { ...options.cache, keepReads: false },
    })
    admin = await createUser(payload, 'administrator')
    tag = unique('Differential')
    const word = `zq${tag
      .replace(/[^a-z0-9]/gi, '')
      .slice(-6)
      .toLowerCase()}`
    const create = async (collection: string, data: Record<string, unknown>) =>
      Number(
        ((await payload.create({ collection: collection as never, data: data as never })) as any)
          .id,
      )
    const venues = [
      await create('venues', { name: `${tag} hall`, status: 'publish' }),
      await create('venues', { name: `${tag} park`, status: 'publish' }),
      await create('venues', { name: `${tag} club`, status: 'publish' }),
    ]
    const organizers = [
      await create('organizers', { name: `${tag} host`, status: 'publish' }),
      await create('organizers', { name: `${tag} guest`, status: 'publish' }),
      await create('organizers', { name: `${tag} crew`, status: 'publish' }),
    ]
    const music = await create('event-categories', { name: `${tag} music` })
    const categories = [
      music,
      await create('event-categories', { name: `${tag} jazz`, parent: music }),
      await create('event-categories', { name: `${tag} talks` }),
    ]
    const tags = [
      await create('event-tags', { name: `${tag} late` }),
      await create('event-tags', { name: `${tag} free` }),
      await create('event-tags', { name: `${tag} family` }),
    ]
    calendar = {
      singles: [],
      series: [],
      occurrences: [],
      venues,
      organizers,
      categories,
      tags,
      word,
    }
    for (let at = 0; at < 8; at++) {
      const start = dayAt(2 + at * 3, 9 + at)
      const end = dayAt(2 + at * 3, 11 + at)
      calendar.singles.push(
        await create('events', {
          title: `${tag} ${at % 3 === 0 ? `${word} ` : ''}night ${at}`,
          excerpt: at % 4 === 1 ? `with ${word}` : 'an evening',
          status: at === 5 ? 'draft' : 'publish',
          password: at === 7 ? 'secret' : undefined,
          featured: at % 3 === 1,
          timezone: 'UTC',
          startDate: start.iso,
          endDate: end.iso,
          venue: at % 4 === 3 ? null : venues[at % 3],
          organizers: at % 3 === 2 ? [] : [organizers[at % 2]],
          // Two of no term (0 and 6): their status changes move no term's count.
          categories: at % 3 === 0 ? [] : [categories[at % 3]],
          tags: at % 2 ? [tags[at % 3]] : [],
          cost: at % 2 ? '10' : undefined,
        }),
      )
    }
    for (const [at, first] of [dayAt(5, 9), dayAt(8, 17)].entries()) {
      const created = await send('POST', '/api/events', {
        title: `${tag} weekly ${at}`,
        startDate: first.iso,
        endDate: new Date(Date.parse(first.iso) + 3_600_000).toISOString(),
        timezone: 'UTC',
        status: 'publish',
        venue: venues[at],
        categories: [categories[1 + at]],
        recurrence: { rule: `FREQ=WEEKLY;COUNT=${4 + at}` },
      })
      calendar.series.push(Number(created.doc.id))
    }
    for (const day of [5, 12, 19])
      calendar.occurrences.push(
        await occurrenceIdAt(
          payload,
          calendar.series[0]!,
          `2028-06-${String(day).padStart(2, '0')}T09:00:00`,
        ),
      )
    const window = 'start_date=2028-06-01&end_date=2028-06-30'
    const slugs = (
      await Promise.all(
        calendar.singles.map(
          async (id) =>
            (await payload.findByID({ collection: 'events' as never, id, depth: 0 })) as {
              slug: string
            },
        ),
      )
    ).map(({ slug }) => slug)
    const linked = `search=${encodeURIComponent(tag)}&per_page=50`
    lists = [
      // Answers that tell what visitors can of the events they cannot read (the writes hide
      // some): their ids and slugs, and whether they count towards has_events.
      ...calendar.singles.map((id) => `/events/${id}`),
      ...slugs.map((slug) => `/events/by-slug/${slug}`),
      `/venues?${linked}&has_events=true`,
      `/organizers?${linked}&has_events=true`,
      `/venues?${linked}&only_with_upcoming=true`,
      `/categories?${linked}`,
      ...[
        '',
        'page=2&per_page=6',
        'per_page=5',
        `${window}&per_page=50`,
        `${window}&per_page=4&page=2`,
        `${window}&categories=${categories[0]}`,
        `${window}&categories=${categories[1]}&tags=${tags[1]}`,
        `${window}&tags=${tags[0]}`,
        `${window}&venue=${venues[0]}`,
        `${window}&organizer=${organizers[1]}`,
        `organizer=${organizers[2]}&per_page=50`,
        `${window}&search=${word}`,
        `search=${word}&per_page=3`,
        `${window}&featured=true`,
        `include=${[...calendar.singles.slice(0, 6), calendar.series[1]].join(',')}`,
        `post_parent=${calendar.series[0]}&per_page=50`,
      ].map((query) => `/events?${query}`),
    ]
  })

  afterAll(async () => {
    await kept?.close()
    await fresh?.close()
    await server?.close()
  })

  it(`serves every kept list as it would be made anew (${RUNS} runs, seed from KEPT_LISTS_SEED)`, async () => {
    await compareLists('the calendar was seeded')
    const servedBefore = answersServedKept()
    let steps = 0
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(writeArbitrary, { minLength: 6, maxLength: 8 }),
          async (writes) => {
            for (const [at, write] of writes.entries()) {
              await apply(write)
              steps++
              await compareLists(`writes ${JSON.stringify(writes.slice(0, at + 1))}`)
            }
          },
        ),
        // No shrinking: each run changes the calendar the next one starts from.
        { endOnFailure: true, numRuns: RUNS, seed: SEED },
      )
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined
      throw new Error(
        `KEPT_LISTS_SEED=${SEED} (after ${steps} writes): ${(error as Error).message}\n${cause?.message ?? ''}`,
        { cause: error },
      )
    }
    // The check could fail: lists were served as kept between the writes.
    const served = answersServedKept() - servedBefore
    console.log(
      `kept-lists differential: seed ${SEED}, ${steps} writes, ${served} lists served kept`,
    )
    expect(served).toBeGreaterThan(steps)
  })
})
