import type { CalendarContext } from '../calendar/context'
import type { EventDoc } from '../calendar/events/eventDoc'
import type { EventsQuery } from '../calendar/events/eventsQuery'

import { dependOn } from '../calendar/dependencies'
import { iso, leanParameters, readable, text, translations } from '../calendar/events/leanEvent'
import { leanOccurrencePage } from '../calendar/events/leanList'
import { asOccurrence, readOccurrences } from '../calendar/events/occurrences'
import { poolOf } from '../db/pool'
import { CALENDAR_SLUGS } from '../slugs'

/*
 * `/events.json`'s window read with only what its items show (`eventsJson.ts`, `widgetItem`): each
 * event's title, dates, zone, status, password and slug, its venue's name, status, password and
 * slug, and its categories' names and slugs, under the rules of `leanEvent.ts` (the same read
 * access, the same translation fallback), where that read applies. The events list's read of the
 * same events builds whole documents (descriptions, organizers, tags, term counts), which the
 * widget would parse and drop.
 */

/**
 * $1 the events' ids; $2–$5 as in `leanEvent.ts`'s statements. Each venue and category the events
 * link is built once, as `leanEvent.ts` reads a list's events (`sharedEvents`): a window's many
 * events share few categories. A venue the caller may not read, or a link to a category
 * that no longer exists, is left out, as the widget leaves out what is not an item.
 */
const WIDGET_EVENTS = `
  WITH shown AS MATERIALIZED (
    SELECT e.id, e.venue_id, e.start_date, e.end_date, e.timezone, e.all_day, e.status, e.password, e.slug
    FROM events e WHERE e.id = ANY($1::int[]) AND ${readable('e')}),
  links AS MATERIALIZED (
    SELECT r.parent_id, r."order", r.event_categories_id FROM events_rels r
    WHERE r.parent_id IN (SELECT id FROM shown) AND r.path = 'categories'),
  venue_docs AS MATERIALIZED (
    SELECT v.id, json_build_object('id', v.id, 'name', ${text('name', 'vl', 'vf')}, 'status', v.status, 'password', v.password, 'slug', v.slug) AS doc
    FROM venues v ${translations('venues', 'v', 'vl', 'vf')}
    WHERE v.id IN (SELECT venue_id FROM shown) AND ${readable('v')}),
  category_docs AS MATERIALIZED (
    SELECT x.id, json_build_object('id', x.id, 'name', ${text('name', 'xl', 'xf')}, 'slug', x.slug) AS doc
    FROM event_categories x ${translations('event_categories', 'x', 'xl', 'xf')}
    WHERE x.id IN (SELECT event_categories_id FROM links)),
  category_lists AS MATERIALIZED (
    SELECT r.parent_id, json_agg(d.doc ORDER BY r."order") AS list
    FROM links r JOIN category_docs d ON d.id = r.event_categories_id GROUP BY r.parent_id)
  SELECT e.id, ${text('title', 'l', 'f')} AS title, ${iso('e.start_date')} AS "startDate", ${iso('e.end_date')} AS "endDate",
    e.timezone, e.all_day AS "allDay", e.status, e.password, e.slug, venue_docs.doc AS venue, category_lists.list AS categories
  FROM shown e ${translations('events', 'e', 'l', 'f')}
  LEFT JOIN venue_docs ON venue_docs.id = e.venue_id
  LEFT JOIN category_lists ON category_lists.parent_id = e.id`

/**
 * The occurrences of `query`'s window, in the list's order, each as its event shown as it
 * (`asOccurrence`) with the fields above; `null` when there are more than `most`, with no event
 * read then; `undefined` where this read does not apply (then the events list's own read).
 */
export async function widgetWindow(
  ctx: CalendarContext,
  query: EventsQuery,
  most: number,
): Promise<EventDoc[] | null | undefined> {
  const parameters = leanParameters(ctx)
  if (!parameters) return undefined
  const refs = await leanOccurrencePage(ctx, query, { limit: most + 1, page: 1 }, { whole: true })
  if (!refs) return undefined
  if (refs.length > most) return null
  if (!refs.length) return []
  const ids = [...new Set(refs.map((ref) => ref.eventId))]
  // Found or not, as the events list's read records them (`loadEvents`).
  dependOn(ctx, CALENDAR_SLUGS.events, ids)
  const [{ rows }, occurrences] = await Promise.all([
    poolOf(ctx.payload)!.query<EventDoc>({
      name: 'calendar-widget-events',
      text: WIDGET_EVENTS,
      values: [ids, ...parameters],
    }),
    readOccurrences(
      ctx,
      refs.map((ref) => ref.id),
    ),
  ])
  const events = new Map(rows.map((row) => [Number(row.id), row]))
  return refs.flatMap((ref) => {
    const event = events.get(ref.eventId)
    return event ? [asOccurrence(event, occurrences.get(ref.id))] : []
  })
}
