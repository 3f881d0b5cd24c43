import type { FieldHook } from 'payload'

import { stateProvinceOf } from '../../../src/lib/stateProvince'

/**
 * A venue's "State or province" as the original reads it when only the state or the province is
 * stored (an import, the compatibility API): the state for US addresses, the province elsewhere
 * (`src/lib/stateProvince.ts`, which the API answers with too). The form shows this one
 * field, so an editor sees and keeps what the API serves.
 */
export const deriveStateProvince: FieldHook = ({ siblingData, value }) => {
  if (typeof value === 'string' && value !== '') return value
  return stateProvinceOf(siblingData ?? {}) || value
}
