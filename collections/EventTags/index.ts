import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import { manageEventTags, readTerms } from '../../src/access/terms'
import { fillDefaultLocale } from '../../src/hooks/fillDefaultLocale'
import { keepNameSafe } from '../../src/hooks/keepNameSafe'
import { serializeUpdates } from '../../src/hooks/serializeUpdates'
import { generateSlug } from '../../src/hooks/generateSlug'
import { guardChosenIds } from '../../src/hooks/guardChosenIds'
import { TERM_COLLECTIONS } from '../../src/slugs'
import { clientComponent } from '../../src/admin/paths'
import { label, labelByLanguage } from '../../src/i18n/index'
import { applyOverride } from '../applyOverride'
import { TERM_LOCALIZED_FIELDS, termFields } from '../termFields'

export function generateEventTagsCollection(
  options: SanitizedPluginConfig,
  slug: string,
): CollectionConfig {
  return applyOverride(
    {
      slug,
      labels: { singular: label('eventTag'), plural: label('eventTags') },
      access: {
        create: manageEventTags,
        delete: manageEventTags,
        read: readTerms,
        update: manageEventTags,
      },
      admin: {
        useAsTitle: 'name',
        defaultColumns: ['name', 'slug', 'translations'],
        listSearchableFields: ['name', 'slug'],
        group: labelByLanguage('groupCalendar'),
        components: { edit: { SaveButton: clientComponent('SaveAndCloseDrawer') } },
      },
      defaultSort: 'name',
      fields: termFields(),
      hooks: {
        // Updates take turns as posts' do (`src/hooks/serializeUpdates.ts`).
        beforeOperation: [guardChosenIds(TERM_COLLECTIONS), serializeUpdates],
        beforeValidate: [generateSlug('name')],
        beforeChange: [keepNameSafe('name')],
        afterChange: [fillDefaultLocale(TERM_LOCALIZED_FIELDS)],
      },
      timestamps: true,
    },
    options.overrides.eventTags,
  )
}
