import type { Payload } from 'payload'

import type { CalendarContext } from '../context'
import type { EventDoc } from './eventDoc'

import { readTerms } from '../../access/terms'
import { poolOf } from '../../db/pool'
import { CALENDAR_SLUGS } from '../../slugs'
import { slugNotYetGivenSql } from '../../lib/wpSlug'
import { postReadRule } from '../postReadRule'
import { termCountsStored } from '../termCounts'

/*
 * Events read in one SQL statement: each event with its translation, its venue, organizers,
 * categories and tags, as `loadEvents` + `populateEvents` would give it (the image stays an id,
 * populated through Payload as before), and the terms' counts of published events once the
 * database is known to keep them (`termCount`, see `terms`). A first read through Payload's finds costs four to six
 * statements, each built by the ORM and sent in full, and ~10 ms of the server's CPU at 10,000
 * events (bench/RESULTS.md, issue 17); this is one named statement, parsed once per connection.
 *
 * The same rules as Payload's read, in SQL:
 * - read access of events, venues and organizers is `readPosts` (`src/access/posts.ts`, through
 *   `postReadRule.ts`): published items, the caller's own for contributors and authors, everything
 *   for those who may read private posts. A venue or organizer the caller may not read stays an id,
 *   as a depth-1 read leaves it (the serializer then leaves it out). Terms are read by everyone
 *   (`readTerms`).
 * - translated fields in the request's language, falling back to the default language as Payload's
 *   `afterRead` does: texts when empty or missing, rich text when missing.
 * - the password and protected content come back whole, as the compatibility API's trusted read
 *   gives them (`TRUSTED_READ`, `src/hooks/hideProtectedContent.ts`): the serializer blanks them
 *   (`mayUnlockProtected`).
 * Anything else goes through Payload (`undefined`): a site that overrides any of these collections
 * (its access, fields or hooks), another database, no localization, a read inside a transaction,
 * or the plugin's `reads.sql` option off.
 * `test/events-read-lean.test.ts` compares both paths.
 */

const { eventCategories, eventTags, events, organizers, venues } = CALENDAR_SLUGS
const LEAN_COLLECTIONS = { eventCategories, eventTags, events, organizers, venues } as const

/* The pieces below are exported for reads of fewer fields under the same rules (`src/feeds/widgetEvents.ts`). */

export const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
/** A translated text: the fallback language's when the request's is empty or missing (Payload's rule for text fields). */
export const text = (column: string, own: string, fallback: string) =>
  `CASE WHEN coalesce(${own}.${column}, '') = '' AND coalesce(${fallback}.${column}, '') <> '' THEN ${fallback}.${column} ELSE ${own}.${column} END`
/** Translated rich text: the fallback language's when the request's is missing. */
const rich = (column: string, own: string, fallback: string) =>
  `coalesce(${own}.${column}, ${fallback}.${column})`
/** Who may read this post (`postReadRule`): $4 everything, $5 the caller as author. */
export const readable = (alias: string) =>
  `(${alias}.status = 'publish' OR $4::boolean OR ${alias}.author_id = $5::int)`
/** The translation rows of `alias` in the request's language ($2) and the fallback language ($3). */
export const translations = (table: string, alias: string, own: string, fallback: string) => `
  LEFT JOIN ${table}_locales ${own} ON ${own}._parent_id = ${alias}.id AND ${own}._locale::text = $2
  LEFT JOIN ${table}_locales ${fallback} ON ${fallback}._parent_id = ${alias}.id AND ${fallback}._locale::text = $3 AND $3 <> $2`
const lineage = (table: string, alias: string) =>
  `(SELECT json_agg(t.text ORDER BY t."order") FROM ${table}_texts t WHERE t.parent_id = ${alias}.id AND t.path = 'globalIdLineage')`
const postColumns = (table: string, alias: string) => `
  'slug', ${alias}.slug, 'slugTyped', ${alias}.slug_typed, 'status', ${alias}.status, 'publishedAt', ${iso(`${alias}.published_at`)}, 'author', ${alias}.author_id,
  'password', ${alias}.password, 'updatedAt', ${iso(`${alias}.updated_at`)}, 'createdAt', ${iso(`${alias}.created_at`)},
  'globalIdLineage', ${lineage(table, alias)}, 'image', ${alias}.image_id`

