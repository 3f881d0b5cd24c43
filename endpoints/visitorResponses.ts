import type { PreparedAnswer } from './conditional'
import type { RestContext } from './context'

import { CALENDAR_SLUGS, RESOURCE_COLLECTIONS } from '../src/slugs'
import { keptUntil, movesOnlyAtKnownInstants } from './clockBound'
import { keptFor, listDependencies, slugLookUps } from './freshness'

/*
 * Whole answers to visitors' GETs, kept with the rest of what visitors' reads keep (`freshness.ts`),
 * so an item unpublished, trashed or protected is never served from here after the transaction
 * that changed it has committed.
 *
 * The key is everything a visitor's answer depends on: the REST root it came through (site and
 * language root), the path and the raw query (language, filters, page) and the language resolved
 * from them. What drops an answer:
 * - one item found by id or slug (an event, a venue, an organizer, a term): a change of an item it
 *   shows (the event, its venue, organizers and terms, its terms' counts: the items its reads
 *   recorded, `src/calendar/dependencies.ts`);
 * - a page of the events list: a change of an event it shows, of what may move which events match
 *   the lists (which texts they compare when it searches), or of any venue, organizer, term or
 *   term count (`listDependencies`, `freshness.ts`);
 * - anything else (other lists, errors): any change of the calendar.
 * An answer made without reading the clock (`ctx.now`) is kept for as long as that; one that read
 * it, until the clock reaches the next instant that can change it where that is known
 * (`clockBound.ts`: the events list by whole days, upcoming venues and organizers), otherwise
 * only within the same second, never in another. Headers play no part in a visitor's answer:
 * CORS headers are added to each response (`endpoints/dispatch/cors.ts`).
 *
 * Not kept: answers for a signed-in caller, answers that a `password` in the query may unlock,
 * requests with a body (arguments may come from it),
 * errors a retry may cure (5xx, 429), and bodies beyond MAX_BODY_CHARS.
 */

/** The region of answers: its bodies' characters (about a byte each) count towards its `maxBytes` (`src/calendar/cache/limits.ts`). */
const KIND = 'answers'
/** One body at most this long is kept. */
const MAX_BODY_CHARS = 1024 * 1024
/** What any change of the calendar drops (`freshness.ts`). */
const ANY_CHANGE = ['*']

export type KeptAnswer = PreparedAnswer & { allow?: string }

/** An answer that read the clock, right from `from` until `until` (ms since the epoch). */
type TimelyAnswer = { answer: KeptAnswer; from: number; until: number }

/** How an answer was made: whether it read the clock, and the items it showed (`collection:id`). */
export type AnswerMaking = { clockRead: boolean; read: readonly string[] }

export type VisitorResponses = {
  get: () => KeptAnswer | undefined
  /** Keeps the answer, as it was made. */
  set: (answer: KeptAnswer, making: AnswerMaking) => Promise<void>
}

export type AnswerKey = {
  language: string
  now: Date
  path: string
  query: string
  restBase: string
}

/** One item by id or by slug, on the resources that have them. */
const ONE_ITEM = /^\/(?:events|venues|organizers|categories|tags)\/(?:\d+|by-slug\/[^/]+)$/
/** A look-up by slug. */
const BY_SLUG = /^\/(?:events|venues|organizers|categories|tags)\/by-slug\/[^/]+$/
/** The events list. */
const EVENTS_LIST = '/events'

/**
 * Whether a list's query may search: any mention of `search` in its query as sent (decoded, as its
 * arguments are) or in its arguments' names. A query that cannot be decoded is taken for one.
 */
export function maySearch(rawQuery: string, names: readonly string[]): boolean {
  if (names.some((name) => /search/i.test(name))) return true
  try {
    return /search/i.test(decodeURIComponent(rawQuery.replace(/\+/g, ' ')))
  } catch {
    return true
  }
}

/**
 * What drops an answer (see the top): the items it shows when it is one item that its reads
 * recorded (with the item named by id in its path), those and what may move the lists when it is
 * a page of the events list (with the texts searches compare when it `searches`), any change
 * otherwise.
 */
export function answerDependencies(
  path: string,
  status: number,
  read: readonly string[],
  searches = true,
): readonly string[] {
  if (status === 200 && path === EVENTS_LIST)
    return [...new Set([...listDependencies(searches), ...read])]
  const [, resource, id] = path.split('/')
  // A look-up by slug that found no readable item: also a slug's change of an item not read.
  if (status !== 200 && BY_SLUG.test(path))
    return [...ANY_CHANGE, slugLookUps(RESOURCE_COLLECTIONS[resource!]!)]
  if (status !== 200 || !ONE_ITEM.test(path)) return ANY_CHANGE
  const collection = RESOURCE_COLLECTIONS[resource!]!
  const own = /^\d+$/.test(id!) ? [`${collection}:${id}`] : []
  // An item its reads did not record is not known to be the one shown.
  if (!read.some((item) => item.startsWith(`${collection}:`))) return ANY_CHANGE
  // A category's link is the path of its ancestors' slugs (`terms/controller.ts`).
  const categories = `${CALENDAR_SLUGS.eventCategories}:`
  const ancestors = read.some((item) => item.startsWith(categories)) ? [`${categories}*`] : []
  return [...new Set([...own, ...read, ...ancestors])]
}

/** The kept answers for this request, or `null` when its answer may not be kept or reused. */
export async function visitorResponsesFor(
  ctx: RestContext,
  request: AnswerKey,
): Promise<null | VisitorResponses> {
  // A body (a POST sent as a GET through `_method`) may carry arguments the key does not see.
  if (
    !ctx.options.cache.keepAnswers ||
    ctx.user ||
    !['GET', 'HEAD'].includes(ctx.method) ||
    ctx.body !== undefined ||
    'password' in ctx.query
  )
    return null
  const kept = await keptFor(ctx)
  if (!kept.active) return null
  const timeless = [request.restBase, request.path, request.query, request.language].join('\n')
  const timely = `${timeless}\n~`
  const inThisSecond = `${timeless}\n${Math.floor(request.now.getTime() / 1000)}`
  const at = request.now.getTime()
  const namespaceRoot = `/${ctx.options.namespace}`
  const path = request.path.startsWith(namespaceRoot)
    ? request.path.slice(namespaceRoot.length)
    : request.path
  return {
    get: () => {
      const answer = kept.get<KeptAnswer>(KIND, timeless)
      if (answer) return answer
      const made = kept.get<TimelyAnswer>(KIND, timely)
      if (made && made.from <= at && at < made.until) return made.answer
      return kept.get<KeptAnswer>(KIND, inThisSecond)
    },
    set: async (answer, { clockRead, read }) => {
      if (answer.status >= 500 || answer.status === 429 || answer.body.length > MAX_BODY_CHARS)
        return
      const size = answer.body.length + 512
      const dependsOn = answerDependencies(
        path,
        answer.status,
        read,
        maySearch(request.query, Object.keys(ctx.query)),
      )
      if (!clockRead) return kept.set(KIND, timeless, answer, size, dependsOn)
      if (answer.status !== 200 || !movesOnlyAtKnownInstants(path, ctx.query))
        return kept.set(KIND, inThisSecond, answer, size, dependsOn)
      // Not worked out (the database did not answer): kept no longer than the second.
      const until = await keptUntil(ctx.payload, kept, request.now, ctx.options.siteTimezone).catch(
        () => undefined,
      )
      if (until === undefined) return kept.set(KIND, inThisSecond, answer, size, dependsOn)
      if (at < until)
        kept.set(KIND, timely, { answer, from: at, until } satisfies TimelyAnswer, size, dependsOn)
    },
  }
}
