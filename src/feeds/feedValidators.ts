import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createHmac, timingSafeEqual } from 'node:crypto'

import { drizzleOf } from '../db/pool'
import { calendarDateOf, wallTimeToInstant } from '../lib/phpDate'

/*
 * ETag and Last-Modified of the feeds, from the change log that the visitor cache reads
 * (`calendar_changes`, see `endpoints/freshness.ts`): one query, before the feed's content is read.
 *
 * ETag: the database snapshot taken then, with when and for which feed (the resolved query), signed
 * with the Payload secret so that no client can forge one. A feed is unchanged for an ETag when no
 * transaction that snapshot could not see has logged a change since: the check
 * `endpoints/freshness.ts` makes for its own epochs. The log is pruned of rows older than a day,
 * so ETags older than MAX_ETAG_AGE_MS are not trusted (a full answer instead).
 *
 * Last-Modified: the latest logged change, or the start of the day (UTC and the site's) when that
 * is later, because the feeds' date windows move with the day. Pruned rows are older than a day,
 * so they are older than that too.
 *
 * Without the log (a host without the calendar's database pieces), feeds have neither.
 */

const MAX_ETAG_AGE_MS = 20 * 3_600_000
const ETAG_VERSION = 'f1'

export type FeedVersion = { etag: string; lastModified: Date }

/** The validators of the feed `key` as the database is now; `null` without a change log. */
export async function currentFeedVersion(
  payload: Payload,
  key: string,
  args: { now: Date; siteTimezone: string },
): Promise<FeedVersion | null> {
  const db = drizzleOf(payload)
  if (!db) return null
  let row: Record<string, unknown>
  try {
    ;({
      rows: [row = {}],
    } = await db.execute(
      sql`SELECT pg_current_snapshot()::text AS snapshot, (SELECT max(at) FROM calendar_changes) AS last_change`,
    ))
  } catch (error) {
    if (isMissingTable(error)) return null
    throw error
  }
  const snapshot = String(row.snapshot)
  const issued = Math.floor(Date.now() / 1000)
  const lastChange = row.last_change ? new Date(String(row.last_change)) : new Date(0)
  const dayStarts = [startOfDay(args.now, 'UTC'), startOfDay(args.now, args.siteTimezone)]
  const lastModified = new Date(
    Math.max(lastChange.getTime(), ...dayStarts.map((date) => date.getTime())),
  )
  return { etag: formatEtag(payload.secret, key, snapshot, issued), lastModified }
}

/**
 * Whether the client's copy is still the feed's: `If-None-Match` (when sent, it alone decides)
 * names an ETag of ours for this feed under which nothing changed, or `If-Modified-Since` is
 * not before Last-Modified.
 */
export async function clientCopyIsCurrent(
  payload: Payload,
  key: string,
  headers: Headers,
  current: FeedVersion,
): Promise<boolean> {
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) {
    for (const tag of ifNoneMatch.split(',').map((item) => item.trim())) {
      if (tag === '*') return true
      const snapshot = readEtag(payload.secret, key, tag)
      if (snapshot && !(await changedSince(payload, snapshot))) return true
    }
    return false
  }
  const since = Date.parse(headers.get('if-modified-since') ?? '')
  return Number.isFinite(since) && Math.floor(current.lastModified.getTime() / 1000) * 1000 <= since
}

/**
 * Adds the feed `key`'s ETag and Last-Modified to `headers` (none without a change log), and
 * answers 304 with them when the client's copy is current; `null` when it is not.
 */
export async function notModifiedAnswer(
  ctx: { now: Date; options: { siteTimezone: string }; payload: Payload },
  key: string,
  request: { headers: Headers },
  headers: Record<string, string>,
): Promise<null | Response> {
  const { payload } = ctx
  const version = await currentFeedVersion(payload, key, {
    now: ctx.now,
    siteTimezone: ctx.options.siteTimezone,
  })
  if (!version) return null
  headers.ETag = version.etag
  headers['Last-Modified'] = version.lastModified.toUTCString()
  return (await clientCopyIsCurrent(payload, key, request.headers, version))
    ? new Response(null, { headers, status: 304 })
    : null
}

function formatEtag(secret: string, key: string, snapshot: string, issued: number): string {
  const body = `${ETAG_VERSION}.${Buffer.from(snapshot).toString('base64url')}.${issued}`
  return `W/"${body}.${signature(secret, key, body)}"`
}

/** The snapshot of a valid, recent ETag of this feed; `null` for anything else. */
function readEtag(secret: string, key: string, tag: string): null | string {
  const match = /^(?:W\/)?"([A-Za-z0-9]+\.[A-Za-z0-9_-]+\.\d+)\.([A-Za-z0-9_-]+)"$/.exec(tag)
  if (!match) return null
  const [, body, given] = match as unknown as [string, string, string]
  const expected = signature(secret, key, body)
  if (
    given.length !== expected.length ||
    !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  )
    return null
  const [version, encoded, issued] = body.split('.') as [string, string, string]
  if (version !== ETAG_VERSION || Date.now() - Number(issued) * 1000 > MAX_ETAG_AGE_MS) return null
  return Buffer.from(encoded, 'base64url').toString()
}

function signature(secret: string, key: string, body: string): string {
  return createHmac('sha256', secret)
    .update(`calendar-feed\n${key}\n${body}`)
    .digest('base64url')
    .slice(0, 22)
}

async function changedSince(payload: Payload, snapshot: string): Promise<boolean> {
  const db = drizzleOf(payload)
  if (!db) return true
  const { rows } = await db.execute(sql`
    SELECT EXISTS (
      SELECT 1 FROM calendar_changes
      WHERE txid >= pg_snapshot_xmin(${snapshot}::pg_snapshot)
        AND NOT pg_visible_in_snapshot(txid, ${snapshot}::pg_snapshot)
    ) AS changed`)
  return rows[0]?.changed !== false
}

function startOfDay(now: Date, timeZone: string): Date {
  return wallTimeToInstant(`${calendarDateOf('now', { now, timeZone })} 00:00:00`, timeZone)
}

function isMissingTable(error: unknown): boolean {
  const { cause, code } = error as { cause?: { code?: string }; code?: string }
  return code === '42P01' || cause?.code === '42P01'
}
