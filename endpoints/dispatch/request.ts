import qs from 'qs'

import { withoutNul } from '../../src/lib/withoutNul'

import { lastAssignments } from './phpAssignments'

/** One HTTP request to the compatibility API, as any server hands it over. */
export type CompatRequest = {
  /** The raw body, if any. */
  body?: string
  headers: Headers
  method: string
  /** The path below the REST root, e.g. `/vendor/events/v1/events/12`. */
  path: string
  /** The raw query string, without `?`. */
  query: string
  /** Absolute URL of the REST root the request came through, e.g. `https://site/fr/wp-json`. */
  restBase: string
  /**
   * The caller's network address, for slowing down repeated wrong passwords. Without it, the
   * address our server signed into the headers (`src/auth/clientAddress.ts`) is used, if any.
   */
  clientAddress?: string
  /** The language of the root (`/fr/wp-json` → `fr`); the default language when absent. */
  rootLanguage?: string
  /** Aborted when the caller hangs up before its answer is sent. */
  signal?: AbortSignal
}

const QS_OPTIONS = { allowDots: false, arrayLimit: 100, depth: 5, parameterLimit: 1000 } as const

/**
 * A query string (or a form body) as PHP reads one (`a[]=1&a[]=2`, `a[b]=c`, the last of
 * `a=1&a=2`), bounded, with NUL characters dropped, but from a `search` text: no stored text
 * holds a NUL, so a search with one finds what the original's finds (`holdsNul` in `src/lib/searchTerms.ts`
 * says how each list's search reads it), and the events list echoes it.
 */
export const parseQuery = (raw: string): Record<string, unknown> => {
  const parsed = qs.parse(lastAssignments(raw, QS_OPTIONS.parameterLimit), QS_OPTIONS)
  const kept = withoutNul(parsed) as Record<string, unknown>
  const { search } = parsed as Record<string, unknown>
  return typeof search === 'string' && search !== kept.search ? { ...kept, search } : kept
}
