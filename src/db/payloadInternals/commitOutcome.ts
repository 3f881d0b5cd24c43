import type { AdapterPatch } from './patch'

import { TransactionNotKeptError } from '../transactionNotKept'

type Outcome = 'committed' | 'pending' | 'rolled back'
type Execute = (query: unknown) => Promise<unknown>
type Session = { db?: { execute?: Execute } }
type Commit = ((id: unknown) => Promise<void>) & { [CHECKED]?: true }
type Adapter = {
  commitTransaction?: Commit
  name?: string
  sessions?: Record<string, Session>
}

const CHECKED = Symbol.for('payload-events-calendar.commitOutcome')

/**
 * Makes the adapter's `commitTransaction` fail when the transaction was not kept. Postgres answers
 * the `commit` of a transaction in which a statement failed with a rollback, not an error, and
 * Payload's adapter (`@payloadcms/drizzle`, `transactions/`) reports neither that nor a `commit`
 * that fails: whoever catches a statement's error inside a request's transaction would then see
 * its request acknowledged with nothing saved. Drizzle sends the `commit` through the transaction's
 * own `execute` once the adapter resolves its session, so that call's answer is the outcome.
 */
export function checkCommitOutcome(adapter: Adapter): void {
  const commit = adapter.commitTransaction
  if (adapter.name !== 'postgres' || typeof commit !== 'function' || commit[CHECKED]) return
  async function commitTransaction(this: Adapter, incoming: unknown): Promise<void> {
    const id = incoming instanceof Promise ? await incoming : incoming
    const tx = this.sessions?.[String(id)]?.db
    const execute = tx?.execute
    if (!tx || typeof execute !== 'function') return commit!.call(this, id)
    let outcome = 'pending' as Outcome
    let failure: unknown
    tx.execute = async function (query: unknown) {
      // The first statement after the session is resolved is Drizzle's `commit`; a `rollback`
      // after a failed commit follows it.
      if (outcome !== 'pending') return execute.call(this, query)
      try {
        const result = await execute.call(this, query)
        outcome =
          (result as { command?: unknown } | null)?.command === 'ROLLBACK'
            ? 'rolled back'
            : 'committed'
        return result
      } catch (error) {
        outcome = 'rolled back'
        failure = error
        throw error
      }
    }
    await commit!.call(this, id)
    if (outcome === 'rolled back') throw new TransactionNotKeptError(failure)
  }
  adapter.commitTransaction = Object.assign(commitTransaction, { [CHECKED]: true as const })
}

export const commitOutcomePatch: AdapterPatch = {
  name: 'commit-outcome',
  stage: 'adapter',
  whenDisabled: true,
  reason:
    'a request whose transaction Postgres rolled back at its commit (a statement in it failed, and its error was caught) fails instead of being acknowledged with nothing saved',
  upstream: [
    'https://github.com/payloadcms/payload/pull/17726',
    'https://github.com/payloadcms/payload/pull/17727',
  ],
  apply: (adapter) => checkCommitOutcome(adapter as unknown as Adapter),
  verify: (payload) => {
    const db = payload.db as unknown as Adapter
    if (db.name !== 'postgres') return null
    return db.commitTransaction?.[CHECKED]
      ? null
      : "the adapter's commitTransaction is not the calendar's: a commit Postgres answers with a rollback would be acknowledged"
  },
}
