/**
 * A transaction that Postgres rolled back when it was to be committed: a statement in it had
 * failed (and its error was caught on the way), or the commit itself failed. Nothing of it was
 * saved, so the request that made it must not be answered as if it had been. Its SQLSTATE is
 * class 40's, transaction rollback, which `classifyDatabaseError` answers as worth retrying.
 */
export class TransactionNotKeptError extends Error {
  readonly code = '40000'

  constructor(cause?: unknown) {
    super('The change was not saved: the database rolled back its transaction.', { cause })
    this.name = 'TransactionNotKeptError'
  }
}
