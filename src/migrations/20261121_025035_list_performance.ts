import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/*
 * What the compatibility API's lists need to stay fast as the calendar grows (issue 6).
 *
 * 1. Indexes Payload does not make (and a pattern index for slugs, where pg_trgm is available).
 *    Every read of an event (or venue, organizer, term, image)
 *    gathers its translations and its hasMany values with a lateral subquery per row keyed on the
 *    parent's id, but the generated schema indexes `*_locales` only on (_locale, _parent_id) and
 *    `*_texts` only on (order, parent_id): each of those subqueries read the whole child table.
 *    Lists sort events by start then id, which one index serves without a sort.
 *
 * 2. Each term's number of published events, kept as WordPress keeps `term_taxonomy.count`.
 *    Every event the API returns embeds its categories and tags with that count; counting them
 *    on each request reads every event of every term on the page, which grows with the calendar.
 *    Triggers keep the numbers exact on every write, whatever makes it (Payload, the admin panel,
 *    an import, SQL): a link between an event and a term counts once while the event is
 *    published, however many rows repeat it.
 *
 * 3. A log of the transactions that changed calendar content, one row per transaction (so
 *    writers never wait on one another). A server may keep what it read (related items, list
 *    totals) for as long as no transaction it could not see has committed since, which one
 *    indexed lookup tells it.
 */
const CONTENT_TABLES = [
  'events', 'events_locales', 'events_rels', 'events_texts',
  'venues', 'venues_locales', 'venues_texts',
  'organizers', 'organizers_locales', 'organizers_texts',
  'event_categories', 'event_categories_locales', 'event_tags', 'event_tags_locales',
  'media', 'media_locales',
]
const PARENT_INDEXES: [table: string, column: string][] = [
  ['events_locales', '_parent_id'],
  ['events_texts', 'parent_id'],
  ['venues_locales', '_parent_id'],
  ['venues_texts', 'parent_id'],
  ['organizers_locales', '_parent_id'],
  ['organizers_texts', 'parent_id'],
  ['event_categories_locales', '_parent_id'],
  ['event_tags_locales', '_parent_id'],
  ['media_locales', '_parent_id'],
]

export async function up({ db }: MigrateUpArgs): Promise<void> {
  for (const [table, column] of PARENT_INDEXES) {
    await db.execute(sql.raw(`CREATE INDEX IF NOT EXISTS "${table}_parent_lookup_idx" ON "${table}" USING btree ("${column}");`))
  }
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "events_start_date_id_idx" ON "events" USING btree ("start_date", "id");
  -- The events list's total counts every listed event of the window: from the index alone.
  CREATE INDEX IF NOT EXISTS "events_listing_idx" ON "events" USING btree ("status", "start_date") INCLUDE ("end_date", "hide_from_listings");

  -- Every write of a post looks for slugs like its own ('title', 'title-2', …) with ILIKE
  -- '%title-%', which no btree serves: 110 ms per create at 100,000 events, 1 ms with trigrams.
  -- pg_trgm ships with Postgres but a host may not offer it; then the look-up stays a scan.
  DO $$
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available here; slug look-ups will scan their table';
  END $$;
  DO $$
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE INDEX IF NOT EXISTS "events_slug_trgm_idx" ON "events" USING gin ("slug" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "venues_slug_trgm_idx" ON "venues" USING gin ("slug" gin_trgm_ops);
      CREATE INDEX IF NOT EXISTS "organizers_slug_trgm_idx" ON "organizers" USING gin ("slug" gin_trgm_ops);
    END IF;
  END $$;

  -- Each change is a row of its own (term, +n or -n): writers never wait on one another for a
  -- shared counter, so concurrent imports do not queue behind each other's transactions.
  -- Readers add the rows up; the API folds a term's rows into one when they pile up.
  CREATE TABLE IF NOT EXISTS "calendar_term_counts" (
    "id" bigserial PRIMARY KEY NOT NULL,
    "term_id" integer NOT NULL,
    "delta" integer NOT NULL
  );
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
  $$ LANGUAGE plpgsql;

  CREATE TRIGGER "events_rels_count_added" AFTER INSERT ON "events_rels"
    REFERENCING NEW TABLE AS added_links FOR EACH STATEMENT EXECUTE FUNCTION calendar_count_links_added();
  CREATE TRIGGER "events_rels_count_removed" AFTER DELETE ON "events_rels"
    REFERENCING OLD TABLE AS removed_links FOR EACH STATEMENT EXECUTE FUNCTION calendar_count_links_removed();
  CREATE TRIGGER "events_rels_count_changed" AFTER UPDATE ON "events_rels"
    REFERENCING OLD TABLE AS removed_links NEW TABLE AS added_links FOR EACH STATEMENT EXECUTE FUNCTION calendar_count_links_changed();
  CREATE TRIGGER "events_count_status" AFTER UPDATE OF "status" ON "events"
    FOR EACH ROW EXECUTE FUNCTION calendar_count_event_status();
  CREATE TRIGGER "events_count_deleted" BEFORE DELETE ON "events"
    FOR EACH ROW EXECUTE FUNCTION calendar_count_event_status();

  INSERT INTO calendar_term_counts (term_id, delta)
  SELECT COALESCE(link.event_categories_id, link.event_tags_id), count(DISTINCT link.parent_id)
  FROM events_rels link
  JOIN events ON events.id = link.parent_id AND events.status = 'publish'
  WHERE COALESCE(link.event_categories_id, link.event_tags_id) IS NOT NULL
  GROUP BY 1;

  CREATE TABLE IF NOT EXISTS "calendar_changes" (
    "txid" xid8 PRIMARY KEY NOT NULL,
    "at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE OR REPLACE FUNCTION calendar_log_change() RETURNS trigger AS $$
  BEGIN
    INSERT INTO calendar_changes (txid) VALUES (pg_current_xact_id()) ON CONFLICT (txid) DO NOTHING;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`)
  for (const table of CONTENT_TABLES) {
    await db.execute(sql.raw(`CREATE TRIGGER "${table}_log_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
      FOR EACH STATEMENT EXECUTE FUNCTION calendar_log_change();`))
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of CONTENT_TABLES) await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_log_change" ON "${table}";`))
  await db.execute(sql`
  DROP FUNCTION IF EXISTS calendar_log_change();
  DROP TABLE IF EXISTS "calendar_changes";
  DROP TRIGGER IF EXISTS "events_count_deleted" ON "events";
  DROP TRIGGER IF EXISTS "events_count_status" ON "events";
  DROP TRIGGER IF EXISTS "events_rels_count_changed" ON "events_rels";
  DROP TRIGGER IF EXISTS "events_rels_count_removed" ON "events_rels";
  DROP TRIGGER IF EXISTS "events_rels_count_added" ON "events_rels";
  DROP FUNCTION IF EXISTS calendar_count_event_status();
  DROP FUNCTION IF EXISTS calendar_count_links_changed();
  DROP FUNCTION IF EXISTS calendar_count_links_removed();
  DROP FUNCTION IF EXISTS calendar_count_links_added();
  DROP TABLE IF EXISTS "calendar_term_counts";
  DROP INDEX IF EXISTS "organizers_slug_trgm_idx";
  DROP INDEX IF EXISTS "venues_slug_trgm_idx";
  DROP INDEX IF EXISTS "events_slug_trgm_idx";
  DROP INDEX IF EXISTS "events_listing_idx";
  DROP INDEX IF EXISTS "events_start_date_id_idx";`)
  for (const [table] of PARENT_INDEXES) {
    await db.execute(sql.raw(`DROP INDEX IF EXISTS "${table}_parent_lookup_idx";`))
  }
}
