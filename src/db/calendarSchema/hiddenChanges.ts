import { sql } from '@payloadcms/db-postgres'

import {
  createTriggerIfMissing,
  rowChangeTriggers,
  type SchemaPiece,
  type SqlRunner,
} from './pieces'

/*
 * What visitors could tell of a change of an item they cannot see: the change log's third half
 * (`./changeLog.ts` names the items changed, `./listRows.ts` what may move the events lists). An
 * editor's save of a draft must not drop what is kept for visitors (`endpoints/freshness.ts`) nor
 * purge a shared cache (`src/cdn/`): a visitor would read the fact and the time of a hidden edit
 * from a list turning slow or losing its `Age`.
 *
 * A visitor reads an event, venue or organizer only when it is published (`readScope`,
 * `src/access/posts.ts`). Of the others the calendar still shows, as WordPress does:
 * - that the item exists, and whether it is trashed (`/events/{id}` answers 404, 403 or 410;
 *   a venue's id given as an event's, 400), under which slug (`by-slug` answers 404 or 403);
 * - its image: an image only hidden items use is hidden (`src/access/images.ts`);
 * - for an event neither draft nor pending, its venue, its organizers and whether it has a
 *   password: `has_events` counts such events (`endpoints/linkedPosts/linkedToEvents.ts`);
 * - its occurrences' ids (an occurrence's id answers 403, not 404), and for a series its group
 *   (`post_parent` resolves a hidden event's series: `seriesRootOf`, `src/calendar/events/occurrences.ts`).
 * A hidden venue's coordinates are not among them: the geofence places events only by venues the
 * reader sees (`endpoints/events/geofence.ts`).
 *
 * Each row version of those tables is logged here with what it shows of them, as traces of one of
 * five kinds, with -1 for the row as it was and +1 as it is, added up per transaction, item and
 * trace (as `./listRows.ts` adds up its fingerprints):
 * - `published`: the row is published (+1 for either version: it never adds up to 0);
 * - `list`: what the events lists can show of a hidden item (its series' group and occurrences
 *   other than its own);
 * - `any`: what only other answers show (existence, status, image, and for an event counted by
 *   `has_events` its venue and password), which a change of anything drops;
 * - `counted`: an event's organizers, shown only while the event is neither draft nor pending,
 *   which the reader asks of the event as it is then;
 * - `slug`: its slug, which only look-ups by slug show.
 * A trace that does not add up to 0 tells the reader what visitors can see of the change (TIERS);
 * a change whose traces all add up to 0, of an item not published now, is seen by nobody but the
 * editors.
 * Translations, repeated texts, categories and tags leave no trace: a hidden item's are shown
 * nowhere (term counts count published events only, and are logged apart).
 */

/** The kinds of traces (see the top). */
const TRACES = {
  any: 'any',
  counted: 'counted',
  list: 'list',
  published: 'published',
  slug: 'slug',
} as const

/** How far visitors can see a change of an item (`ITEM_TIERS`). */
export const TIERS = {
  /** Nobody but the editors. */
  unseen: 0,
  /** Only look-ups by slug (which tell a hidden item's slug from one no item has). */
  slug: 1,
  /** Only answers that depend on any change (errors, other lists, images, …). */
  told: 2,
  /** As any change: the item is published, or the events lists can move. */
  seen: 3,
} as const

/** The statuses in which an event does not count towards `has_events` (`linkedToEvents.ts`). */
export const UNCOUNTED_STATUSES = ['draft', 'pending'] as const

const TABLE = 'calendar_change_traces'
/** The occurrences' table, made by the occurrences step (`./occurrences.ts`) before this one. */
const OCCURRENCES = 'calendar_occurrences'

/** A column of the row `r` (as JSON: a column a host's table lacks reads as null), as JSON or as text. */
const column = (name: string) => `r->'${name}'`
const text = (name: string) => `(r->>'${name}')`

/** A row's status as what visitors tell apart of a hidden item: draft or pending, or the status. */
const statusClass = `CASE WHEN ${text('status')} IN (${UNCOUNTED_STATUSES.map((status) => `'${status}'`).join(', ')}) THEN 'unlisted' ELSE coalesce(${text('status')}, '') END`

