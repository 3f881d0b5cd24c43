import type { RestResult } from '../context'

import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../../src/db/databaseErrors'
import { ItemBusy } from '../../src/db/locks'
import { databaseUnavailable, forbidden, invalidParams, itemBusy, RestError } from '../errors'

/**
 * An error as the API reports it: ours as they are; Payload's own refusals in the original's
 * terms (a failed field validation is a 400 `rest_invalid_param` naming the fields, a refused
 * access a `rest_forbidden`; an unreachable database a 503 with `Retry-After`). `null` for an
 * error nobody expected, which is a 500 and is logged.
 */
export function knownFailure(error: unknown, signedIn: boolean): null | RestError {
  if (error instanceof RestError) return error
  if (isDatabaseUnavailable(error)) return databaseUnavailable(RETRY_AFTER_SECONDS)
  // A write that waited its longest for another write of the same item (`src/lib/locks.ts`).
  if (error instanceof ItemBusy) return itemBusy(error.message, error.status)
  const name = (error as Error | undefined)?.name
  if (name === 'Forbidden') return forbidden(signedIn)
  if (name === 'ValidationError') {
    const errors =
      (error as { data?: { errors?: { message: string; path: string }[] } }).data?.errors ?? []
    return invalidParams(Object.fromEntries(errors.map((item) => [item.path, item.message])))
  }
  return null
}

/** A failure as an answer in WordPress's error shape, with the server's headers under its own. */
export function failureResult(
  failure: RestError,
  serverHeaders: Record<string, string>,
): RestResult {
  return {
    body: failure.toBody(),
    headers: { ...serverHeaders, ...failure.headers },
    status: failure.status,
  }
}
