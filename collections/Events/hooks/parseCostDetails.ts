import type { CollectionBeforeChangeHook } from 'payload'

import { parseCost } from '../../../src/lib/cost'

/** Keeps the parsed cost (values, currency and its side) in step with the text the editor typed. */
export const parseCostDetails: CollectionBeforeChangeHook = ({ data }) => {
  // Anything but text is refused by the field's validation, which runs after this hook.
  if (data.cost === undefined || (data.cost !== null && typeof data.cost !== 'string')) return data
  const details = parseCost(data.cost as null | string)
  data.costDetails = {
    ...(data.costDetails as object | undefined),
    currencyPosition: details.currencyPosition || null,
    currencySymbol: details.currencySymbol || null,
    values: details.values,
  }
  return data
}
