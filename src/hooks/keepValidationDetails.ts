import type { AfterErrorHook } from 'payload'

type ErrorWithDetails = {
  data?: Record<string, unknown>
  message?: string
  name?: string
  status?: unknown
}

/**
 * Payload answers a refused write with the fields at fault (`errors[0].data.errors`: path and
 * message), which the admin's form shows under each field. It recognises such errors with
 * `instanceof`: under `npm start` the Payload started by the server (`src/server/start.ts`) and the copy
 * bundled in the admin's Next build are two copies of its classes, so the bundled REST route
 * took the first copy's validation errors for unknown ones and answered the message alone: the
 * editor saw "The following field is invalid: When > End" in a toast, and no field said why.
 * This puts the details back, in Payload's own shape, for every error Payload would have given them
 * (a 4xx with `data`); answers that already carry them are left as they are.
 */
export const keepValidationDetails: AfterErrorHook = ({ error, graphqlResult, result }) => {
  if (graphqlResult) return
  const { data, message, name, status } = (error ?? {}) as ErrorWithDetails
  if (
    !data ||
    typeof data !== 'object' ||
    typeof status !== 'number' ||
    status < 400 ||
    status >= 500
  )
    return
  const answered = (result as { errors?: Array<{ data?: unknown }> } | undefined)?.errors
  if (answered?.some((entry) => entry?.data)) return
  return { response: { errors: [{ name, data, message }] }, status }
}
