import type { sql } from '@payloadcms/db-postgres'

/** A statement as `sql` builds it (the package does not export Drizzle's `SQL` type itself). */
type SQL = ReturnType<typeof sql>

/**
 * What the calendar's database steps run on: a Drizzle database or transaction, such as the `db`
 * a Payload migration receives, or `payload.db.drizzle`.
 */
export type SqlRunner = { execute: (query: SQL) => Promise<unknown> }

/** One named thing a step makes, as `findMissingCalendarSchema` looks for it in the catalog. */
export type SchemaPiece =
  | { kind: 'function'; name: string }
  | { kind: 'id default'; sequence: string; table: string }
  | { kind: 'sequence' | 'table'; name: string }
  /** With `table`: expected only where that table exists (a collection's translations or hasMany values). */
  | { kind: 'index'; name: string; table?: string }
  /** Expected only where the server offers pg_trgm (see `listIndexes.ts`). */
  | { kind: 'trigram index'; name: string }
  | { kind: 'trigger'; name: string; table: string }

/** How a piece is named in messages: "trigger events_log_change on events". */
export function describePiece(piece: SchemaPiece): string {
  switch (piece.kind) {
    case 'function':
      return `function ${piece.name}()`
    case 'id default':
      return `default of ${piece.table}.id (nextval of ${piece.sequence})`
    case 'trigger':
      return `trigger ${piece.name} on ${piece.table}`
    default:
      return `${piece.kind} ${piece.name}`
  }
}

/**
 * `CREATE TRIGGER` has no IF NOT EXISTS (and OR REPLACE only from Postgres 14): the trigger is
 * created when its table has none of that name, so that a step runs again without failing. A
 * table that is not there (a collection without translated or hasMany fields has no child table)
 * gets none, and `findMissingPieces` expects none.
 */
export function createTriggerIfMissing(table: string, name: string, definition: string): string {
  return `DO $$
  BEGIN
    IF to_regclass('"${table}"') IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass('"${table}"') AND tgname = '${name}') THEN
      CREATE TRIGGER "${name}" ${definition};
    END IF;
  END $$;`
}

/** Each kind of row change a statement trigger follows, with the transition tables it reads. */
const ROW_CHANGES = [
  ['inserted', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'],
  ['updated', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['deleted', 'DELETE', 'REFERENCING OLD TABLE AS old_rows'],
] as const

/**
 * A statement trigger on `table` for each kind of row change, `{table}_{name}_{inserted|updated|deleted}`,
 * each running `call` (a trigger function's call) with the rows as they were (`old_rows`) and as
 * they are (`new_rows`).
 */
export function rowChangeTriggers(
  table: string,
  name: string,
  call: string,
): { definition: string; name: string; table: string }[] {
  return ROW_CHANGES.map(([suffix, kind, referencing]) => ({
    definition: `AFTER ${kind} ON "${table}" ${referencing}
      FOR EACH STATEMENT EXECUTE FUNCTION ${call}`,
    name: `${table}_${name}_${suffix}`,
    table,
  }))
}
