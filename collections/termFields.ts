import type { Field } from 'payload'

import { slugField, translationStatusField } from '../src/fields/postFields'

export const TERM_LOCALIZED_FIELDS = ['name', 'description']

/** What categories and tags share: a translated name and description, and one slug for all languages. */
export const termFields = (): Field[] => [
  { name: 'name', type: 'text', localized: true, required: true },
  { name: 'description', type: 'textarea', localized: true },
  slugField(),
  translationStatusField(),
]
