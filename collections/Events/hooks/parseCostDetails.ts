import type { CollectionBeforeChangeHook } from 'payload'

import { COST_DETAILS_GIVEN } from '../../../src/hooks/context'
import { parseCost } from '../../../src/lib/cost'

/** Keeps the parsed cost (values, currency and its side) in step with the text the editor typed, when it changes. */
export const parseCostDetails: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  // Details set by the writer stay as given; so do an unchanged cost's (an imported event keeps
  // the symbol its source set apart from the text when an editor saves it for another change).
  if (req.context?.[COST_DETAILS_GIVEN] === true && data.costDetails) return data
  if (originalDoc && data.cost === originalDoc.cost) return data
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
