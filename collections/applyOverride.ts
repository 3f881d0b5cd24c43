import type { CollectionConfig } from 'payload'

import type { CollectionOverride } from '../src/types'

/** Merges a site's override into a generated collection; fields go through the override's function. */
export function applyOverride(collection: CollectionConfig, override?: CollectionOverride): CollectionConfig {
  if (!override) return collection
  const { fields, ...rest } = override
  return {
    ...collection,
    ...rest,
    slug: collection.slug,
    fields: fields ? fields({ defaultFields: collection.fields }) : collection.fields,
  }
}
