import type { PreparedAnswer } from './conditional'
import type { RestContext } from './context'

import { keptFor } from './freshness'

/*
 * Whole answers to visitors' GETs, kept with the rest of what visitors' reads keep (`freshness.ts`):
 * until the calendar changes, so an item unpublished, trashed or protected is never served from
 * here after the transaction that changed it has committed.
 *
 * The key is everything a visitor's answer depends on: the REST root it came through (site and
 * language root), the path and the raw query (language, filters, page) and the language resolved
 * from them. An answer made without reading the clock (`ctx.now`: a single item, terms) is kept for
 * as long as the calendar does not change; one that read it (lists and filters: the default
 * window, upcoming items, `now` in dates) only within the same second, never in another. Headers
 * play no part in a visitor's answer: CORS headers are added to each response (`endpoints/dispatch/cors.ts`).
 *
 * Not kept: answers for a signed-in caller, answers that a `password` in the query may unlock,
 * requests with a body (arguments may come from it),
 * errors a retry may cure (5xx, 429), and bodies beyond MAX_BODY_CHARS.
 */

/** The region of answers: its bodies' characters (about a byte each) count towards its `maxBytes` (`src/calendar/cache/limits.ts`). */
const KIND = 'answers'
/** One body at most this long is kept. */
const MAX_BODY_CHARS = 1024 * 1024

export type KeptAnswer = PreparedAnswer & { allow?: string }

export type VisitorResponses = {
  get: () => KeptAnswer | undefined
  /** Keeps the answer; `readClock`: whether making it read the clock. */
  set: (answer: KeptAnswer, readClock: boolean) => void
}

export type AnswerKey = {
  language: string
  now: Date
  path: string
  query: string
  restBase: string
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
  const inThisSecond = `${timeless}\n${Math.floor(request.now.getTime() / 1000)}`
  return {
    get: () => kept.get<KeptAnswer>(KIND, timeless) ?? kept.get<KeptAnswer>(KIND, inThisSecond),
    set: (answer, readClock) => {
      if (answer.status >= 500 || answer.status === 429 || answer.body.length > MAX_BODY_CHARS)
        return
      kept.set(KIND, readClock ? inThisSecond : timeless, answer, answer.body.length + 512)
    },
  }
}