/** A venue `v` as JSON, with its translations `vl` and `vf`. */
const VENUE_DOC = `json_build_object(
    'id', v.id, 'name', ${text('name', 'vl', 'vf')}, 'description', ${rich('description', 'vl', 'vf')},
    'descriptionHtml', ${text('description_html', 'vl', 'vf')}, 'excerpt', ${text('excerpt', 'vl', 'vf')},
    'address', v.address, 'city', v.city, 'zip', v.zip, 'state', v.state, 'province', v.province, 'stateProvince', v.state_province,
    'country', v.country, 'latitude', v.latitude::float8, 'longitude', v.longitude::float8, 'phone', v.phone, 'website', v.website,
    'showMap', v.show_map, 'showMapLink', v.show_map_link, ${postColumns('venues', 'v')})`
const VENUE = `(SELECT ${VENUE_DOC}
  FROM venues v ${translations('venues', 'v', 'vl', 'vf')}
  WHERE v.id = e.venue_id AND ${readable('v')})`

/** An organizer `o` as JSON, with its translations `ol` and `of`. */
const ORGANIZER_DOC = `json_build_object(
      'id', o.id, 'name', ${text('name', 'ol', 'of')}, 'description', ${rich('description', 'ol', 'of')},
      'descriptionHtml', ${text('description_html', 'ol', 'of')}, 'excerpt', ${text('excerpt', 'ol', 'of')},
      'phone', o.phone, 'email', o.email, 'website', o.website, ${postColumns('organizers', 'o')})`
const ORGANIZERS = `(SELECT json_agg(coalesce(
    CASE WHEN o.id IS NOT NULL THEN ${ORGANIZER_DOC} END,
    to_json(r.organizers_id)) ORDER BY r."order")
  FROM events_rels r
  LEFT JOIN organizers o ON o.id = r.organizers_id AND ${readable('o')}
  ${translations('organizers', 'o', 'ol', 'of')}
  WHERE r.parent_id = e.id AND r.path = 'organizers')`

/** How an event links its categories and tags: the table, the link's column, the field's path, whether it has a parent. */
type TermLink = { column: string; parent: boolean; path: string; table: string }
const CATEGORIES: TermLink = {
  column: 'event_categories_id',
  parent: true,
  path: 'categories',
  table: 'event_categories',
}
const TAGS: TermLink = { column: 'event_tags_id', parent: false, path: 'tags', table: 'event_tags' }

/**
 * A category or tag `x` as JSON, with its translations `xl` and `xf`. `counted`: with `termCount`,
 * `[published events, change rows]` from `calendar_term_counts` (`src/calendar/termCounts.ts`), so
 * that the read needs no second statement.
 */
const termDoc = ({ parent }: TermLink, counted: boolean) => `json_build_object(
      'id', x.id, 'name', ${text('name', 'xl', 'xf')}, 'description', ${text('description', 'xl', 'xf')}, 'slug', x.slug${parent ? `, 'parent', x.parent_id` : ''}${
        counted
          ? `, 'termCount', (SELECT json_build_array(coalesce(sum(c.delta), 0), count(*)) FROM calendar_term_counts c WHERE c.term_id = x.id)`
          : ''
      })`
/** An event's categories or tags. */
const terms = (link: TermLink, counted: boolean) => `(SELECT json_agg(coalesce(
    CASE WHEN x.id IS NOT NULL THEN ${termDoc(link, counted)} END,
    to_json(r.${link.column})) ORDER BY r."order")
  FROM events_rels r
  LEFT JOIN ${link.table} x ON x.id = r.${link.column}
  ${translations(link.table, 'x', 'xl', 'xf')}
  WHERE r.parent_id = e.id AND r.path = '${link.path}')`