/**
 * A table whose rows leave traces: the collection, the column naming the item, and the traces of
 * a row `r` (as JSON) as an SQL `text[]` of `kind:value` (nulls ignored).
 */
type TracedTable = { collection: string; item: string; table: string; traces: string }

const published = `CASE WHEN ${text('status')} = 'publish' THEN 'published:' END`
const anyTrace = (more = '') =>
  `'any:' || md5(jsonb_build_array(${statusClass}, ${column('image_id')}${more})::text)`
const slugTrace = `'slug:' || md5(${text('slug')})`

const TRACED_TABLES: readonly TracedTable[] = [
  {
    collection: 'events',
    item: 'id',
    table: 'events',
    traces: `ARRAY[${published}, ${anyTrace(
      `, CASE WHEN ${statusClass} <> 'unlisted' THEN jsonb_build_array(${column('venue_id')}, coalesce(${text('password')}, '') <> '') END`,
    )}, ${slugTrace}, 'list:' || ${text('series_root')}]`,
  },
  {
    collection: 'events',
    item: 'parent_id',
    table: 'events_rels',
    traces: `ARRAY[CASE WHEN ${text('path')} = 'organizers' THEN 'counted:' || ${text('organizers_id')} END]`,
  },
  {
    collection: 'events',
    item: 'event_id',
    table: OCCURRENCES,
    traces: `ARRAY[CASE WHEN ${text('id')} <> ${text('event_id')} THEN 'list:' || ${text('id')} END]`,
  },
  {
    collection: 'venues',
    item: 'id',
    table: 'venues',
    traces: `ARRAY[${published}, ${anyTrace()}, ${slugTrace}]`,
  },
  {
    collection: 'organizers',
    item: 'id',
    table: 'organizers',
    traces: `ARRAY[${published}, ${anyTrace()}, ${slugTrace}]`,
  },
]

/** The trigger function of one table's rows (see `tracesFunction`). */
const functionOf = (table: string) => `calendar_log_${table}_traces`

/**
 * The trigger function that logs the traces of the rows of one table, with the transition
 * tables `old_rows` and `new_rows` (as its trigger of each kind has them): its statements are
 * written out for that table, so that Postgres plans each once per connection, where a statement
 * made at each call (`EXECUTE`) is planned at each call, several times the cost of running it.
 * Columns are read from the row as JSON, so that a host's table without one still saves.
 */
function tracesFunction({ collection, item, table, traces }: TracedTable): string {
  // The row versions, each `r` (as JSON) with its delta.
  const logged = (versions: string) => `
    INSERT INTO ${TABLE} (txid, collection, id, kind, trace, delta)
    SELECT pg_current_xact_id(), '${collection}', c.item::integer, split_part(c.trace, ':', 1), substr(c.trace, strpos(c.trace, ':') + 1),
      -- A published version counts +1 as it was and as it is: its trace never adds up to 0.
      sum(CASE WHEN c.trace = 'published:' THEN 1 ELSE c.delta END)
    FROM (
      SELECT r->>'${item}' AS item, t.trace, v.delta FROM (${versions}) v, unnest(${traces}) AS t(trace)
    ) c
    WHERE c.item IS NOT NULL AND c.trace IS NOT NULL GROUP BY c.item, c.trace
    ON CONFLICT (txid, collection, id, kind, trace) DO UPDATE SET delta = ${TABLE}.delta + excluded.delta;`
  const before = 'SELECT to_jsonb(o) AS r, -1 AS delta FROM old_rows o'
  const after = 'SELECT to_jsonb(n) AS r, 1 AS delta FROM new_rows n'
  return `CREATE OR REPLACE FUNCTION ${functionOf(table)}() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN${logged(after)}
    ELSIF TG_OP = 'DELETE' THEN${logged(before)}
    ELSE${logged(`${before} UNION ALL ${after}`)}
    END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`
}

const triggers = () =>
  TRACED_TABLES.flatMap(({ table }) => rowChangeTriggers(table, 'traces', `${functionOf(table)}()`))

