import { sql } from '@payloadcms/db-postgres'

import type { SchemaPiece, SqlRunner } from './pieces'

/*
 * What the planner knows of the searches' folded texts (issue 17). A search page is read either by
 * walking the list in its order and folding each row's texts until the page is full, or by reading
 * the matches first through the trigram indexes (`searchFolding.ts`, `linkedSearchIndexes.ts`); the
 * planner chooses from two things it did not know:
 *
 * - How often a word occurs: Postgres gathers statistics of an index's expression only when it
 *   analyzes the table, and a table is analyzed again only after a tenth of its rows changed. The
 *   migrations that make the indexes left them without statistics, and the planner guessed: at
 *   100,000 events, words in few events or none walked all 52,000 listed ones (`#123` 376 ms, a word
 *   found nowhere 565 ms, with EXPLAIN ANALYZE). The tables are analyzed once the indexes exist.
 * - What a fold costs: unaccent's C function (`calendar_unaccent`) is declared at the default cost
 *   of one operator, about the cost of comparing two integers, where unaccenting and lowering a
 *   description costs a hundred times that. Declared at that cost, the planner reads the matches of
 *   a venue search through the indexes (16.6 → 2.0 ms for `Theatre` at 5,000 venues) and leaves the
 *   walk to words found often (bench/RESULTS.md, "Fourth pass").
 */
const SEARCHED_TABLES = [
  'events_locales',
  'venues',
  'venues_locales',
  'organizers',
  'organizers_locales',
]

export async function tuneSearchCosts(db: SqlRunner): Promise<void> {
  await setUnaccentCost(db, 100)
  for (const table of SEARCHED_TABLES) {
    await db.execute(
      sql.raw(
        `DO $$ BEGIN IF to_regclass('"${table}"') IS NOT NULL THEN ANALYZE "${table}"; END IF; END $$;`,
      ),
    )
  }
}

/** Back to the default cost; statistics stay (the next analysis replaces them). */
export async function resetSearchCosts(db: SqlRunner): Promise<void> {
  await setUnaccentCost(db, 1)
}

/** Declares what one call of `calendar_unaccent` costs the planner, where the function exists. */
async function setUnaccentCost(db: SqlRunner, cost: number): Promise<void> {
  await db.execute(
    sql.raw(`
  DO $$
  BEGIN
    IF to_regprocedure('calendar_unaccent(regdictionary, text)') IS NOT NULL THEN
      ALTER FUNCTION calendar_unaccent(regdictionary, text) COST ${Math.trunc(cost)};
    END IF;
  END $$;`),
  )
}

/** Nothing the start-up check can look for: a cost and statistics, not named pieces. */
export function searchCostPieces(): SchemaPiece[] {
  return []
}
