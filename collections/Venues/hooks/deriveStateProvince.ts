import type { FieldHook } from 'payload'

/**
 * A venue's "State or province" as the original reads it when only the state or the province is
 * stored (an import, the compatibility API): the state for US addresses, the province elsewhere
 * (`endpoints/venues/serializeVenue.ts` answers the API the same way). The form shows this one
 * field, so an editor sees and keeps what the API serves.
 */
export const deriveStateProvince: FieldHook = ({ siblingData, value }) => {
  if (typeof value === 'string' && value !== '') return value
  const country = String(siblingData?.country ?? '').trim()
  const american = country === '' || country === 'US' || country === 'United States'
  const derived = (american ? siblingData?.state : siblingData?.province) || siblingData?.state || siblingData?.province
  return typeof derived === 'string' && derived !== '' ? derived : value
}
