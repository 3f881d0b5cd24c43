/**
 * The original's figures (WordPress + The Events Calendar serving `tribe/events/v1`), as issue 17
 * reports them: measured on the project's 2-core machine with the 63 reference seed requests'
 * data (about 50 events), autocannon 15 s, anonymous GETs, several runs. `best` is the figure the
 * issue's goal takes as the original's best quiet run; `range` is its table's range. The bench
 * divides our requests/s by `best` (the strictest comparison) and checks the issue's targets.
 */
export type OriginalFigure = {
  connections: number
  range: [number, number]
  best: number
  /** What the issue asks of us against `best`. */
  target: number
  what: string
}

export const ORIGINAL_SOURCE =
  'issue 17 ("Fast at every size"), table "Measured side by side" and its Goal section'

export const ORIGINAL: Record<string, OriginalFigure> = {
  'events-default': {
    connections: 2,
    range: [5.8, 18.9],
    best: 18.9,
    target: 30,
    what: 'GET /events',
  },
  'events-per-page-50': {
    connections: 2,
    range: [3.7, 12.0],
    best: 12.0,
    target: 30,
    what: 'GET /events?per_page=50&start_date=2026-01-01',
  },
  'event-by-id': {
    connections: 2,
    range: [10, 47],
    best: 47,
    target: 30,
    what: 'GET /events/{id}',
  },
  'event-by-slug': {
    connections: 2,
    range: [16, 51],
    best: 51,
    target: 30,
    what: 'GET /events/by-slug/{slug}',
  },
  venues: { connections: 2, range: [7, 39], best: 25.8, target: 30, what: 'GET /venues' },
  categories: { connections: 2, range: [8, 52], best: 52.3, target: 30, what: 'GET /categories' },
  create: {
    connections: 1,
    range: [6.5, 8.7],
    best: 8.7,
    target: 5,
    what: 'POST /events (authenticated)',
  },
}

/**
 * The figures at 1,000 events for the original (ours were measured at 10,000):
 * `GET /venues?has_events=1` 18–43 req/s.
 */
export const ORIGINAL_AT_1000: Record<string, { range: [number, number]; what: string }> = {
  'venues-has-events': { range: [18, 43], what: 'GET /venues?has_events=1' },
}

/** At 10,000 and 100,000 events: no read below this at c=2, and p95 growing less than this from 10k to 100k. */
export const LARGE_MIN_RPS = 200
export const MAX_P95_GROWTH = 1.5
