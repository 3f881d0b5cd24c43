import { sql } from '@payloadcms/db-postgres'

import { createTriggerIfMissing, type SchemaPiece, type SqlRunner } from './pieces'

/*
 * Events, venues and organizers are posts in the original and share one id space; categories and
 * tags are terms and share another (`docs/compatibility.md`, "Shared id spaces"). Each group draws
 * new ids from one sequence. Explicit ids (imports keep the original's) move the sequence past
 * them, and an id already used by another table of the group is refused, so the id spaces stay
 * shared.
 */
const GROUPS = [
  { sequence: 'calendar_post_ids', tables: ['events', 'venues', 'organizers'] },
  { sequence: 'calendar_term_ids', tables: ['event_categories', 'event_tags'] },
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

  for (const { sequence, tables } of GROUPS) {
    const highest = `GREATEST(${tables.map((table) => `(SELECT COALESCE(MAX(id), 0) FROM "${table}")`).join(', ')})`
    // Only ever forward: run again after rows were deleted, it must not hand out their ids again.
    await db.execute(sql.raw(`
    CREATE SEQUENCE IF NOT EXISTS "${sequence}" AS integer;
    SELECT setval('${sequence}', highest.id, true)
    FROM (SELECT ${highest} AS id) highest, "${sequence}" current
    WHERE highest.id > (CASE WHEN current.is_called THEN current.last_value ELSE current.last_value - 1 END);`))
    for (const table of tables) {
      const group = tables.map((name) => `'${name}'`).join(', ')
      await db.execute(sql.raw(`
      ALTER TABLE "${table}" ALTER COLUMN "id" SET DEFAULT nextval('${sequence}');
      ${createTriggerIfMissing(table, `${table}_refuse_shared_id`, `BEFORE INSERT ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION calendar_refuse_shared_id(${group})`)}
      ${createTriggerIfMissing(table, `${table}_advance_id_sequence`, `AFTER INSERT ON "${table}"
        FOR EACH ROW EXECUTE FUNCTION calendar_advance_id_sequence('${sequence}')`)}`))
    }
  }
}

/** Back to one sequence per table (Payload's `serial`), each moved past its table's ids. */
export async function dropSharedIdSequences(db: SqlRunner): Promise<void> {
  for (const { sequence, tables } of GROUPS) {
    for (const table of tables) {
      await db.execute(sql.raw(`
      DROP TRIGGER IF EXISTS "${table}_advance_id_sequence" ON "${table}";
      DROP TRIGGER IF EXISTS "${table}_refuse_shared_id" ON "${table}";
      ALTER TABLE "${table}" ALTER COLUMN "id" SET DEFAULT nextval('${table}_id_seq');
      SELECT setval('${table}_id_seq', GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${table}"), 1));`))
    }
    await db.execute(sql.raw(`DROP SEQUENCE IF EXISTS "${sequence}";`))
  }
  await db.execute(sql`
  DROP FUNCTION IF EXISTS calendar_advance_id_sequence();
  DROP FUNCTION IF EXISTS calendar_refuse_shared_id();`)
}

export function sharedIdSequencePieces(): SchemaPiece[] {
  return [
    { kind: 'function', name: 'calendar_advance_id_sequence' },
    { kind: 'function', name: 'calendar_refuse_shared_id' },
    ...GROUPS.flatMap(({ sequence, tables }): SchemaPiece[] => [
      { kind: 'sequence', name: sequence },
      ...tables.flatMap((table): SchemaPiece[] => [
        { kind: 'id default', sequence, table },
        { kind: 'trigger', name: `${table}_refuse_shared_id`, table },
        { kind: 'trigger', name: `${table}_advance_id_sequence`, table },
      ]),
    ]),
  ]
}
