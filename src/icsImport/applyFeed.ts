import type { CollectionSlug, Payload, PayloadRequest, Where } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { createLocalReq } from 'payload'
import sanitizeHtml from 'sanitize-html'

import type { FeedEvent, FeedOverride } from './parseFeed'

import { changeOccurrence } from '../db/occurrences'
import { transactionSessionOf, type SqlQuerier } from '../db/payloadInternals/adapter'
import { sentDescriptionKey } from '../hooks/storeSentDescription'
import { htmlAsKept } from '../lib/htmlSafety'
import { htmlToLexical } from '../lib/richText'
import { inTransaction } from '../lib/transaction'
import { utcText, wallToInstant } from '../recurrence/wallTime'
import { CALENDAR_SLUGS } from '../slugs'
import { CALENDAR_SOURCE_ITEMS_SLUG, type CalendarSource, idOf } from './sources'

export interface ImportSummary {
  created: number
  updated: number
  unchanged: number
  /** Changed upstream, but edited here under "keep local edits". */
  keptLocal: number
  trashed: number
  failed: number
}

type Item = {
  id: number
  uid: string
  recurrenceId?: null | string
  event?: null | number | { id: number }
  hash?: null | string
  syncedAt?: null | string
  removed?: boolean | null
}

type StoredEvent = { id: number; status?: string; updatedAt: string }

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug
const ITEMS = CALENDAR_SOURCE_ITEMS_SLUG as CollectionSlug
const keyOf = (uid: string, recurrenceId: null | string | undefined) =>
  `${uid}\u0000${recurrenceId ?? ''}`

/**
 * Brings a source's events in line with its feed (docs/calendar-sources.md): each feed event is
 * matched by UID and RECURRENCE-ID to the event imported from it before; a new one is created, a
 * changed one updated (unless it was edited here and the source keeps local edits), one gone
 * from the feed moved to the trash. Each event is written with its occurrences' overrides and
 * its match in one transaction: a failure leaves it as it was, said in `log`, and the run goes on.
 * A dry run reads and counts, and writes nothing.
 */
export async function applyFeed(args: {
  payload: Payload
  source: CalendarSource
  events: FeedEvent[]
  dryRun?: boolean
  log: (line: string) => void
}): Promise<ImportSummary> {
  const { payload, source, log } = args
  const summary: ImportSummary = {
    created: 0,
    updated: 0,
    unchanged: 0,
    keptLocal: 0,
    trashed: 0,
    failed: 0,
  }
  const items = new Map<string, Item>()
  const { docs } = await payload.find({
    collection: ITEMS,
    depth: 0,
    limit: 0,
    overrideAccess: true,
    pagination: false,
    where: { source: { equals: source.id } },
  })
  for (const item of docs as unknown as Item[]) items.set(keyOf(item.uid, item.recurrenceId), item)

  const seen = new Set<string>()
  for (const event of args.events) {
    const key = keyOf(event.uid, event.recurrenceId)
    if (seen.has(key)) continue
    seen.add(key)
    const item = items.get(key)
    try {
      const outcome = await importOne({ ...args, event, item })
      summary[outcome] += 1
    } catch (error) {
      summary.failed += 1
      log(
        `${event.uid}${event.recurrenceId ? ` (${event.recurrenceId})` : ''} "${event.title}" failed: ${reasonOf(error)}`,
      )
    }
  }

  for (const [key, item] of items) {
    if (seen.has(key) || item.removed) continue
    try {
      if (await trashRemoved({ ...args, item })) summary.trashed += 1
      else summary.keptLocal += 1
    } catch (error) {
      summary.failed += 1
      log(`${item.uid}: could not be moved to the trash: ${reasonOf(error)}`)
    }
  }
  return summary
}

async function importOne(args: {
  payload: Payload
  source: CalendarSource
  event: FeedEvent
  item?: Item
  dryRun?: boolean
  log: (line: string) => void
}): Promise<'created' | 'keptLocal' | 'unchanged' | 'updated'> {
  const { payload, source, event, item } = args
  const stored = item ? await storedEvent(payload, idOf(item.event)) : null
  if (item && stored && item.hash === event.hash && !item.removed) return 'unchanged'
  const editedHere = Boolean(item && stored && !item.removed && stored.updatedAt !== item.syncedAt)
  if (editedHere && source.conflictPolicy !== 'sourceWins') return 'keptLocal'
  if (args.dryRun) return stored ? 'updated' : 'created'

  const req = (await createLocalReq({}, payload)) as PayloadRequest
  return inTransaction(req, async () => {
    const data = await eventData(payload, source, event, req)
    const context = { [sentDescriptionKey('events')]: data.html }
    const write = { collection: EVENTS, context, depth: 0, overrideAccess: true, req } as const
    let id: number
    if (stored) {
      id = stored.id
      await payload.update({
        ...write,
        id,
        // An event we moved to the trash when it left the feed comes back with the source's status.
        data: { ...data.fields, ...(item?.removed ? { status: statusOf(source) } : {}) } as never,
      })
    } else {
      const created = await payload.create({
        ...write,
        data: { ...data.fields, status: statusOf(source) } as never,
      })
      id = created.id as number
    }
    if (event.recurrence) await applyOverrides(req, id, event, args.log)
    const after = (await storedEvent(payload, id, req))!
    const match = {
      source: source.id,
      uid: event.uid,
      recurrenceId: event.recurrenceId,
      event: id,
      hash: event.hash,
      syncedAt: after.updatedAt,
      removed: false,
    }
    if (item)
      await payload.update({
        collection: ITEMS,
        data: match as never,
        id: item.id,
        overrideAccess: true,
        req,
      })
    else
      await payload.create({ collection: ITEMS, data: match as never, overrideAccess: true, req })
    return stored ? 'updated' : 'created'
  })
}

