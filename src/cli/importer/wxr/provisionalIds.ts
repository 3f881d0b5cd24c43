import type { Payload } from 'payload'

import type { RunReport } from '../../progress'
import type { PlannedSeries } from './series'

import { poolOf } from '../../../db/pool'

/**
 * The original's ids of a series' occurrences, as its REST lists showed them (Pro 5.8: each
 * occurrence's own post), kept as our occurrences' ids where they are free (docs/recurrence.md,
 * "Ids that never change"). Run after the series are written: each series' rows are re-keyed in
 * one transaction, its event's row locked as every rewrite of a series locks it, and an id taken
 * by anything else (a post, another occurrence) is left as drawn. The claim trigger on
 * `calendar_occurrences` moves each id's claim in the shared id space along with it.
 * Returns how many ids were kept.
 */
export async function keepOccurrencePostIds(
  payload: Payload,
  series: PlannedSeries[],
  report: RunReport,
): Promise<number> {
  const pool = poolOf(payload)
  if (!pool) return 0
  let kept = 0
  for (const one of series) {
    if (!('posts' in one) || !one.posts.length) continue
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('SELECT 1 FROM "events" WHERE "id" = $1 FOR UPDATE', [one.id])
      const { rowCount } = await client.query(
        `UPDATE "calendar_occurrences" o SET "id" = v.want
         FROM json_to_recordset($2::json) AS v(want integer, start timestamp)
         WHERE o."event_id" = $1 AND o."original_start" = v.start AND o."id" <> v.want AND o."id" <> $1
           AND NOT EXISTS (SELECT 1 FROM "calendar_post_id_owners" w WHERE w."id" = v.want)
           AND NOT EXISTS (SELECT 1 FROM "calendar_occurrences" x WHERE x."id" = v.want)`,
        [one.id, JSON.stringify(one.posts.map((post) => ({ start: post.start, want: post.id })))],
      )
      await client.query('COMMIT')
      kept += rowCount ?? 0
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      report.warn(
        `series ${one.id} "${one.title}": its occurrences keep the ids drawn here, not its occurrence posts' (${(error as Error).message})`,
      )
    } finally {
      client.release()
    }
  }
  return kept
}

/**
 * Moves the shared id sequence past `highest`, the highest post id of the file, before the
 * series are written: the occurrence ids they draw then never take an id the file gives a post,
 * an occurrence post's included, which `keepOccurrencePostIds` gives its occurrence.
 */
export async function drawIdsPast(payload: Payload, highest: number): Promise<void> {
  await poolOf(payload)?.query(
    `SELECT setval('calendar_post_ids', GREATEST((SELECT last_value FROM calendar_post_ids), $1::bigint))`,
    [highest],
  )
}
