import type { CollectionBeforeValidateHook } from 'payload'

import { withoutNul } from '../lib/withoutNul'

/**
 * NUL characters leave every document's data before validation, in text, rich text and JSON
 * alike: Postgres refuses them (a 500 for the writer), and no reader could see them.
 */
export const stripNulCharacters: CollectionBeforeValidateHook = ({ data }) =>
  withoutNul(data) as typeof data
