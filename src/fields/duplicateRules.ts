import type { FieldHook } from 'payload'

/**
 * What a duplicate starts from (issue 28, item 1). A copy is a new draft of its own: nothing of it
 * is public until it is published, its slug is made from its title as a new item's is (and follows
 * the title while it is unpublished, `src/hooks/generateSlug.ts`), it has no publication date yet and
 * belongs to whoever made it, as WordPress's "Duplicate Post" does by default.
 */

/**
 * A field the copy does not take from the original: the create fills it as for a new item (a
 * hook's `undefined` would keep the original's value, so it is `null`).
 */
export const notCopied: FieldHook = () => null

/** The copy's status: always a draft, whatever the original's. */
export const copiedAsDraft: FieldHook = () => 'draft'
