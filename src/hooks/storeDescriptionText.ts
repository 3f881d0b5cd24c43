import type { CollectionBeforeChangeHook } from 'payload'

import { convertLexicalToPlaintext } from '@payloadcms/richtext-lexical/plaintext'

/**
 * Keeps a plain-text copy of the rich-text description beside it, in the same language, so that
 * searches can match description words with an ordinary text index instead of digging through
 * the editor's JSON.
 */
export const storeDescriptionText: CollectionBeforeChangeHook = ({ data }) => {
  if (data.description === undefined) return data
  data.descriptionText = data.description
    ? convertLexicalToPlaintext({ data: data.description }).trim() || null
    : null
  return data
}
