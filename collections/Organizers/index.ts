import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import { createPosts, editPosts, readPosts } from '../../src/access/posts'
import { imageField, postSidebarFields, urlField } from '../../src/fields/postFields'
import { applyStatusWorkflow } from '../../src/hooks/applyStatusWorkflow'
import { assignAuthor } from '../../src/hooks/assignAuthor'
import { fillDefaultLocale } from '../../src/hooks/fillDefaultLocale'
import { generateSlug } from '../../src/hooks/generateSlug'
import { applyOverride } from '../applyOverride'

export const ORGANIZER_LOCALIZED_FIELDS = ['name', 'description', 'excerpt']

export function generateOrganizersCollection(options: SanitizedPluginConfig, slug: string): CollectionConfig {
  return applyOverride(
    {
      slug,
      labels: { singular: 'Organizer', plural: 'Organizers' },
      access: { create: createPosts, delete: editPosts, read: readPosts, update: editPosts },
      admin: {
        useAsTitle: 'name',
        defaultColumns: ['name', 'email', 'phone', 'status'],
        listSearchableFields: ['name', 'email'],
        group: 'Calendar',
      },
      defaultSort: 'name',
      fields: [
        { name: 'name', type: 'text', localized: true, required: true },
        { name: 'description', type: 'richText', localized: true },
        { name: 'excerpt', type: 'textarea', localized: true },
        {
          type: 'row',
          fields: [
            { name: 'phone', type: 'text' },
            // The original stores any text here, so an address is not forced into e-mail syntax.
            { name: 'email', type: 'text' },
            urlField('website'),
          ],
        },
        imageField(options),
        ...postSidebarFields(options),
      ],
      hooks: {
        beforeValidate: [generateSlug('name')],
        beforeChange: [assignAuthor, applyStatusWorkflow],
        afterChange: [fillDefaultLocale(ORGANIZER_LOCALIZED_FIELDS)],
      },
      timestamps: true,
    },
    options.overrides.organizers,
  )
}
