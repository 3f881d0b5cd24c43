import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import {
  apartFromDatesPieces,
  createApartFromDates,
  dropApartFromDates,
} from './calendarSchema/apartFromDates'
import { changeLogPieces, createChangeLog, dropChangeLog } from './calendarSchema/changeLog'
import {
  createLinkedSearchIndexes,
  dropLinkedSearchIndexes,
  linkedSearchIndexPieces,
} from './calendarSchema/linkedSearchIndexes'
import { createListIndexes, dropListIndexes, listIndexPieces } from './calendarSchema/listIndexes'
import {
  createHiddenChanges,
  dropHiddenChanges,
  hiddenChangePieces,
} from './calendarSchema/hiddenChanges'
import { fillListOrder, keepListOrder, listOrderPieces } from './calendarSchema/listOrder'
import { createListRows, dropListRows, listRowPieces } from './calendarSchema/listRows'
import { createOccurrences, dropOccurrences, occurrencePieces } from './calendarSchema/occurrences'
import { describePiece, type SchemaPiece, type SqlRunner } from './calendarSchema/pieces'
import { requireDrizzle } from './payloadInternals/adapter'
import { liftTimeoutsForTransaction } from './requestTimeouts'
import {
  createSearchFolding,
  dropSearchFolding,
  searchFoldingPieces,
} from './calendarSchema/searchFolding'
import { resetSearchCosts, searchCostPieces, tuneSearchCosts } from './calendarSchema/searchCosts'
import {
  createSearchIndexes,
  dropSearchIndexes,
  searchIndexPieces,
} from './calendarSchema/searchIndexes'
import {
  createSharedIdSequences,
  dropSharedIdSequences,
  sharedIdSequencePieces,
} from './calendarSchema/sharedIdSequences'
import { createTermCounts, dropTermCounts, termCountPieces } from './calendarSchema/termCounts'

export { describePiece, type SchemaPiece, type SqlRunner } from './calendarSchema/pieces'

/*
 * Everything the calendar needs in the database beyond the tables Payload generates from its
 * collections: shared id sequences, indexes, stored term counts and the change log. Each step
 * is idempotent, so the same code serves the app's migrations (`src/migrations/`), a host's own
 * migration (`src/exports/migrations.ts`) and a development database that Payload pushes
 * (`calendarSchemaOnInit.ts`).
 */
type Step = {
  create: (db: SqlRunner) => Promise<void>
  drop: (db: SqlRunner) => Promise<void>
  pieces: () => SchemaPiece[]
  /** What goes wrong while the step's pieces are missing, for the start-up message. */
  withoutIt: string
}

const STEPS: Step[] = [
  {
    create: createSharedIdSequences,
    drop: dropSharedIdSequences,
    pieces: sharedIdSequencePieces,
    withoutIt:
      'events, venues and organizers (and categories and tags) do not share ids, so one id can name two items',
  },
  {
    create: createListIndexes,
    drop: dropListIndexes,
    pieces: listIndexPieces,
    withoutIt: 'lists and slug look-ups read whole tables',
  },
  {
    create: createTermCounts,
    drop: dropTermCounts,
    pieces: termCountPieces,
    withoutIt: "every term's event count is counted again on each request",
  },
  {
    create: createChangeLog,
    drop: dropChangeLog,
    pieces: changeLogPieces,
    withoutIt: "visitors' reads are never cached (no change log)",
  },
  {
    create: createSearchIndexes,
    drop: dropSearchIndexes,
    pieces: searchIndexPieces,
    withoutIt: 'event searches read every translation of every event',
  },
  {
    create: fillListOrder,
    drop: keepListOrder,
    pieces: listOrderPieces,
    withoutIt: 'events stored before their list order was kept are missing from the events list',
  },
  {
    create: createSearchFolding,
    drop: dropSearchFolding,
    pieces: searchFoldingPieces,
    withoutIt: 'searches fail (no calendar_search_fold) or read every translation of every event',
  },
  {
    create: createLinkedSearchIndexes,
    drop: dropLinkedSearchIndexes,
    pieces: linkedSearchIndexPieces,
    withoutIt: 'venue and organizer searches read every venue and organizer',
  },
  {
    create: tuneSearchCosts,
    drop: resetSearchCosts,
    pieces: searchCostPieces,
    withoutIt: 'search pages may walk the whole list for a rare word',
  },
  {
    create: createOccurrences,
    drop: dropOccurrences,
    pieces: occurrencePieces,
    withoutIt: 'events cannot be saved (no calendar_occurrences for their occurrences)',
  },
  {
    create: createApartFromDates,
    drop: dropApartFromDates,
    pieces: apartFromDatesPieces,
    withoutIt:
      'events lists read through Payload fail (no calendar_events_apart_from_dates for their series and exceptions)',
  },
  {
    create: createListRows,
    drop: dropListRows,
    pieces: listRowPieces,
    withoutIt: "visitors' reads are never cached (no log of what may move the events lists)",
  },
  {
    create: createHiddenChanges,
    drop: dropHiddenChanges,
    pieces: hiddenChangePieces,
    withoutIt:
      "visitors' reads are never cached (no log of what visitors can see of hidden items' changes)",
  },
]

/** An arbitrary 64-bit key that names "the calendar's schema steps" among advisory locks. */
const CALENDAR_SCHEMA_LOCK_KEY = '7261001452837100002'

type Rows = { rows: Record<string, unknown>[] }
type Transactional = SqlRunner & {
  transaction?: <T>(work: (tx: SqlRunner) => Promise<T>) => Promise<T>
}

