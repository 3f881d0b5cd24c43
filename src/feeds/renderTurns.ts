/*
 * Feeds rendered at once, across the whole server. A feed not kept yet (`keptFeeds.ts`) reads up
 * to MAX_FEED_EVENTS events and writes each: far more work than any other anonymous request. Without
 * a bound, a few clients asking for different feeds (each within its own fair share) would hold the
 * database pool and the event loop, and everyone else's reads would wait. Renders beyond
 * MAX_RENDERS wait their turn, in order, for at most MAX_WAIT_MS (MAX_WAITING at most), then are
 * refused (`NoRenderTurn`: a 503 with Retry-After), so feeds can never starve other clients.
 */

export const MAX_RENDERS = 2
export const MAX_WAITING = 16
export const MAX_WAIT_MS = 5_000
/** What a refused client is told to wait: about one render. */
export const RETRY_AFTER_SECONDS = 5

export class NoRenderTurn extends Error {
  constructor() {
    super('Too many calendar feeds are being prepared at once.')
  }
}

let running = 0
const waiting: (() => void)[] = []

/** Runs `render` when one of the MAX_RENDERS turns is free; throws `NoRenderTurn` if none frees in time. */
export async function withRenderTurn<T>(render: () => Promise<T>): Promise<T> {
  await takeTurn()
  try {
    return await render()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

function takeTurn(): Promise<void> {
  if (running < MAX_RENDERS) {
    running++
    return Promise.resolve()
  }
  if (waiting.length >= MAX_WAITING) return Promise.reject(new NoRenderTurn())
  return new Promise<void>((resolve, reject) => {
    // The turn passes straight from the render that ends to this one (`running` stays as it is).
    const turn = () => {
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(turn), 1)
      reject(new NoRenderTurn())
    }, MAX_WAIT_MS)
    waiting.push(turn)
  })
}
