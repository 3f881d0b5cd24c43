import type { CollectionConfig, CollectionSlug } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import { manageEventCategories, readTerms } from '../../src/access/terms'
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
import { preventParentCycle } from './hooks/preventParentCycle'

export function generateEventCategoriesCollection(
  options: SanitizedPluginConfig,
  slug: CollectionSlug,
): CollectionConfig {
  return applyOverride(
    {
      slug,
      labels: { singular: label('eventCategory'), plural: label('eventCategories') },
      access: {
        create: manageEventCategories,
        delete: manageEventCategories,
        read: readTerms,
        update: manageEventCategories,
      },
      admin: {
        useAsTitle: 'name',
        defaultColumns: ['name', 'slug', 'parent', 'translations'],
        listSearchableFields: ['name', 'slug'],
        group: labelByLanguage('groupCalendar'),
        components: { edit: { SaveButton: clientComponent('SaveAndCloseDrawer') } },
      },
      defaultSort: 'name',
      fields: [
        ...termFields(),
        {
          name: 'parent',
          label: label('parent'),
          type: 'relationship',
          relationTo: slug,
          index: true,
          admin: { position: 'sidebar' },
        },
      ],
      hooks: {
        // Updates take turns as posts' do (`src/hooks/serializeUpdates.ts`).
        beforeOperation: [guardChosenIds(TERM_COLLECTIONS), serializeUpdates],
        beforeValidate: [generateSlug('name'), preventParentCycle],
        beforeChange: [keepNameSafe('name')],
        afterChange: [fillDefaultLocale(TERM_LOCALIZED_FIELDS)],
      },
      timestamps: true,
    },
    options.overrides.eventCategories,
  )
}