/** The log of traces and its triggers (see the top); idempotent. The occurrences' table must exist. */
export async function createHiddenChanges(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  CREATE TABLE IF NOT EXISTS "${TABLE}" (
    "txid" xid8 NOT NULL,
    "collection" text NOT NULL,
    "id" integer NOT NULL,
    "kind" text NOT NULL,
    "trace" text NOT NULL,
    "delta" integer NOT NULL,
    PRIMARY KEY ("txid", "collection", "id", "kind", "trace")
  );
  ${TRACED_TABLES.map(tracesFunction).join('\n  ')}`),
  )
  for (const trigger of triggers())
    await db.execute(
      sql.raw(createTriggerIfMissing(trigger.table, trigger.name, trigger.definition)),
    )
}

/** What `createHiddenChanges` makes. */
export async function dropHiddenChanges(db: SqlRunner): Promise<void> {
  await db.execute(
    sql.raw(`
  -- CASCADE: the triggers go with the functions.
  ${TRACED_TABLES.map(({ table }) => `DROP FUNCTION IF EXISTS ${functionOf(table)}() CASCADE;`).join('\n  ')}
  DROP TABLE IF EXISTS "${TABLE}";`),
  )
}

export function hiddenChangePieces(): SchemaPiece[] {
  return [
    { kind: 'table', name: TABLE },
    ...TRACED_TABLES.map(({ table }): SchemaPiece => ({
      kind: 'function',
      name: functionOf(table),
    })),
    // Not the occurrences' triggers: their table is the occurrences step's, and a database without
    // it (a host's where only Payload made the tables) is told of that table missing.
    ...triggers()
      .filter(({ table }) => table !== OCCURRENCES)
      .map(({ name, table }): SchemaPiece => ({ kind: 'trigger', name, table })),
  ]
}

/**
 * Which items of the collections `$2` (a `text[]`: those whose visitors read only published
 * items, `endpoints/freshness.ts`) the transactions of the CTE `unseen` (a `txid` each) changed,
 * and how far visitors can see each change (`tier`, one of TIERS): as any change when they can
 * see the item or the events lists can move; only by answers that depend on any change when
 * those can tell (the item's existence, status, image, …, see the top); only by look-ups by slug
 * when its slug alone changed (a draft's follows its title, `src/hooks/generateSlug.ts`); not at
 * all otherwise. Each transaction is judged alone, and the item as it is now: an event's
 * organizers count while it is neither draft nor pending, and a change of an item published now
 * may have been of what it shows.
 */
export const ITEM_TIERS = `item_tiers AS (
    SELECT j.collection, j.id,
      max(CASE
        WHEN current.status = 'publish' THEN ${TIERS.seen}
        WHEN EXISTS (SELECT 1 FROM ${TABLE} t WHERE t.txid = j.txid AND t.collection = j.collection AND t.id = j.id
          AND t.delta <> 0 AND t.kind IN ('${TRACES.published}', '${TRACES.list}')) THEN ${TIERS.seen}
        WHEN EXISTS (SELECT 1 FROM ${TABLE} t WHERE t.txid = j.txid AND t.collection = j.collection AND t.id = j.id
          AND t.delta <> 0 AND (t.kind = '${TRACES.any}'
            OR (t.kind = '${TRACES.counted}' AND coalesce(current.status, '') NOT IN (${UNCOUNTED_STATUSES.map((status) => `'${status}'`).join(', ')})))) THEN ${TIERS.told}
        WHEN EXISTS (SELECT 1 FROM ${TABLE} t WHERE t.txid = j.txid AND t.collection = j.collection AND t.id = j.id
          AND t.delta <> 0 AND t.kind = '${TRACES.slug}') THEN ${TIERS.slug}
        ELSE ${TIERS.unseen}
      END) AS tier
    FROM (
      SELECT DISTINCT item.txid, item.collection, item.id FROM calendar_change_items item JOIN unseen USING (txid)
      WHERE item.collection = ANY($2::text[])
    ) j
    CROSS JOIN LATERAL (SELECT CASE j.collection
      WHEN 'events' THEN (SELECT status::text FROM events WHERE id = j.id)
      WHEN 'venues' THEN (SELECT status::text FROM venues WHERE id = j.id)
      WHEN 'organizers' THEN (SELECT status::text FROM organizers WHERE id = j.id)
    END AS status) current
    GROUP BY j.collection, j.id
  )`
