import type { CollectionBeforeReadHook, PayloadRequest, SanitizedCollectionConfig } from 'payload'

import { seesProtectedContent } from '../access/protectedContent'

/** Each blanking hook's fields, so that the query guard knows them (`blankedFieldsOf`). */
const BLANKED_BY_HOOK = new WeakMap<object, ReadonlySet<string>>()

/**
 * A password-protected item's content is blanked for every reader who may not edit it, on every
 * surface that reads through Payload (its REST and GraphQL APIs, the admin panel, the Local API),
 * leaving what the original leaves: the title, dates, slug and status. `blanked` is that
 * collection's list of fields and their empty values (`docs/compatibility.md`,
 * "Password-protected items"). The virtual `passwordProtected` tells every reader that the item
 * is protected without telling the password.
 */
export const hideProtectedContent = (
  blanked: Record<string, unknown>,
): CollectionBeforeReadHook => {
  const hook: CollectionBeforeReadHook = ({ collection, doc, req }) => {
    const protectedItem = typeof doc.password === 'string' && doc.password !== ''
    doc.passwordProtected = protectedItem
    if (!protectedItem || seesProtectedContent(req, doc)) return doc
    return {
      ...doc,
      ...blankedIn(req, collection, blanked),
      password: undefined,
      passwordProtected: true,
    }
  }
  BLANKED_BY_HOOK.set(hook, new Set([...Object.keys(blanked), 'password']))
  return hook
}

/**
 * The fields a reader who may not unlock a protected item of `collection` gets blanked (the
 * password included), read from the collection's own blanking hook: the one list that decides
 * what is hidden also decides what may not be filtered, sorted or searched on
 * (`src/access/hiddenFieldConditions.ts`). Undefined for a collection without protected items.
 */
export function blankedFieldsOf(
  collection: SanitizedCollectionConfig,
): ReadonlySet<string> | undefined {
  for (const hook of collection.hooks?.beforeRead ?? []) {
    const fields = BLANKED_BY_HOOK.get(hook)
    if (fields) return fields
  }
  return undefined
}

/**
 * The blanks in the shape the read has: with `locale=all` a localized field is one value per
 * locale, and Payload's read hooks walk it as such (a rich text `null` there was a 500).
 */
function blankedIn(
  req: PayloadRequest,
  collection: SanitizedCollectionConfig,
  blanked: Record<string, unknown>,
): Record<string, unknown> {
  const locales = req.payload.config.localization ? req.payload.config.localization.localeCodes : []
  if (req.locale !== 'all' || !locales.length) return blanked
  const localized = new Set(
    collection.flattenedFields
      .filter((field) => 'localized' in field && field.localized)
      .map((field) => field.name),
  )
  return Object.fromEntries(
    Object.entries(blanked).map(([name, value]) => [
      name,
      localized.has(name) ? Object.fromEntries(locales.map((code) => [code, value])) : value,
    ]),
  )
}
