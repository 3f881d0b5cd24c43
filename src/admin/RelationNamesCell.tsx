import type { DefaultServerCellComponentProps } from 'payload'

import { relatedNames } from './relatedNames'
import { RelationNamesList } from './RelationNamesList'

/**
 * A relationship column of the events list (venue, organizers, categories) with the names read on
 * the server together with the rows (`relatedNames.ts`): no "Loading..." and no "<No Venue>"
 * while the browser asks for them.
 */
export async function RelationNamesCell({
  cellData,
  field,
  payload,
}: DefaultServerCellComponentProps) {
  const relationTo =
    'relationTo' in field && typeof field.relationTo === 'string' ? field.relationTo : undefined
  const ids = (
    Array.isArray(cellData)
      ? cellData
      : cellData === null || cellData === undefined
        ? []
        : [cellData]
  )
    .map((item: unknown) =>
      item && typeof item === 'object' && 'id' in item
        ? (item as { id: number | string }).id
        : item,
    )
    .filter(
      (id: unknown): id is number | string => typeof id === 'number' || typeof id === 'string',
    )
  if (!relationTo || ids.length === 0) return null
  return <RelationNamesList items={await relatedNames(payload, relationTo, ids)} />
}
