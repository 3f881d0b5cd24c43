import type { RestContext } from '../context'
import type { Exchange } from './exchange'

import { type KeptAnswer, visitorResponsesFor } from '../visitorResponses'

/**
 * A visitor's GET answered before, answered again as long as the calendar has not changed
 * (`visitorResponses.ts`); the exchange remembers where to keep this request's answer. `now` is
 * the request's instant, passed without reading `ctx.now`, which would mark the answer as timely.
 */
export async function keptAnswer(
  ctx: RestContext,
  now: Date,
  exchange: Exchange,
): Promise<KeptAnswer | undefined> {
  const { language, request } = exchange
  exchange.kept = await visitorResponsesFor(ctx, {
    language,
    now,
    path: request.path,
    query: request.query,
    restBase: request.restBase,
  })
  return exchange.kept?.get()
}