const isPayload = (target: Payload | SqlRunner): target is Payload =>
  'collections' in target && 'db' in target

/**
 * Runs `work` in a transaction (a savepoint inside a migration's transaction) that holds the
 * calendar's advisory lock, so that steps run at once by several processes take turns and each
 * finds what the one before made.
 */
async function underLock(
  target: Payload | SqlRunner,
  work: (db: SqlRunner) => Promise<void>,
): Promise<void> {
  const db: Transactional = isPayload(target) ? requireDrizzle(target) : target
  const locked = async (tx: SqlRunner) => {
    // Index builds and whole-table fills are no request: no request's bounds (`requestTimeouts.ts`).
    await liftTimeoutsForTransaction(tx)
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CALENDAR_SCHEMA_LOCK_KEY}::bigint)`)
    await work(tx)
  }
  if (db.transaction) await db.transaction(locked)
  else await locked(db)
}

/** Makes (or completes) every piece; safe to run again and from several processes at once. */
export async function applyCalendarSchema(target: Payload | SqlRunner): Promise<void> {
  await underLock(target, async (db) => {
    for (const step of STEPS) await step.create(db)
  })
}

/** Removes every piece, in the reverse order; Payload's own tables and their rows stay. */
export async function dropCalendarSchema(target: Payload | SqlRunner): Promise<void> {
  await underLock(target, async (db) => {
    for (const step of [...STEPS].reverse()) await step.drop(db)
  })
}

/** The pieces of the app's migrations, step by step (`src/migrations/`). */
export const calendarSchemaSteps = {
  sharedIdSequences: { create: createSharedIdSequences, drop: dropSharedIdSequences },
  listIndexes: { create: createListIndexes, drop: dropListIndexes },
  termCounts: { create: createTermCounts, drop: dropTermCounts },
  changeLog: { create: createChangeLog, drop: dropChangeLog },
  searchIndexes: { create: createSearchIndexes, drop: dropSearchIndexes },
  listOrder: { create: fillListOrder, drop: keepListOrder },
  searchFolding: { create: createSearchFolding, drop: dropSearchFolding },
  linkedSearchIndexes: { create: createLinkedSearchIndexes, drop: dropLinkedSearchIndexes },
  searchCosts: { create: tuneSearchCosts, drop: resetSearchCosts },
  occurrences: { create: createOccurrences, drop: dropOccurrences },
  apartFromDates: { create: createApartFromDates, drop: dropApartFromDates },
  listRows: { create: createListRows, drop: dropListRows },
  hiddenChanges: { create: createHiddenChanges, drop: dropHiddenChanges },
}

export function calendarSchemaPieces(): SchemaPiece[] {
  return STEPS.flatMap((step) => step.pieces())
}

/** What goes wrong without these pieces, one phrase per step they belong to. */
export function consequencesOf(missing: SchemaPiece[]): string[] {
  const names = new Set(missing.map(describePiece))
  return STEPS.filter((step) => step.pieces().some((piece) => names.has(describePiece(piece)))).map(
    (step) => step.withoutIt,
  )
}

/**
 * Which of `pieces` the database lacks, in one catalog query. Names resolve through the search
 * path, as the steps' unqualified names do. A trigram index is expected only where the server
 * offers pg_trgm (`listIndexes.ts` makes it only then); a trigger, or an index given a `table`,
 * only where that table exists (`pieces.ts`).
 */
export async function findMissingPieces(
  target: Payload | SqlRunner,
  pieces: SchemaPiece[],
): Promise<SchemaPiece[]> {
  const db = isPayload(target) ? requireDrizzle(target) : target
  const { rows } = (await db.execute(sql`
    SELECT piece.value AS piece
    FROM jsonb_array_elements(${JSON.stringify(pieces)}::jsonb) WITH ORDINALITY AS piece
    WHERE NOT CASE piece.value->>'kind'
      WHEN 'function' THEN to_regproc(quote_ident(piece.value->>'name')) IS NOT NULL
      WHEN 'trigger' THEN to_regclass(quote_ident(piece.value->>'table')) IS NULL OR EXISTS (
        SELECT 1 FROM pg_trigger
        WHERE tgrelid = to_regclass(quote_ident(piece.value->>'table')) AND tgname = piece.value->>'name')
      WHEN 'id default' THEN EXISTS (
        SELECT 1 FROM pg_attrdef def JOIN pg_attribute att ON att.attrelid = def.adrelid AND att.attnum = def.adnum
        WHERE def.adrelid = to_regclass(quote_ident(piece.value->>'table')) AND att.attname = 'id'
          AND pg_get_expr(def.adbin, def.adrelid) = format('nextval(%L::regclass)', piece.value->>'sequence'))
      WHEN 'index' THEN to_regclass(quote_ident(piece.value->>'name')) IS NOT NULL
        OR (piece.value ? 'table' AND to_regclass(quote_ident(piece.value->>'table')) IS NULL)
      WHEN 'trigram index' THEN to_regclass(quote_ident(piece.value->>'name')) IS NOT NULL
        OR NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm')
      ELSE to_regclass(quote_ident(piece.value->>'name')) IS NOT NULL
    END
    ORDER BY piece.ordinality`)) as Rows
  return rows.map(
    (row) => (typeof row.piece === 'string' ? JSON.parse(row.piece) : row.piece) as SchemaPiece,
  )
}

/** What of the calendar's database pieces is missing, by name ("trigger events_log_change on events", …); empty when complete. */
export async function findMissingCalendarSchema(target: Payload | SqlRunner): Promise<string[]> {
  return (await findMissingPieces(target, calendarSchemaPieces())).map(describePiece)
}
