import type { FlattenedField, Payload, SanitizedCollectionConfig } from 'payload'

import { buildVersionCollectionFields } from 'payload'

const revisionFieldsOf = new WeakMap<SanitizedCollectionConfig, FlattenedField[]>()

/**
 * The fields a `where` or `sort` path of `collection` starts from. A revision's query
 * (`/api/events/versions?where[version.venue.name][like]=…`) names the fields Payload gives a
 * revision: `parent` (the item) and `version` (the item's fields, as a group) besides its dates.
 * Payload's hooks are told `read` for items and revisions alike, so a path is read as a revision's
 * when it starts with one of those names and the collection, which keeps revisions, has no field of
 * that name; otherwise as the item's. A revision's path is refused on items by Payload, and an
 * item's on revisions, so reading either as the other changes no answer but a refusal's reason.
 */
export function fieldsQueriedBy(
  payload: Payload,
  collection: SanitizedCollectionConfig,
  firstSegment: string,
): FlattenedField[] {
  const own = collection.flattenedFields
  if (!collection.versions || (firstSegment !== 'version' && firstSegment !== 'parent')) return own
  if (own.some((field) => field.name === firstSegment)) return own
  let fields = revisionFieldsOf.get(collection)
  if (!fields) {
    fields = buildVersionCollectionFields(payload.config, collection, true)
    revisionFieldsOf.set(collection, fields)
  }
  return fields
}
