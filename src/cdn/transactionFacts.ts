import type pg from 'pg'

import { TERM_COUNTS } from '../db/calendarSchema/changeLog'
import { ITEM_TIERS, TIERS } from '../db/calendarSchema/hiddenChanges'
import { CALENDAR_SLUGS } from '../slugs'
import { ALL_LISTS_KEYS, factKeys } from './surrogateKeys'

/*
 * Which events lists a committed transaction can have altered, from the change log
 * (`src/db/calendarSchema/listRows.ts`, `changeLog.ts`), as the server's kept lists judge it
 * (`endpoints/freshness.ts`): the list rows' facts whose fingerprints do not add up to 0 in it, of
 * events visitors can see changed, and whether it moved a term's count; and how far visitors can
 * see its change of each item (`src/db/calendarSchema/hiddenChanges.ts`). Read once the
 * transaction has committed, when its notification arrives (`purgeListener.ts`), and not by the
 * save's hook: statements of the same transaction may follow the hooks (an occurrence moved after
 * the (empty) update of its event, `endpoints/events/occurrenceWrites.ts`; an imported series'
 * overrides, `src/icsImport/`), and only the committed log has them all.
 */

const FACTS = `WITH unseen AS (SELECT $1::xid8 AS txid), ${ITEM_TIERS}
  SELECT
    EXISTS (SELECT 1 FROM calendar_changes WHERE txid = $1::xid8) AS logged,
    ARRAY(
      SELECT DISTINCT row.fact FROM calendar_change_rows row
      WHERE row.txid = $1::xid8 AND row.delta <> 0 AND NOT EXISTS (
        SELECT 1 FROM item_tiers hidden
        WHERE hidden.collection = '${CALENDAR_SLUGS.events}' AND hidden.id = row.event_id AND hidden.tier < ${TIERS.seen}
      )
    ) AS facts,
    EXISTS (
      SELECT 1 FROM calendar_change_items
      WHERE txid = $1::xid8 AND collection = '${TERM_COUNTS}' AND delta <> 0
    ) AS counts,
    (
      SELECT json_object_agg(tiered.collection || ':' || tiered.id, tiered.tier) FROM item_tiers tiered
      WHERE tiered.tier < ${TIERS.seen}
    ) AS hidden`

type FactsRow = {
  counts: boolean
  facts: string[]
  hidden: null | Record<string, number>
  logged: boolean
}

/** What a committed transaction's change purges. */
export type TransactionKeys = {
  /**
   * The items (`collection:id`) that visitors cannot read whose change in it they can see only in
   * part, with how far (TIERS, `src/db/calendarSchema/hiddenChanges.ts`): an item not named is
   * seen as any change.
   */
  hidden: ReadonlyMap<string, number>
  /** The keys of the events lists it can have altered. */
  lists: string[]
}

/**
 * The keys of the events lists that transaction `txid` (as `pg_current_xact_id()` names it) can
 * have altered, and how far visitors can see its change of the items of the collections `judged`
 * they cannot read (`judgedCollections`, `endpoints/freshness.ts`). When the log does not tell
 * (it has no row of the transaction, or cannot be read): every list's, and every item seen.
 */
export async function transactionKeys(
  db: Pick<pg.Client, 'query'>,
  txid: string,
  judged: readonly string[],
): Promise<TransactionKeys> {
  const untold = { hidden: new Map<string, number>(), lists: ALL_LISTS_KEYS }
  if (!/^\d{1,20}$/.test(txid)) return untold
  try {
    const { rows } = await db.query<FactsRow>({
      name: 'calendar-cdn-transaction-facts',
      text: FACTS,
      values: [txid, `{${judged.join(',')}}`],
    })
    const row = rows[0]
    if (!row?.logged) return untold
    return {
      hidden: new Map(Object.entries(row.hidden ?? {}).map(([item, tier]) => [item, Number(tier)])),
      lists: factKeys(row.facts, row.counts),
    }
  } catch {
    return untold
  }
}
