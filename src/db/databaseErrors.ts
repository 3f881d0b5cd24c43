/**
 * What a failed database call says about the request, read from the Postgres error wherever it
 * sits: node-postgres puts the SQLSTATE in `code`, drizzle wraps that error as the `cause` of
 * its "Failed query" error, GraphQL as the `originalError` of its own. Shared by every surface
 * that answers HTTP (Payload's REST and GraphQL through `src/hooks/answerDatabaseErrors.ts`), so
 * that they agree on what is the caller's fault and what is an outage.
 */

/** How long a client should wait before trying again when the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5

/**
 * - `bad-input`: SQLSTATE class 22 (data exception: invalid text representation, numeric value
 *   out of range, datetime overflow, character not in repertoire, untranslatable NUL, …). The
 *   database refused a value the request carried, so the request is at fault: a 400.
 * - `unknown-reference`: 23503, a foreign key names a row that does not exist (a relationship
 *   to id -1): the request named an item there is not, a 400.
 * - `timeout`: the statement ran past `statement_timeout` (57014) or waited past `lock_timeout`
 *   (55P03), which bound each request's work (`src/db/requestTimeouts.ts`): the transaction is
 *   rolled back and the request may succeed later, a 503 worth retrying.
 * - `unavailable`: the database could not be reached or dropped the connection (class 08,
 *   57P01-57P03 shutdowns, refused or reset sockets, pool timeouts): a 503 worth retrying.
 * - `rolled-back`: class 40, transaction rollback (a serialization failure, a deadlock, or a
 *   transaction Postgres rolled back at its commit, `src/db/transactionNotKept.ts`): nothing was
 *   saved and the request may succeed if sent again, a 503 worth retrying.
 */
export type DatabaseFailure =
  'bad-input' | 'rolled-back' | 'timeout' | 'unavailable' | 'unknown-reference'

const TIMEOUT_SQLSTATES = new Set(['57014', '55P03'])
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/** node-postgres and its pool report these without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is insecure|the database system is (starting up|shutting down|in recovery mode)/i
/**
 * Payload's Postgres adapter reports a transaction that could not begin as a new error carrying
 * only the message of the one it caught (`@payloadcms/drizzle`, `transactions/beginTransaction.js`).
 */
const UNAVAILABLE_TRANSACTION_START = new RegExp(
  `cannot begin transaction: .*\\b(${[...UNAVAILABLE_SOCKET_CODES].join('|')})\\b`,
)

type ErrorLike = {
  cause?: unknown
  code?: unknown
  errors?: unknown
  message?: unknown
  originalError?: unknown
}

/** The error and everything it wraps, outermost first (bounded: causes can be cyclic). */
function chainOf(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = []
  const queue: unknown[] = [error]
  while (queue.length && chain.length < 12) {
    const item = queue.shift()
    if (!item || typeof item !== 'object' || chain.includes(item as ErrorLike)) continue
    const link = item as ErrorLike
    chain.push(link)
    queue.push(link.cause, link.originalError)
    // AggregateError (e.g. a connection refused on both IPv4 and IPv6).
    if (Array.isArray(link.errors)) queue.push(...link.errors)
  }
  return chain
}

export function classifyDatabaseError(error: unknown): DatabaseFailure | null {
  for (const link of chainOf(error)) {
    const code = typeof link.code === 'string' ? link.code : ''
    if (/^22[0-9A-Z]{3}$/.test(code)) return 'bad-input'
    if (code === '23503') return 'unknown-reference'
    if (TIMEOUT_SQLSTATES.has(code)) return 'timeout'
    if (/^40[0-9A-Z]{3}$/.test(code)) return 'rolled-back'
    if (
      /^08[0-9A-Z]{3}$/.test(code) ||
      UNAVAILABLE_SQLSTATES.has(code) ||
      UNAVAILABLE_SOCKET_CODES.has(code)
    )
      return 'unavailable'
    if (
      typeof link.message === 'string' &&
      (UNAVAILABLE_MESSAGES.test(link.message) || UNAVAILABLE_TRANSACTION_START.test(link.message))
    )
      return 'unavailable'
  }
  return null
}

export const isDatabaseDataError = (error: unknown): boolean =>
  classifyDatabaseError(error) === 'bad-input'

/**
 * Whether the request may succeed if tried again shortly: the database is out of reach, was too
 * slow for it, or rolled its transaction back.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  const failure = classifyDatabaseError(error)
  return failure === 'unavailable' || failure === 'timeout' || failure === 'rolled-back'
}
