import { sql } from '@payloadcms/db-postgres'

import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'

/*
 * Events, venues and organizers are posts in the original and share one id space; categories and
 * tags are terms and share another (`docs/compatibility.md`, "Shared id spaces"). Each group draws
 * new ids from one sequence. Explicit ids (imports keep the original's) move the sequence past
 * them. And each group's ids are written in a table of their own (`owners`), whose primary key
 * gives each id to one item of the group: a trigger on each table claims a new item's id there
 * in the same transaction, so that two creates at the same moment with one id in two tables
 * cannot both succeed (the second waits for the first and is refused), which a look at the
 * other tables before inserting (the check these triggers replace) could not tell.
 */
const GROUPS = [
  {
    owners: 'calendar_post_id_owners',
    sequence: 'calendar_post_ids',
    tables: ['events', 'venues', 'organizers'],
  },
  {
    owners: 'calendar_term_id_owners',
    sequence: 'calendar_term_ids',
    tables: ['event_categories', 'event_tags'],
  },
]

export async function createSharedIdSequences(db: SqlRunner): Promise<void> {
  await db.execute(sql`
  CREATE OR REPLACE FUNCTION calendar_advance_id_sequence() RETURNS trigger AS $$
  DECLARE
    last bigint;
    called boolean;
  BEGIN
    EXECUTE format('SELECT last_value, is_called FROM %I', TG_ARGV[0]) INTO last, called;
    IF NEW.id > (CASE WHEN called THEN last ELSE last - 1 END) THEN
      PERFORM setval(TG_ARGV[0]::regclass, NEW.id, true);
    END IF;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;

  -- TG_ARGV[0]: the group's owners table. ON CONFLICT waits for a claim not yet committed. An id
  -- its own table holds passes: Payload's updates are upserts (INSERT … ON CONFLICT DO UPDATE),
  -- and a true duplicate is refused by the table's own primary key.
  CREATE OR REPLACE FUNCTION calendar_claim_shared_id() RETURNS trigger AS $$
  DECLARE
    claimed integer;
    holder text;
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      IF NEW.id = OLD.id THEN RETURN NEW; END IF;
      EXECUTE format('DELETE FROM %I WHERE id = $1 AND owner = $2', TG_ARGV[0]) USING OLD.id, TG_TABLE_NAME;
    END IF;
    LOOP
      EXECUTE format('INSERT INTO %I (id, owner) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id', TG_ARGV[0])
        INTO claimed USING NEW.id, TG_TABLE_NAME;
      EXIT WHEN claimed IS NOT NULL;
      EXECUTE format('SELECT owner FROM %I WHERE id = $1', TG_ARGV[0]) INTO holder USING NEW.id;
      EXIT WHEN holder = TG_TABLE_NAME;
      IF holder IS NOT NULL THEN
        RAISE EXCEPTION 'id % is already used in %', NEW.id, holder
          USING ERRCODE = 'unique_violation', DETAIL = format('Key (id)=(%s) already exists.', NEW.id);
      END IF;
      -- Released since the conflict (its item deleted): claimed again.
    END LOOP;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;

  CREATE OR REPLACE FUNCTION calendar_release_shared_id() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      EXECUTE format('DELETE FROM %I WHERE owner = $1', TG_ARGV[0]) USING TG_TABLE_NAME;
    ELSE
      EXECUTE format('DELETE FROM %I WHERE id = $1 AND owner = $2', TG_ARGV[0]) USING OLD.id, TG_TABLE_NAME;
    END IF;
    RETURN NULL;
  END;
  $$ LANGUAGE plpgsql;`)

  for (const { owners, sequence, tables } of GROUPS) {
    const highest = `GREATEST(${tables.map((table) => `(SELECT COALESCE(MAX(id), 0) FROM "${table}")`).join(', ')})`
    // Only ever forward: run again after rows were deleted, it must not hand out their ids again.
    await db.execute(
      sql.raw(`
    CREATE SEQUENCE IF NOT EXISTS "${sequence}" AS integer;
    SELECT setval('${sequence}', highest.id, true)
    FROM (SELECT ${highest} AS id) highest, "${sequence}" current
    WHERE highest.id > (CASE WHEN current.is_called THEN current.last_value ELSE current.last_value - 1 END);`),
    )
    // Made once, with the ids already there (one owner each, should an earlier race have given an id twice).
    await db.execute(
      sql.raw(`
    DO $$
    BEGIN
      IF to_regclass('"${owners}"') IS NULL THEN
        CREATE TABLE "${owners}" ("id" integer PRIMARY KEY, "owner" text NOT NULL);
        ${tables.map((table) => `INSERT INTO "${owners}" (id, owner) SELECT id, '${table}' FROM "${table}" ON CONFLICT (id) DO NOTHING;`).join(' ')}
      END IF;
    END $$;`),
    )
    for (const table of tables) {
      await db.execute(
        sql.raw(`
      ALTER TABLE "${table}" ALTER COLUMN "id" SET DEFAULT nextval('${sequence}');
      DROP TRIGGER IF EXISTS "${table}_refuse_shared_id" ON "${table}";
      ${createTriggerIfMissing(
        table,
        `${table}_claim_shared_id`,
        `BEFORE INSERT OR UPDATE OF id ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION calendar_claim_shared_id('${owners}')`,
      )}
      ${createTriggerIfMissing(
        table,
        `${table}_release_shared_id`,
        `AFTER DELETE ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION calendar_release_shared_id('${owners}')`,
      )}
      ${createTriggerIfMissing(
        table,
        `${table}_release_shared_ids`,
        `AFTER TRUNCATE ON "${table}"
        FOR EACH STATEMENT EXECUTE FUNCTION calendar_release_shared_id('${owners}')`,
      )}
      ${createTriggerIfMissing(
        table,
        `${table}_advance_id_sequence`,
        `AFTER INSERT ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION calendar_advance_id_sequence('${sequence}')`,
      )}`),
      )
    }
  }
  await db.execute(sql`DROP FUNCTION IF EXISTS calendar_refuse_shared_id();`)
}

