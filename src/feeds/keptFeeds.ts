import type { FeedContext } from './feedContext'

import { keptFor } from '../../endpoints/freshness'
import { feedEtag } from './feedValidators'

/*
 * Rendered feeds, kept with what visitors' reads keep (`endpoints/freshness.ts`): until the calendar
 * changes, so a feed never shows an event after the transaction that unpublished, trashed or
 * protected it has committed. The key is everything the feed depends on (`answerFeed.ts`: its URL,
 * language and resolved conditions, whose date window already holds what was read of the clock).
 *
 * A render under way is kept too, as its promise: every request for the same feed meanwhile waits
 * for it rather than rendering the same feed again (eight subscribers refreshing at once cost one
 * render). A render that fails is forgotten, so the next request tries again.
 *
 * Memory: the bodies' bytes count towards the `feeds` region's `maxBytes`, the least recently used
 * going first (`src/calendar/cache/limits.ts`); a feed holds at most MAX_FEED_EVENTS events (about 1 MB).
 */

const KIND = 'feeds'
/** What an entry counts besides its body: a render under way counts this alone. */
const ENTRY_BYTES = 512

export type RenderedFeed = { body: Uint8Array<ArrayBuffer>; events: number }

/** A rendered feed with its ETag (`feedValidators.ts`), computed once per render. */
export type KeptFeed = RenderedFeed & { etag: string }

type Entry = KeptFeed | Promise<KeptFeed> | undefined

/** The feed `key` as kept, or rendered now by `render` (and kept, for visitors, until the calendar changes). */
export async function keptFeed(
  ctx: FeedContext,
  key: string,
  render: () => Promise<RenderedFeed>,
): Promise<KeptFeed> {
  const kept = await keptFor(ctx)
  const known = kept.get<Entry>(KIND, key)
  if (known) return known
  const rendering = render().then((feed) => ({ ...feed, etag: feedEtag(key, feed.body) }))
  kept.set(KIND, key, rendering, ENTRY_BYTES)
  try {
    const rendered = await rendering
    kept.set(KIND, key, rendered, rendered.body.byteLength + ENTRY_BYTES)
    return rendered
  } catch (error) {
    kept.set(KIND, key, undefined)
    throw error
  }
}
