import type { CollectionSlug } from 'payload'

import type { EventDoc } from '../../src/calendar/events/eventDoc'
import type { OccurrenceRow } from '../../src/calendar/events/occurrences'
import type { RestContext, RestResult } from '../context'

import { loadOccurrences } from '../../src/calendar/events/loadEvents'
import { readOccurrence } from '../../src/calendar/events/occurrences'
import { changeOccurrence, occurrenceTitleProblem } from '../../src/db/occurrences'
import { mayWriteUnfilteredHtml } from '../../src/hooks/keepExcerptSafe'
import { itemUpdateKey, lockForTransaction } from '../../src/db/locks'
import { querierFor } from '../../src/db/payloadInternals/adapter'
import { parsePhpDateTime } from '../../src/lib/phpDate'
import { inTransaction } from '../../src/lib/transaction'
import { wallTime } from '../../src/lib/wallTimes'
import { CALENDAR_SLUGS } from '../../src/slugs'
import { wasSent } from '../args'
import { alreadyTrashed, invalidParams } from '../errors'

const EVENTS = CALENDAR_SLUGS.events as CollectionSlug

/** The events' serializer, for a write's answer. */
type Serialize = (ctx: RestContext, doc: EventDoc) => Promise<unknown>

/** What a write to one occurrence may send besides its id: its dates and its own title ("this occurrence"). */
const OCCURRENCE_FIELDS = ['start_date', 'end_date', 'title']
/** Arguments every write reads that change nothing of the item. */
const NOT_FIELDS = ['id', 'password']

/**
 * Writes to an occurrence id of a recurring event (docs/recurrence.md, "The API's answers"):
 * `POST|PUT|PATCH /events/{occurrence id}` moves or retitles that occurrence only (an override of
 * its dates or title, `changeOccurrence`), `DELETE` cancels it. Either is made with an (empty) update of its event
 * under the caller's access, in the same transaction: only those who may edit the series may
 * change one of its occurrences, and the series is marked changed for what is kept. A write to
 * the event's own id changes the whole series, as any event's.
 */
export async function updateOccurrence(
  ctx: RestContext,
  occurrence: OccurrenceRow,
  serialize: Serialize,
): Promise<RestResult> {
  const sent = Object.keys(ctx.args).filter(
    (name) => wasSent(ctx.args, name) && !NOT_FIELDS.includes(name),
  )
  const refused = sent.filter((name) => !OCCURRENCE_FIELDS.includes(name))
  if (refused.length || !sent.length) {
    const names = refused.length ? refused : OCCURRENCE_FIELDS
    throw invalidParams(
      Object.fromEntries(
        names.map((name) => [
          name,
          'One occurrence of a recurring event takes only start_date, end_date and title; change the others on the event itself.',
        ]),
      ),
    )
  }
  const title = wasSent(ctx.args, 'title') ? ctx.args.title : undefined
  const titleProblem = title === undefined ? undefined : occurrenceTitleProblem(title)
  if (titleProblem) throw invalidParams({ title: titleProblem })
  const retitled = typeof title === 'string' ? { title: title.trim() } : {}
  const moves = sent.some((name) => name !== 'title')
  await writeOccurrence(ctx, occurrence, (timezone) => {
    if (!moves) return retitled
    const at = (name: string) =>
      wasSent(ctx.args, name)
        ? parsePhpDateTime(ctx.args[name], { now: ctx.now, timeZone: timezone })
        : null
    const start = at('start_date') ?? new Date(occurrence.startUtc)
    const length = Date.parse(occurrence.endUtc) - Date.parse(occurrence.startUtc)
    const given = at('end_date')
    // As an event's write: no end sent keeps the length, an end before the start is the start.
    const end = given
      ? new Date(Math.max(given.getTime(), start.getTime()))
      : new Date(start.getTime() + length)
    const local = (instant: Date) => wallTime(instant, timezone).replace(' ', 'T')
    return {
      ...retitled,
      moved: {
        endLocal: local(end),
        endUtc: end.toISOString(),
        startLocal: local(start),
        startUtc: start.toISOString(),
      },
    }
  })
  return { body: await writtenOccurrence(ctx, occurrence, serialize) }
}

/** `DELETE /events/{occurrence id}`: the occurrence cancelled (visitors no longer see it), answered as it was. */
export async function cancelOccurrence(
  ctx: RestContext,
  occurrence: OccurrenceRow,
  serialize: Serialize,
): Promise<RestResult> {
  if (occurrence.status === 'cancelled') throw alreadyTrashed('event')
  const before = await writtenOccurrence(ctx, occurrence, serialize)
  await writeOccurrence(ctx, occurrence, () => ({ status: 'cancelled' as const }))
  return { body: before }
}

async function writeOccurrence(
  ctx: RestContext,
  occurrence: OccurrenceRow,
  change: (
    timezone: string,
  ) => Pick<Parameters<typeof changeOccurrence>[1], 'moved' | 'status' | 'title'>,
): Promise<void> {
  await inTransaction(ctx.req, async () => {
    await lockForTransaction(ctx.req, itemUpdateKey(EVENTS, occurrence.eventId))
    const event = (await ctx.payload.update({
      collection: EVENTS,
      data: {},
      depth: 0,
      id: occurrence.eventId,
      overrideAccess: false,
      req: ctx.req,
    })) as { timezone?: null | string }
    const db = await querierFor(ctx.payload, ctx.req)
    await changeOccurrence(db!, {
      eventId: occurrence.eventId,
      id: occurrence.id,
      // A title keeps what its writer may write, as the event's own title does (`keepNameSafe`).
      unfilteredHtml: mayWriteUnfilteredHtml(ctx.user),
      ...change(event.timezone || ctx.options.siteTimezone),
    })
  })
}

/** The occurrence as the writer may now read it, serialized as a write's answer. */
async function writtenOccurrence(
  ctx: RestContext,
  occurrence: OccurrenceRow,
  serialize: Serialize,
): Promise<unknown> {
  const row = (await readOccurrence(ctx, occurrence.id)) ?? occurrence
  const [doc] = await loadOccurrences(ctx, [row])
  return doc ? serialize(ctx, doc) : null
}
