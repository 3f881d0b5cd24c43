import type { AfterErrorHook } from 'payload'

import { failedSignInOf } from '../auth/signInOutcome'
import {
  classifyDatabaseError,
  type DatabaseFailure,
  RETRY_AFTER_SECONDS,
} from '../db/databaseErrors'

const ANSWERS = {
  'bad-input': { message: 'A value in the request cannot be stored or compared.', status: 400 },
  'rolled-back': {
    message: 'The change was not saved, and nothing was changed. Try again shortly.',
    status: 503,
  },
  timeout: {
    message: 'The request took too long in the database. Try again shortly.',
    status: 503,
  },
  unavailable: { message: 'The database is unavailable. Try again shortly.', status: 503 },
  'unknown-reference': {
    message: 'The request refers to an item that does not exist.',
    status: 400,
  },
} as const

/**
 * The last line of defence of Payload's REST API and GraphQL (a root `hooks.afterError`): a value
 * the database refused (SQLSTATE class 22, or a reference to no row) is the caller's 400, and a
 * database out of reach, or a statement past its timeout, is a 503 with `Retry-After`, instead
 * of Payload's 500. Validation (date fields, ids, paging, `where`
 * operators: see `src/plugin.ts`) refuses such values before they reach the database; this only
 * catches what it does not foresee. The message names no SQL, table or value.
 */
export const answerDatabaseErrors: AfterErrorHook = ({ error, graphqlResult, req }) => {
  const failure = classifyDatabaseError(error) ?? refusedForAnOutage(error, req.headers)
  if (!failure) return
  const { message, status } = ANSWERS[failure]
  if (status === 503) {
    const headers = new Headers(req.responseHeaders)
    headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
    req.responseHeaders = headers
  }
  if (graphqlResult) {
    return {
      graphqlResult: {
        ...graphqlResult,
        message,
        extensions: { ...graphqlResult.extensions, name: 'APIError', statusCode: status },
      },
    }
  }
  return { response: { errors: [{ message }] }, status }
}

/**
 * A refusal of a caller whose credentials could not be checked because the database was out of
 * reach (`src/auth/sessionOutageStrategy.ts`, `src/auth/basicAuthStrategy.ts`): the request ran as
 * a visitor's and was refused as such, but the caller is owed the outage, not "sign in".
 */
function refusedForAnOutage(error: unknown, headers: Headers | undefined): DatabaseFailure | null {
  const name = (error as Error | undefined)?.name
  if (name !== 'Forbidden' && name !== 'UnauthorizedError') return null
  return headers && failedSignInOf(headers)?.kind === 'unavailable' ? 'unavailable' : null
}