/** The related items of an event `e` as SQL values: each its own subquery (one event), or shared (`sharedRelated`). */
type Related = { categories: string; organizers: string; tags: string; venue: string }
const ownRelated = (counted: boolean): Related => ({
  categories: terms(CATEGORIES, counted),
  organizers: ORGANIZERS,
  tags: terms(TAGS, counted),
  venue: VENUE,
})

/** An event as JSON; `$2` the language, `$3` the fallback language. */
const eventDoc = (related: Related) => `json_build_object(
    'id', e.id, 'title', ${text('title', 'l', 'f')}, 'description', ${rich('description', 'l', 'f')},
    'descriptionHtml', ${text('description_html', 'l', 'f')},
    'excerpt', ${text('excerpt', 'l', 'f')}, 'summaryText', ${text('summary_text', 'l', 'f')},
    'startDate', ${iso('e.start_date')}, 'endDate', ${iso('e.end_date')}, 'timezone', e.timezone, 'allDay', e.all_day,
    'cost', e.cost, 'website', e.website,
    'costDetails', json_build_object(
      'currencySymbol', e.cost_details_currency_symbol, 'currencyCode', e.cost_details_currency_code,
      'currencyPosition', e.cost_details_currency_position,
      'values', coalesce((SELECT json_agg(t.text ORDER BY t."order") FROM events_texts t WHERE t.parent_id = e.id AND t.path = 'costDetails.values'), '[]'::json)),
    'featured', e.featured, 'sticky', e.sticky, 'hideFromListings', e.hide_from_listings,
    'showMap', e.show_map, 'showMapLink', e.show_map_link, ${postColumns('events', 'e')},
    'venue', coalesce(${related.venue}, to_json(e.venue_id)),
    'organizers', coalesce(${related.organizers}, '[]'::json),
    'categories', coalesce(${related.categories}, '[]'::json),
    'tags', coalesce(${related.tags}, '[]'::json)
  )`

/**
 * $1 the events' ids, $2 the language, $3 the fallback language, $4 and $5 the read rule
 * (`readable`). Exported for `bench/explainReads.ts`.
 */
const leanEvents = (counted: boolean, which = 'e.id = ANY($1::int[])') => `
  SELECT ${eventDoc(ownRelated(counted))} AS doc
  FROM events e ${translations('events', 'e', 'l', 'f')}
  WHERE ${which} AND ${readable('e')}`
export const LEAN_EVENT = leanEvents(false)

/**
 * Several events ($1 their ids; $2–$5 as in `LEAN_EVENT`), the same documents as `leanEvents`, with
 * what they share read once: a list's events mostly share a few venues, organizers and terms (and
 * a term's count sums its rows in `calendar_term_counts`), which `leanEvents` reads again for each
 * event. Each venue, organizer and term the events link is built once (`*_docs`), each event's lists
 * from its links, joined by id. Each part is MATERIALIZED, computed once: inlined, the planner
 * estimates one link of each kind and builds a term's document again for each link.
 */
