import type pg from 'pg'

import { TERM_COUNTS } from '../db/calendarSchema/changeLog'
import { ALL_LISTS_KEYS, factKeys } from './surrogateKeys'

/*
 * Which events lists a committed transaction can have altered, from the change log
 * (`src/db/calendarSchema/listRows.ts`, `changeLog.ts`), as the server's kept lists judge it
 * (`endpoints/freshness.ts`): the list rows' facts whose fingerprints do not add up to 0 in it,
 * and whether it moved a term's count. Read once the transaction has committed, when its
 * notification arrives (`purgeListener.ts`), and not by the save's hook: statements of the same
 * transaction may follow the hooks (an occurrence moved after the (empty) update of its event,
 * `endpoints/events/occurrenceWrites.ts`; an imported series' overrides, `src/icsImport/`), and
 * only the committed log has them all.
 */

const FACTS = `SELECT
    EXISTS (SELECT 1 FROM calendar_changes WHERE txid = $1::xid8) AS logged,
    ARRAY(SELECT DISTINCT fact FROM calendar_change_rows WHERE txid = $1::xid8 AND delta <> 0) AS facts,
    EXISTS (
      SELECT 1 FROM calendar_change_items
      WHERE txid = $1::xid8 AND collection = '${TERM_COUNTS}' AND delta <> 0
    ) AS counts`

type FactsRow = { counts: boolean; facts: string[]; logged: boolean }

/**
 * The keys of the events lists that transaction `txid` (as `pg_current_xact_id()` names it) can
 * have altered. When the log does not tell (it has no row of the transaction, or cannot be read):
 * every list's.
 */
export async function listKeysOfTransaction(
  db: Pick<pg.Client, 'query'>,
  txid: string,
): Promise<string[]> {
  if (!/^\d{1,20}$/.test(txid)) return ALL_LISTS_KEYS
  try {
    const { rows } = await db.query<FactsRow>({
      name: 'calendar-cdn-transaction-facts',
      text: FACTS,
      values: [txid],
    })
    const row = rows[0]
    if (!row?.logged) return ALL_LISTS_KEYS
    return factKeys(row.facts, row.counts)
  } catch {
    return ALL_LISTS_KEYS
  }
}
