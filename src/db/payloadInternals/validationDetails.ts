import type { AfterErrorHook } from 'payload'

import { ValidationError } from 'payload'

import type { ConfigPatch } from './patch'

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

export const validationDetailsPatch: ConfigPatch = {
  name: 'validation-details',
  stage: 'config',
  whenDisabled: false,
  reason:
    "a refused write answers with the fields at fault (errors[0].data.errors) even when the error comes from another copy of Payload's classes (the admin's Next build beside the server's), which Payload's instanceof does not recognise",
  upstream: [],
  apply: (config) => ({
    ...config,
    hooks: {
      ...config.hooks,
      afterError: [...(config.hooks?.afterError ?? []), keepValidationDetails],
    },
  }),
  verify: (payload) => {
    if (!payload.config.hooks.afterError?.includes(keepValidationDetails))
      return 'keepValidationDetails is not among the afterError hooks'
    // The hook rebuilds Payload's answer from these properties of the error.
    const error = new ValidationError({ errors: [{ message: 'x', path: 'x' }] }) as unknown as {
      data?: { errors?: unknown }
      status?: unknown
    }
    if (error.status !== 400 || !Array.isArray(error.data?.errors))
      return "Payload's ValidationError no longer carries status 400 and data.errors"
    return null
  },
}