/** An event gone from the feed goes to the trash, unless it was edited here and the source keeps local edits. */
async function trashRemoved(args: {
  payload: Payload
  source: CalendarSource
  item: Item
  dryRun?: boolean
}): Promise<boolean> {
  const { payload, source, item } = args
  const stored = await storedEvent(payload, idOf(item.event))
  const editedHere = Boolean(stored && stored.updatedAt !== item.syncedAt)
  if (editedHere && source.conflictPolicy !== 'sourceWins') return false
  if (args.dryRun) return true
  const req = (await createLocalReq({}, payload)) as PayloadRequest
  await inTransaction(req, async () => {
    let syncedAt = item.syncedAt
    if (stored && stored.status !== 'trash') {
      const trashed = await payload.update({
        collection: EVENTS,
        data: { status: 'trash' } as never,
        depth: 0,
        id: stored.id,
        overrideAccess: true,
        req,
      })
      syncedAt = (trashed as unknown as StoredEvent).updatedAt
    }
    await payload.update({
      collection: ITEMS,
      data: { hash: '', removed: true, syncedAt } as never,
      id: item.id,
      overrideAccess: true,
      req,
    })
  })
  return true
}

async function storedEvent(
  payload: Payload,
  id: null | number,
  req?: PayloadRequest,
): Promise<null | StoredEvent> {
  if (id == null) return null
  return (await payload.findByID({
    collection: EVENTS,
    depth: 0,
    disableErrors: true,
    id,
    overrideAccess: true,
    req,
    select: { status: true, updatedAt: true },
  })) as null | StoredEvent
}

const statusOf = (source: CalendarSource) => source.eventStatus ?? 'draft'

/** The event's fields from the feed event and its source's defaults; its description's HTML as sent. */
async function eventData(
  payload: Payload,
  source: CalendarSource,
  event: FeedEvent,
  req: PayloadRequest,
): Promise<{ fields: Record<string, unknown>; html: string }> {
  const zone = event.timeZone
  const named = await venueNamed(payload, event.location, req)
  // A place no venue of ours is named after stays in the description, as the feed wrote it.
  const place =
    event.location && !named ? `<p>${escapeText(event.location).replace(/\n/g, '<br>')}</p>` : ''
  // Nothing a feed holds is trusted as HTML: made safe as the API's writes are (src/lib/htmlSafety.ts).
  const html = htmlAsKept(`${bodyOf(asParagraphs(event.descriptionHtml))}${place}`, {
    unfiltered: false,
  })
  const ids = (values: CalendarSource['tags']) =>
    (values ?? []).map(idOf).filter((id): id is number => id != null)
  return {
    html,
    fields: {
      title: event.title,
      allDay: event.allDay,
      timezone: zone,
      startDate: wallToInstant(
        event.allDay ? `${event.start}T00:00:00` : event.start,
        zone,
      ).toISOString(),
      endDate: wallToInstant(
        event.allDay ? `${event.end}T23:59:59` : event.end,
        zone,
      ).toISOString(),
      recurrence: event.recurrence ?? { rule: '', rdates: [], exdates: [] },
      description: html ? await htmlToLexical(html, payload.config) : null,
      venue: named ?? idOf(source.venue),
      organizers: ids(source.organizers),
      categories: ids(source.categories),
      tags: ids(source.tags),
    },
  }
}

/** Text without markup is kept as paragraphs and line breaks, as written. */
const asParagraphs = (html: string) =>
  !html || /<[a-z!/]/i.test(html)
    ? html
    : html
        .split(/\n{2,}/)
        .map((block) => `<p>${block.replace(/\n/g, '<br>')}</p>`)
        .join('')

/**
 * What a reader sees of a whole HTML document (Outlook sends one, with its styles): the text of
 * `head`, `style` and `script` goes with them, the rest is left for the API's sanitizing.
 */
const bodyOf = (html: string) =>
  sanitizeHtml(html, {
    allowedAttributes: false,
    allowedTags: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => WITHOUT_TEXT.has(frame.tag),
  })

