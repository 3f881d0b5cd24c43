import type { CollectionBeforeReadHook } from 'payload'

import { seesProtectedContent } from '../access/protectedContent'

/**
 * A password-protected item's content is blanked for every reader who may not edit it, on every
 * surface that reads through Payload (its REST and GraphQL APIs, the admin panel, the Local API),
 * leaving what the original leaves: the title, dates, slug and status. `blanked` is that
 * collection's list of fields and their empty values (`docs/compatibility.md`,
 * "Password-protected items"). The virtual `passwordProtected` tells every reader that the item
 * is protected without telling the password.
 */
export const hideProtectedContent =
  (blanked: Record<string, unknown>): CollectionBeforeReadHook =>
  ({ doc, req }) => {
    const protectedItem = typeof doc.password === 'string' && doc.password !== ''
    doc.passwordProtected = protectedItem
    if (!protectedItem || seesProtectedContent(req, doc)) return doc
    return { ...doc, ...blanked, password: undefined, passwordProtected: true }
  }
