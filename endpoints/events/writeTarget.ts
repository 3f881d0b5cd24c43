import type { RestContext } from '../context'
import type { Target } from '../resourceController'

import { poolOf } from '../../src/db/pool'
import { MAX_INT4 } from '../../src/lib/databaseIds'

/**
 * What a write by id (`PUT|POST|PATCH|DELETE /events/{id}`) addresses, read in one statement
 * whoever the writer is: `occurrenceOf`, the event whose series holds `id` as an occurrence when
 * that is another event (the write then changes that occurrence only, `occurrenceWrites.ts`), and
 * `event`, the event with that id and its status, as `targetEvent` in `controller.ts` reads it
 * (null when there is none). Neither is the caller's business: the write's own access decides.
 */
export async function readWriteTarget(
  ctx: RestContext,
  id: number,
): Promise<{ event: null | Target; occurrenceOf?: number }> {
  if (!Number.isInteger(id) || id <= 0 || id > MAX_INT4) return { event: null }
  const { rows } = await poolOf(ctx.payload)!.query<{
    event_id: null | number
    occurrence_event_id: null | number
    status: null | string
  }>({
    text: `SELECT e.id AS event_id, e.status, (SELECT o.event_id FROM calendar_occurrences o WHERE o.id = q.id) AS occurrence_event_id
      FROM (SELECT $1::int AS id) q LEFT JOIN events e ON e.id = q.id`,
    values: [id],
  })
  const row = rows[0]
  const owner = typeof row?.occurrence_event_id === 'number' ? row.occurrence_event_id : undefined
  return {
    event: typeof row?.event_id === 'number' ? { id, status: row.status ?? undefined } : null,
    ...(owner !== undefined && owner !== id ? { occurrenceOf: owner } : {}),
  }
}