const WITHOUT_TEXT = new Set(['head', 'noscript', 'script', 'style', 'template', 'title'])

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A venue of ours (not trashed) named as the feed's LOCATION, its first line or the part before its first comma. */
async function venueNamed(
  payload: Payload,
  location: string,
  req: PayloadRequest,
): Promise<null | number> {
  if (!location) return null
  const names = [
    ...new Set(
      [location, location.split('\n')[0]!, location.split(',')[0]!].map((name) => name.trim()),
    ),
  ].filter(Boolean)
  const where: Where = {
    and: [{ name: { in: names } }, { status: { not_equals: 'trash' } }],
  }
  const { docs } = await payload.find({
    collection: CALENDAR_SLUGS.venues as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    req,
    select: {},
    sort: 'id',
    where,
  })
  return docs[0] ? (docs[0].id as number) : null
}

/**
 * The feed's overrides of a series on its stored occurrences: moved, retitled or cancelled, by
 * original start. What an override no longer says is undone: an occurrence cancelled before is
 * scheduled again, one moved goes back to the series' times, one retitled gets the series' title.
 */
async function applyOverrides(
  req: PayloadRequest,
  eventId: number,
  event: FeedEvent,
  log: (line: string) => void,
): Promise<void> {
  const db = (await transactionSessionOf(req)) as SqlQuerier
  const { rows } = await db.execute(sql`
    SELECT id, to_char(original_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS original_start, status,
      override ? 'startLocal' AS moved, override ? 'title' AS titled
    FROM calendar_occurrences WHERE event_id = ${eventId}`)
  const byStart = new Map(rows.map((row) => [String(row.original_start), row]))
  const overridden = new Set<string>()
  for (const override of event.overrides) {
    const original = event.allDay ? `${override.recurrenceId}T00:00:00` : override.recurrenceId
    overridden.add(original)
    const row = byStart.get(original)
    if (!row) {
      log(
        `${event.uid}: the override of ${override.recurrenceId} names no occurrence of the series`,
      )
      continue
    }
    const own = backTo(original, event)
    const times = override.cancelled ? undefined : movedTo(override, event)
    // An override at the series' own times (one retitled, say) is not a move.
    const moved =
      times && (times.startLocal !== own.startLocal || times.endLocal !== own.endLocal)
        ? times
        : undefined
    await changeOccurrence(db, {
      eventId,
      id: Number(row.id),
      status: override.cancelled ? 'cancelled' : 'scheduled',
      moved: moved ?? (row.moved ? own : undefined),
      title: override.cancelled ? undefined : (override.title ?? (row.titled ? null : undefined)),
    })
  }
  for (const [original, row] of byStart) {
    if (overridden.has(original)) continue
    if (row.status === 'cancelled' || row.moved || row.titled)
      await changeOccurrence(db, {
        eventId,
        id: Number(row.id),
        status: 'scheduled',
        moved: row.moved ? backTo(original, event) : undefined,
        title: row.titled ? null : undefined,
      })
  }
}

/** An occurrence's own times in the series: from its original start, as long as the series' first. */
function backTo(original: string, event: FeedEvent) {
  const startLocal = original
  const endLocal = event.allDay
    ? `${dayAfter(original.slice(0, 10), daysBetween(event.start, event.end))}T23:59:59`
    : wallPlus(original, Date.parse(`${event.end}Z`) - Date.parse(`${event.start}Z`))
  return {
    back: true,
    startLocal,
    endLocal,
    startUtc: utcText(wallToInstant(startLocal, event.timeZone)),
    endUtc: utcText(wallToInstant(endLocal, event.timeZone)),
  }
}

const DAY_MS = 86_400_000
const wallPlus = (wall: string, ms: number) =>
  new Date(Date.parse(`${wall}Z`) + ms).toISOString().slice(0, 19)
const dayAfter = (date: string, days: number) =>
  wallPlus(`${date}T00:00:00`, days * DAY_MS).slice(0, 10)
const daysBetween = (first: string, last: string) =>
  Math.round(
    (Date.parse(`${last.slice(0, 10)}T00:00:00Z`) - Date.parse(`${first.slice(0, 10)}T00:00:00Z`)) /
      DAY_MS,
  )

function movedTo(override: FeedOverride, event: FeedEvent) {
  if (!override.start || !override.end) return undefined
  const startLocal = event.allDay ? `${override.start}T00:00:00` : override.start
  const endLocal = event.allDay ? `${override.end}T23:59:59` : override.end
  return {
    startLocal,
    endLocal,
    startUtc: utcText(wallToInstant(startLocal, event.timeZone)),
    endUtc: utcText(wallToInstant(endLocal, event.timeZone)),
  }
}

/** What went wrong with a write, as one line: each invalid field with its message, else the error's. */
export function reasonOf(error: unknown): string {
  const data = (error as { data?: { errors?: { message?: string; path?: string }[] } }).data
  const details = data?.errors?.map((entry) => `${entry.path ?? ''}: ${entry.message ?? ''}`)
  return details?.length ? details.join('; ') : ((error as Error).message ?? String(error))
}