const sharedEvents = (counted: boolean) => {
  const linked = (path: string, column: string) =>
    `(SELECT r.${column} FROM links r WHERE r.path = '${path}')`
  const list = (name: string, path: string, column: string) => `${name}_lists AS MATERIALIZED (
    SELECT r.parent_id, json_agg(coalesce(d.doc, to_json(r.${column})) ORDER BY r."order") AS list
    FROM links r LEFT JOIN ${name}_docs d ON d.id = r.${column}
    WHERE r.path = '${path}' GROUP BY r.parent_id)`
  const termDocs = (link: TermLink) => `${link.path}_docs AS MATERIALIZED (
    SELECT x.id, ${termDoc(link, counted)} AS doc
    FROM ${link.table} x ${translations(link.table, 'x', 'xl', 'xf')}
    WHERE x.id IN ${linked(link.path, link.column)})`
  return `
  WITH shown AS MATERIALIZED (SELECT e.id, e.venue_id FROM events e WHERE e.id = ANY($1::int[]) AND ${readable('e')}),
  links AS MATERIALIZED (
    SELECT r.parent_id, r.path, r."order", r.organizers_id, r.event_categories_id, r.event_tags_id
    FROM events_rels r WHERE r.parent_id IN (SELECT id FROM shown) AND r.path IN ('organizers', 'categories', 'tags')),
  venue_docs AS MATERIALIZED (
    SELECT v.id, ${VENUE_DOC} AS doc
    FROM venues v ${translations('venues', 'v', 'vl', 'vf')}
    WHERE v.id IN (SELECT venue_id FROM shown) AND ${readable('v')}),
  organizers_docs AS MATERIALIZED (
    SELECT o.id, ${ORGANIZER_DOC} AS doc
    FROM organizers o ${translations('organizers', 'o', 'ol', 'of')}
    WHERE o.id IN ${linked('organizers', 'organizers_id')} AND ${readable('o')}),
  ${termDocs(CATEGORIES)},
  ${termDocs(TAGS)},
  ${list('organizers', 'organizers', 'organizers_id')},
  ${list(CATEGORIES.path, CATEGORIES.path, CATEGORIES.column)},
  ${list(TAGS.path, TAGS.path, TAGS.column)}
  SELECT ${eventDoc({
    categories: 'categories_lists.list',
    organizers: 'organizers_lists.list',
    tags: 'tags_lists.list',
    venue: 'venue_docs.doc',
  })} AS doc
  FROM events e ${translations('events', 'e', 'l', 'f')}
  LEFT JOIN venue_docs ON venue_docs.id = e.venue_id
  LEFT JOIN organizers_lists ON organizers_lists.parent_id = e.id
  LEFT JOIN categories_lists ON categories_lists.parent_id = e.id
  LEFT JOIN tags_lists ON tags_lists.parent_id = e.id
  WHERE e.id = ANY($1::int[]) AND ${readable('e')}`
}
/**
 * One event ($1 its id). Postgres plans a named statement anew at each run while it estimates that
 * a plan for the values at hand costs less than one for any values (its `plan_cache_mode=auto`):
 * for a list of ids it always does (about 0.8 ms of planning for 0.3 ms of execution), for one id
 * (a unique key, as a slug is) it keeps one plan after the fifth run (bench/RESULTS.md, issue 17,
 * fourth pass).
 */
const leanEvent = (counted: boolean) => leanEvents(counted, 'e.id = $1::int')

/**
 * The event a slug ($1) names, whatever its status or the caller, as `slugOf` finds it (its id and
 * status, the lowest id first), with the event itself only when the caller may read it: the slug's
 * look-up and the read in one statement. $2–$5 as in `LEAN_EVENT`.
 */
const leanEventBySlug = (counted: boolean) => `
  SELECT e.id, e.status, CASE WHEN ${readable('e')} THEN ${eventDoc(ownRelated(counted))} END AS doc
  FROM events e ${translations('events', 'e', 'l', 'f')}
  WHERE e.slug = $1 AND (${readable('e')} OR NOT ${slugNotYetGivenSql('e')})
  ORDER BY e.id LIMIT 1`

/**
 * The statements by name, with their terms' counts where the database keeps them (known once a
 * count has been read: `termCountsStored`), without otherwise.
 */
const STATEMENTS = {
  byId: [leanEvent(false), leanEvent(true)],
  byIds: [sharedEvents(false), sharedEvents(true)],
  bySlug: [leanEventBySlug(false), leanEventBySlug(true)],
} as const
function statementOf(ctx: CalendarContext, kind: keyof typeof STATEMENTS) {
  const counted = termCountsStored(ctx.payload)
  return {
    name: `calendar-lean-event-${kind}${counted ? '-counted' : ''}`,
    text: STATEMENTS[kind][counted ? 1 : 0],
  }
}

const eligible = new WeakMap<Payload, boolean>()

