import { sql } from '@payloadcms/db-postgres'

import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'

/*
 * Each term's number of published events, kept as WordPress keeps `term_taxonomy.count`.
 * Every event the API returns embeds its categories and tags with that count; counting them on
 * each request reads every event of every term on the page, which grows with the calendar.
 * Triggers keep the numbers exact on every write, whatever makes it (Payload, the admin panel,
 * an import, SQL): a link between an event and a term counts once while the event is published,
 * however many rows repeat it. `endpoints/termCounts.ts` reads them.
 */
const TRIGGERS: [table: string, name: string, definition: string][] = [
  [
    'events_rels',
    'events_rels_count_added',
    `AFTER INSERT ON "events_rels"
    REFERENCING NEW TABLE AS added_links FOR EACH STATEMENT EXECUTE FUNCTION calendar_count_links_added()`,
  ],
  [
    'events_rels',
    'events_rels_count_removed',
    `AFTER DELETE ON "events_rels"
    REFERENCING OLD TABLE AS removed_links FOR EACH STATEMENT EXECUTE FUNCTION calendar_count_links_removed()`,
  ],
  [
    'events_rels',
    'events_rels_count_changed',
    `AFTER UPDATE ON "events_rels"
    REFERENCING OLD TABLE AS removed_links NEW TABLE AS added_links FOR EACH STATEMENT EXECUTE FUNCTION calendar_count_links_changed()`,
  ],
  [
    'events',
    'events_count_status',
    `AFTER UPDATE OF "status" ON "events"
    FOR EACH ROW EXECUTE FUNCTION calendar_count_event_status()`,
  ],
  [
    'events',
    'events_count_deleted',
    `BEFORE DELETE ON "events"
    FOR EACH ROW EXECUTE FUNCTION calendar_count_event_status()`,
  ],
]
const FUNCTIONS = [
  'calendar_count_links_added',
  'calendar_count_links_removed',
  'calendar_count_links_changed',
  'calendar_count_event_status',
]

