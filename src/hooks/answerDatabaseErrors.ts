import type { AfterErrorHook } from 'payload'

import { classifyDatabaseError, RETRY_AFTER_SECONDS } from '../db/databaseErrors'

const ANSWERS = {
  'bad-input': { message: 'A value in the request cannot be stored or compared.', status: 400 },
  unavailable: { message: 'The database is unavailable. Try again shortly.', status: 503 },
} as const

/**
 * The last line of defence of Payload's REST API and GraphQL (a root `hooks.afterError`): a value
 * the database refused (SQLSTATE class 22) is the caller's 400, and a database out of reach is a
 * 503 with `Retry-After`, instead of Payload's 500. Validation (date fields, ids, paging, `where`
 * operators: see `src/plugin.ts`) refuses such values before they reach the database; this only
 * catches what it does not foresee. The message names no SQL, table or value.
 */
export const answerDatabaseErrors: AfterErrorHook = ({ error, graphqlResult, req }) => {
  const failure = classifyDatabaseError(error)
  if (!failure) return
  const { message, status } = ANSWERS[failure]
  if (failure === 'unavailable') {
    const headers = new Headers(req.responseHeaders)
    headers.set('Retry-After', String(RETRY_AFTER_SECONDS))
    req.responseHeaders = headers
  }
  if (graphqlResult) {
    return { graphqlResult: { ...graphqlResult, message, extensions: { ...graphqlResult.extensions, name: 'APIError', statusCode: status } } }
  }
  return { response: { errors: [{ message }] }, status }
}