/** Whether these collections are the plugin's own, as the statement reads them (see the comment at the top). */
function isEligible(ctx: CalendarContext): boolean {
  const payload = ctx.payload
  let known = eligible.get(payload)
  if (known === undefined) {
    const overrides = ctx.options.overrides as Record<string, unknown>
    const collections = payload.collections as Record<
      string,
      { config: { access?: { read?: unknown } } } | undefined
    >
    const localization = payload.config.localization
    known =
      Boolean(poolOf(payload)) &&
      (payload.db as unknown as { name?: string }).name === 'postgres' &&
      Object.keys(LEAN_COLLECTIONS).every((key) => overrides[key] === undefined) &&
      Object.values(LEAN_COLLECTIONS).every((slug) => collections[slug] !== undefined) &&
      [eventCategories, eventTags].every(
        (slug) => collections[slug]!.config.access?.read === readTerms,
      ) &&
      Boolean(localization) &&
      localization !== false &&
      (localization.localeCodes as string[]).includes(ctx.options.defaultLanguage)
    eligible.set(payload, known)
  }
  return known
}

/** The read rule's and languages' parameters ($2–$5), or `undefined` when this read does not apply. */
export function leanParameters(ctx: CalendarContext): undefined | unknown[] {
  if (!ctx.options.reads.sql || ctx.req.transactionID || !isEligible(ctx)) return undefined
  const rules = [events, venues, organizers].map((slug) => postReadRule(ctx, slug))
  if (rules.some((rule) => rule === undefined)) return undefined
  const rule = rules[0]!
  const locale =
    typeof ctx.req.locale === 'string' && ctx.req.locale !== 'all'
      ? ctx.req.locale
      : ctx.options.defaultLanguage
  return [locale, ctx.options.defaultLanguage, rule.everything, rule.author]
}

/**
 * The events `ids` as the caller may read them, with their related items (see the comment at the
 * top), by id: an event missing from the map does not exist or may not be read by the caller.
 * `undefined` when this read does not apply (then read them through Payload).
 */
export async function readLeanEvents(
  ctx: CalendarContext,
  ids: number[],
): Promise<Map<number, EventDoc> | undefined> {
  const parameters = leanParameters(ctx)
  if (!parameters) return undefined
  const { rows } = await poolOf(ctx.payload)!.query<{ doc: EventDoc }>(
    ids.length === 1
      ? { ...statementOf(ctx, 'byId'), values: [ids[0], ...parameters] }
      : { ...statementOf(ctx, 'byIds'), values: [ids, ...parameters] },
  )
  return new Map(rows.map(({ doc }) => [doc.id, marked(doc)!]))
}

/**
 * On an event read here: its venue, organizers, categories and tags are already as the caller may
 * read them (an id left is one they may not read, or that no longer exists), so `populateEvents`
 * reads only its image. A symbol: copies (`{ ...doc }`) keep it, JSON never shows it.
 */
export const RELATED_READ = Symbol('related items read')

const marked = (doc: EventDoc | null): EventDoc | null =>
  doc ? Object.assign(doc, { [RELATED_READ]: true }) : doc

/** What a slug names: the event's id and stored status, and the event when the caller may read it (else `null`). */
export type LeanSlugRead = { doc: EventDoc | null; id: number; status: string }

/**
 * The event `slug` names (any status, as `slugOf` looks it up, but a slug not yet given only for
 * those who may read the event: `foundBySlug`, endpoints/events/params.ts) and, in the same
 * statement, the event as the caller may read it. `null` when no event has this slug; `undefined` when this read
 * does not apply (then `slugOf`, and the event through `loadEvents`).
 */
export async function readLeanEventBySlug(
  ctx: CalendarContext,
  slug: string,
): Promise<LeanSlugRead | null | undefined> {
  const parameters = leanParameters(ctx)
  if (!parameters) return undefined
  const { rows } = await poolOf(ctx.payload)!.query<LeanSlugRead>({
    ...statementOf(ctx, 'bySlug'),
    values: [slug, ...parameters],
  })
  const row = rows[0]
  return row ? { doc: marked(row.doc), id: Number(row.id), status: String(row.status) } : null
}

/** Whether `readLeanEvents` applies to this request. */
export function leanEventsApply(ctx: CalendarContext): boolean {
  return leanParameters(ctx) !== undefined
}