export async function createTermCounts(db: SqlRunner): Promise<void> {
  await db.execute(sql`
  -- Each change is a row of its own (term, +n or -n): writers never wait on one another for a
  -- shared counter, so concurrent imports do not queue behind each other's transactions.
  -- Readers add the rows up; the API folds a term's rows into one when they pile up.
  -- The id is a bigserial written out: a development push may have made its sequence first
  -- (pushSchema.ts describes it), which a bigserial would not take but pass over for another.
  CREATE SEQUENCE IF NOT EXISTS "calendar_term_counts_id_seq";
  CREATE TABLE IF NOT EXISTS "calendar_term_counts" (
    "id" bigint PRIMARY KEY NOT NULL DEFAULT nextval('calendar_term_counts_id_seq'),
    "term_id" integer NOT NULL,
    "delta" integer NOT NULL
  );
  ALTER SEQUENCE "calendar_term_counts_id_seq" OWNED BY "calendar_term_counts"."id";
  CREATE INDEX IF NOT EXISTS "calendar_term_counts_term_idx" ON "calendar_term_counts" USING btree ("term_id") INCLUDE ("delta");

  -- Links added: +1 for each new (published event, term) pair that was not linked before.
  CREATE OR REPLACE FUNCTION calendar_count_links_added() RETURNS trigger AS $$
  BEGIN
    INSERT INTO calendar_term_counts (term_id, delta)
    SELECT pair.term, count(*)
    FROM (
      SELECT added.parent_id, COALESCE(added.event_categories_id, added.event_tags_id) AS term, count(*) AS rows
      FROM added_links added
      WHERE COALESCE(added.event_categories_id, added.event_tags_id) IS NOT NULL
      GROUP BY 1, 2
    ) pair
    JOIN events ON events.id = pair.parent_id AND events.status = 'publish'
    -- Not linked before: every row linking the pair now is one of the added ones.
    WHERE pair.rows = (
      SELECT count(*) FROM events_rels existing
      WHERE existing.parent_id = pair.parent_id
        AND COALESCE(existing.event_categories_id, existing.event_tags_id) = pair.term
    )
    GROUP BY pair.term;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;

  -- Links removed: -1 for each (published event, term) pair that no row links any more.
  CREATE OR REPLACE FUNCTION calendar_count_links_removed() RETURNS trigger AS $$
  BEGIN
    INSERT INTO calendar_term_counts (term_id, delta)
    SELECT pair.term, -count(*)
    FROM (
      SELECT DISTINCT gone.parent_id, COALESCE(gone.event_categories_id, gone.event_tags_id) AS term
      FROM removed_links gone
      WHERE COALESCE(gone.event_categories_id, gone.event_tags_id) IS NOT NULL
    ) pair
    JOIN events ON events.id = pair.parent_id AND events.status = 'publish'
    WHERE NOT EXISTS (
      SELECT 1 FROM events_rels remaining
      WHERE remaining.parent_id = pair.parent_id
        AND COALESCE(remaining.event_categories_id, remaining.event_tags_id) = pair.term
    )
    GROUP BY pair.term;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;

  -- Links rewritten in place (Payload deletes and inserts instead): both of the above, in one go.
  CREATE OR REPLACE FUNCTION calendar_count_links_changed() RETURNS trigger AS $$
  BEGIN
    INSERT INTO calendar_term_counts (term_id, delta)
    SELECT counted.term, counted.now - counted.before
    FROM (
      SELECT term.id AS term,
        (SELECT count(DISTINCT link.parent_id) FROM events_rels link JOIN events ON events.id = link.parent_id AND events.status = 'publish'
          WHERE COALESCE(link.event_categories_id, link.event_tags_id) = term.id) AS now,
        (SELECT COALESCE(sum(stored.delta), 0) FROM calendar_term_counts stored WHERE stored.term_id = term.id) AS before
      FROM (
        SELECT COALESCE(event_categories_id, event_tags_id) AS id FROM removed_links
        UNION
        SELECT COALESCE(event_categories_id, event_tags_id) FROM added_links
      ) term
      WHERE term.id IS NOT NULL
    ) counted
    WHERE counted.now <> counted.before;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;

  -- An event entering or leaving 'publish' takes its terms with it; so does deleting a published
  -- event (before its links go, since by then the event is no longer there to look at).
  CREATE OR REPLACE FUNCTION calendar_count_event_status() RETURNS trigger AS $$
  DECLARE
    event_id integer;
    delta integer;
  BEGIN
    IF TG_OP = 'DELETE' THEN
      IF OLD.status IS DISTINCT FROM 'publish' THEN RETURN OLD; END IF;
      event_id := OLD.id;
      delta := -1;
    ELSE
      IF (OLD.status = 'publish') = (NEW.status = 'publish') THEN RETURN NULL; END IF;
      event_id := NEW.id;
      delta := CASE WHEN NEW.status = 'publish' THEN 1 ELSE -1 END;
    END IF;
    INSERT INTO calendar_term_counts (term_id, delta)
    SELECT DISTINCT COALESCE(event_categories_id, event_tags_id), delta
    FROM events_rels
    WHERE parent_id = event_id AND COALESCE(event_categories_id, event_tags_id) IS NOT NULL;
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`)
  for (const [table, name, definition] of TRIGGERS)
    await db.execute(sql.raw(createTriggerIfMissing(table, name, definition)))
  // What the stored rows add up to is brought to what the links say, so that the counts start
  // exact and a step run again (or after the triggers were missing for a while) repairs them.
  // Triggers just made hold their tables' writers off until this transaction ends; triggers
  // already there write their counts in the writers' transactions, which one statement sees
  // together or not at all.
  await db.execute(sql`
  INSERT INTO calendar_term_counts (term_id, delta)
  SELECT term_id, actual - stored
  FROM (
    SELECT COALESCE(linked.term_id, counted.term_id) AS term_id, COALESCE(linked.events, 0) AS actual, COALESCE(counted.events, 0) AS stored
    FROM (
      SELECT COALESCE(link.event_categories_id, link.event_tags_id) AS term_id, count(DISTINCT link.parent_id) AS events
      FROM events_rels link
      JOIN events ON events.id = link.parent_id AND events.status = 'publish'
      WHERE COALESCE(link.event_categories_id, link.event_tags_id) IS NOT NULL
      GROUP BY 1
    ) linked
    FULL JOIN (SELECT term_id, sum(delta) AS events FROM calendar_term_counts GROUP BY 1) counted ON counted.term_id = linked.term_id
  ) compared
  WHERE actual <> stored;`)
}

export async function dropTermCounts(db: SqlRunner): Promise<void> {
  for (const [table, name] of [...TRIGGERS].reverse())
    await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${name}" ON "${table}";`))
  for (const name of [...FUNCTIONS].reverse())
    await db.execute(sql.raw(`DROP FUNCTION IF EXISTS ${name}();`))
  await db.execute(sql`DROP TABLE IF EXISTS "calendar_term_counts";`)
}

export function termCountPieces(): SchemaPiece[] {
  return [
    { kind: 'table', name: 'calendar_term_counts' },
    { kind: 'index', name: 'calendar_term_counts_term_idx' },
    ...FUNCTIONS.map((name): SchemaPiece => ({ kind: 'function', name })),
    ...TRIGGERS.map(([table, name]): SchemaPiece => ({ kind: 'trigger', name, table })),
  ]
}
