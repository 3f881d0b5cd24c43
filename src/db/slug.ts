import type { PayloadRequest } from 'payload'

import { sql } from '@payloadcms/db-postgres'

import { lockForTransaction } from './locks'
import { querierFor, tableNameOf, transactionSessionOf } from './payloadInternals/adapter'

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
  // Outside a transaction nothing is handed out but what is written at once.
  const session = await transactionSessionOf(req)
  const handed = session
    ? handedOutIn(session, collection)
    : new Map<string, number | string | undefined>()
  // The items of one transaction pick theirs one after another, each seeing those handed before.
  return inTurn(handed, async () => {
    // Only those this base could take: `base` and `base-…`.
    const taken = JSON.stringify(
      [...handed]
        .filter(
          ([slug, id]) => (slug === base || slug.startsWith(prefix)) && !sameItem(id, excludeId),
        )
        .map(([slug]) => slug),
    )
    const { rows } = await db.execute(sql`
      WITH taken AS (SELECT jsonb_array_elements_text(${taken}::jsonb) AS slug)
      SELECT CASE
        WHEN NOT EXISTS (SELECT 1 FROM ${table} WHERE slug = ${base} AND ${other})
          AND NOT EXISTS (SELECT 1 FROM taken WHERE slug = ${base}) THEN 1
        ELSE (
          SELECT n FROM generate_series(
            2, 2 + (SELECT count(*) FROM ${table} WHERE slug LIKE ${likePrefix} AND ${other})::int
              + (SELECT count(*) FROM taken)::int
          ) AS n
          WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE slug = ${prefix} || n AND ${other})
            AND NOT EXISTS (SELECT 1 FROM taken WHERE slug = ${prefix} || n)
          ORDER BY n LIMIT 1
        )
      END AS n`)
    const n = Number((rows[0] as { n: number | string }).n)
    const slug = n === 1 ? base : `${prefix}${n}`
    handed.set(slug, excludeId)
    return slug
  })
}

/** Each handed-out map's last pick under way: the next waits for it, failed or not. */
const turns = new WeakMap<object, Promise<unknown>>()

function inTurn<T>(key: object, work: () => Promise<T>): Promise<T> {
  const mine = (turns.get(key) ?? Promise.resolve()).then(work, work)
  turns.set(
    key,
    mine.catch(() => undefined),
  )
  return mine
}

/**
 * The slugs handed out in a transaction, by collection, with the item each went to (none for an
 * item being created): Payload saves the items of one bulk update side by side in one
 * transaction, each looking for a free slug before any of them is written, so each must also
 * pass over those handed to the others. Kept with the transaction's session, and gone with it.
 */
const handedOut = new WeakMap<object, Map<string, Map<string, number | string | undefined>>>()

function handedOutIn(db: object, collection: string): Map<string, number | string | undefined> {
  let byCollection = handedOut.get(db)
  if (!byCollection) handedOut.set(db, (byCollection = new Map()))
  let handed = byCollection.get(collection)
  if (!handed) byCollection.set(collection, (handed = new Map()))
  return handed
}

/** Whether a slug handed out went to this very item (an item being created is no other's). */
function sameItem(holder: number | string | undefined, id: number | string | undefined): boolean {
  return holder !== undefined && id !== undefined && String(holder) === String(id)
}
