import type { Field } from 'payload'

import { withDefaultLanguageFallback } from '../src/fields/defaultLanguageFallback'
import { slugField, translationStatusField } from '../src/fields/postFields'
import { label } from '../src/i18n/index'
import { TEXT_LIMITS } from '../src/lib/textLimits'
import { translationSource } from '../src/fields/translationSource'

export const TERM_LOCALIZED_FIELDS = ['name', 'description']

/** What categories and tags share: a translated name and description, and one slug for all languages. */
export const termFields = (): Field[] =>
  withDefaultLanguageFallback(
    [
      {
        name: 'name',
        label: label('name'),
        type: 'text',
        maxLength: TEXT_LIMITS.termName,
        localized: true,
        required: true,
        admin: translationSource('name'),
      },
      {
        name: 'description',
        label: label('description'),
        type: 'textarea',
        maxLength: TEXT_LIMITS.excerpt,
        localized: true,
        admin: translationSource('description'),
      },
      slugField(),
      translationStatusField(),
    ],
    ['name'],
  )
