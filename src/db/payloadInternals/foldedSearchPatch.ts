import type { Payload } from 'payload'

import type { InitPatch } from './patch'

import { foldedCondition } from '../foldedSearch'

type Operator = ((column: unknown, value: unknown) => unknown) & { [FOLDING]?: true }
type Adapter = { name?: string; operators?: Record<string, Operator> }

const FOLDING = Symbol('folded search')

const adapterOf = (payload: Payload) => payload.db as unknown as Adapter

/**
 * Lets the adapter's `equals` read the marked values of `foldedLike` (`src/db/foldedSearch.ts`);
 * any other value goes to Payload's own operator.
 */
function foldSearchesIn(payload: Payload): void {
  const db = adapterOf(payload)
  const equals = db.operators?.equals
  if (db.name !== 'postgres' || !equals || equals[FOLDING]) return
  const folding: Operator = (column, value) =>
    foldedCondition(column, value) ?? equals(column, value)
  db.operators = { ...db.operators, equals: Object.assign(folding, { [FOLDING]: true as const }) }
}

export const foldedSearchPatch: InitPatch = {
  name: 'folded-search',
  stage: 'init',
  whenDisabled: false,
  reason:
    "searches compare without regard to case or accents (JÀZZ finds Jazz) through the adapter's equals operator, since Payload's where has no operator for it",
  upstream: [],
  apply: foldSearchesIn,
  verify: (payload) => {
    const db = adapterOf(payload)
    if (db.name !== 'postgres') return null
    if (typeof db.operators?.equals !== 'function')
      return 'the Postgres adapter has no operators.equals any more'
    return db.operators.equals[FOLDING]
      ? null
      : "the adapter's equals operator is not the calendar's"
  },
}
