import { createHash } from 'node:crypto'

import { ifNoneMatchHits } from '../../endpoints/conditional'

/*
 * The ETag of the feeds and of `/events.json`: a digest of the feed's key and of its body as
 * rendered, so that it changes exactly when what the feed says changes, as the compatibility
 * API's do (`endpoints/conditional.ts`). The rendered body is kept until the calendar changes
 * (`keptFeeds.ts`), so a conditional request costs a render only after a change.
 *
 * Not the change log's: any save (a draft's, a private or protected item's) changed every feed's
 * validators, so a visitor polling with If-None-Match, or reading Last-Modified, learnt when
 * hidden items were edited, and the snapshot in the ETag told the database's transaction ids.
 * No Last-Modified for the same reason: the ETag alone tells a client's copy is current.
 */

const ETAG_VERSION = 'f2'

/**
 * An iCalendar object's DTSTAMP is the instant it was rendered (`vevent.ts`): a feed rendered
 * again says the same thing, and keeps its ETag.
 */
const RENDER_STAMPS = /\r\nDTSTAMP:[^\r]*/g

/** The ETag of the feed `key` whose body is `body`. */
export function feedEtag(key: string, body: Uint8Array): string {
  const said = Buffer.from(body.buffer, body.byteOffset, body.byteLength)
    .toString('utf8')
    .replace(RENDER_STAMPS, '')
  const digest = createHash('sha256')
    .update(`calendar-feed\n${key}\n`)
    .update(said)
    .digest('base64url')
    .slice(0, 27)
  return `W/"${ETAG_VERSION}.${digest}"`
}

/**
 * Adds the feed's ETag to `headers`, and answers 304 with them when `If-None-Match` names it (or
 * is `*`); `null` when the client's copy is not current.
 */
export function notModifiedAnswer(
  etag: string,
  request: { headers: Headers },
  headers: Record<string, string>,
): null | Response {
  headers.ETag = etag
  return ifNoneMatchHits(request.headers.get('if-none-match'), etag)
    ? new Response(null, { headers, status: 304 })
    : null
}
