import type { CollectionBeforeOperationHook } from 'payload'

import { MAX_INT4 } from '../lib/databaseIds'
import { ClientError } from '../lib/clientError'

type Paging = { id?: unknown; limit?: unknown; page?: unknown }

/**
 * A page is a whole number from 1, a limit one from 0 (Payload's "no limit", which its admin
 * uses), both within what Postgres' LIMIT and OFFSET take: `page=-1` made a negative OFFSET and
 * `limit=0.5` or `1e+21` a LIMIT Postgres refuses, each a 500. REST passes on values it cannot
 * read as numbers (`page=abc` → page 1), so the query as written is checked too.
 */
export const refuseInvalidPaging: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  const paging = args as Paging
  if (!['read', 'readDistinct'].includes(operation) || paging.id !== undefined) return args
  // Only a REST request's query is what its caller wrote: the admin panel's pages keep their own
  // state in `req.query` (its list view sets `page` to 0 there and passes no page on).
  const written = req.payloadAPI === 'REST' ? (req.query as Paging | undefined) : undefined
  const problems = [
    ...pagingProblems('page', [paging.page, written?.page], 1),
    ...pagingProblems('limit', [paging.limit, written?.limit], 0),
  ]
  if (problems.length) throw new ClientError(problems.join(' '))
  return args
}

function pagingProblems(name: string, values: unknown[], minimum: number): string[] {
  const valid = values.every((value) => value === undefined || isWholeNumberFrom(value, minimum))
  return valid ? [] : [`The ${name} must be a whole number from ${minimum} to ${MAX_INT4}.`]
}

function isWholeNumberFrom(value: unknown, minimum: number): boolean {
  const number =
    typeof value === 'string' ? (/^\d{1,10}$/.test(value) ? Number(value) : Number.NaN) : value
  return (
    typeof number === 'number' &&
    Number.isInteger(number) &&
    number >= minimum &&
    number <= MAX_INT4
  )
}
