import type { Access } from 'payload'

import { roleOf } from '../../src/lib/roles'

/** Webhooks and their deliveries are the administrators' alone, on every surface. */
export const administratorsOnly: Access = ({ req: { user } }) =>
  roleOf(user as never) === 'administrator'
