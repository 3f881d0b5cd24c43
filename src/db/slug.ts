import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { lockForTransaction } from './locks'
import { querierFor, tableNameOf } from './payloadInternals/adapter'

/**
 * The first of `base`, `base-2`, `base-3`, … that no other item of the collection uses, as
 * WordPress's `wp_unique_post_slug` picks it. Found in the database, one index look-up per
 * number tried and never more tries than there are items named `base-…` (counted through the
 * slug's trigram index), so that a title shared by thousands of items costs no more than a count
 * of them, and no slug is read back.
 */
export async function uniqueSlug(args: {
  base: string
  collection: string
  excludeId?: number | string
  req: PayloadRequest
}): Promise<string> {
  const { base, collection, excludeId, req } = args
  // Two writes wanting the same slug would both see it free; they take turns instead.
  await lockForTransaction(req, `slug:${collection}:${base}`)
  const db = await querierFor(req.payload, req)
  if (!db) throw new Error('Slugs are made unique in Postgres: use @payloadcms/db-postgres.')
  const table = sql.identifier(tableNameOf(req.payload, collection))
  const other = excludeId === undefined ? sql`TRUE` : sql`id <> ${Number(excludeId)}`
  const prefix = `${base}-`
  // A prefix as LIKE reads it (slugs hold `%` of encoded octets and `_`): the slug's trigram index
  // (`src/db/calendarSchema/listIndexes.ts`) then finds the candidates instead of a scan.
  const likePrefix = `${prefix.replace(/[\\%_]/g, '\\$&')}%`
  const { rows } = await db.execute(sql`
    SELECT CASE
      WHEN NOT EXISTS (SELECT 1 FROM ${table} WHERE slug = ${base} AND ${other}) THEN 1
      ELSE (
        SELECT n FROM generate_series(
          2, 2 + (SELECT count(*) FROM ${table} WHERE slug LIKE ${likePrefix} AND ${other})::int
        ) AS n
        WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE slug = ${prefix} || n AND ${other})
        ORDER BY n LIMIT 1
      )
    END AS n`)
  const n = Number((rows[0] as { n: number | string }).n)
  return n === 1 ? base : `${prefix}${n}`
}