/** Back to one sequence per table (Payload's `serial`), each moved past its table's ids. */
export async function dropSharedIdSequences(db: SqlRunner): Promise<void> {
  for (const { owners, sequence, tables } of GROUPS) {
    for (const table of tables) {
      await db.execute(
        sql.raw(`
      DROP TRIGGER IF EXISTS "${table}_advance_id_sequence" ON "${table}";
      ${ID_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS "${table}_${name}" ON "${table}";`).join('\n      ')}
      ALTER TABLE "${table}" ALTER COLUMN "id" SET DEFAULT nextval('${table}_id_seq');
      SELECT setval('${table}_id_seq', GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${table}"), 1));`),
      )
    }
    await db.execute(
      sql.raw(`DROP SEQUENCE IF EXISTS "${sequence}"; DROP TABLE IF EXISTS "${owners}";`),
    )
  }
  await db.execute(sql`
  DROP FUNCTION IF EXISTS calendar_advance_id_sequence();
  DROP FUNCTION IF EXISTS calendar_claim_shared_id();
  DROP FUNCTION IF EXISTS calendar_release_shared_id();
  DROP FUNCTION IF EXISTS calendar_refuse_shared_id();`)
}

/** The triggers that keep a group's owners table, and (last) the check before it, which they replace. */
const OWNER_TRIGGERS = ['claim_shared_id', 'release_shared_id', 'release_shared_ids']
const ID_TRIGGERS = [...OWNER_TRIGGERS, 'refuse_shared_id']

/**
 * Migration 20261127_000000_shared_id_owners undone: the owners tables and their triggers
 * replaced by the check they replaced, which looks at the group's other tables before an insert.
 */
export async function dropSharedIdOwners(db: SqlRunner): Promise<void> {
  await db.execute(sql`
  CREATE OR REPLACE FUNCTION calendar_refuse_shared_id() RETURNS trigger AS $$
  DECLARE
    other text;
    taken boolean;
  BEGIN
    FOREACH other IN ARRAY TG_ARGV LOOP
      IF other <> TG_TABLE_NAME THEN
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE id = $1)', other) INTO taken USING NEW.id;
        IF taken THEN
          RAISE EXCEPTION 'id % is already used in %', NEW.id, other USING ERRCODE = 'unique_violation';
        END IF;
      END IF;
    END LOOP;
    RETURN NEW;
  END;
  $$ LANGUAGE plpgsql;`)
  for (const { owners, tables } of GROUPS) {
    for (const table of tables) {
      const group = tables.map((name) => `'${name}'`).join(', ')
      await db.execute(
        sql.raw(`
      ${ID_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS "${table}_${name}" ON "${table}";`).join('\n      ')}
      ${createTriggerIfMissing(
        table,
        `${table}_refuse_shared_id`,
        `BEFORE INSERT ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION calendar_refuse_shared_id(${group})`,
      )}`),
      )
    }
    await db.execute(sql.raw(`DROP TABLE IF EXISTS "${owners}";`))
  }
  await db.execute(sql`
  DROP FUNCTION IF EXISTS calendar_claim_shared_id();
  DROP FUNCTION IF EXISTS calendar_release_shared_id();`)
}

export function sharedIdSequencePieces(): SchemaPiece[] {
  return [
    { kind: 'function', name: 'calendar_advance_id_sequence' },
    { kind: 'function', name: 'calendar_claim_shared_id' },
    { kind: 'function', name: 'calendar_release_shared_id' },
    ...GROUPS.flatMap(({ owners, sequence, tables }): SchemaPiece[] => [
      { kind: 'sequence', name: sequence },
      { kind: 'table', name: owners },
      ...tables.flatMap((table): SchemaPiece[] => [
        { kind: 'id default', sequence, table },
        ...OWNER_TRIGGERS.map((name): SchemaPiece => ({
          kind: 'trigger',
          name: `${table}_${name}`,
          table,
        })),
        { kind: 'trigger', name: `${table}_advance_id_sequence`, table },
      ]),
    ]),
  ]
}
