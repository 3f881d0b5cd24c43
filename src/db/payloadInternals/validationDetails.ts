import { ValidationError } from 'payload'

import type { ConfigPatch } from './patch'

import { keepValidationDetails } from '../../hooks/keepValidationDetails'

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
