import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import { createPosts, editPosts, readPosts } from '../../src/access/posts'
import { imageField, postSidebarFields, urlField } from '../../src/fields/postFields'
import { applyStatusWorkflow } from '../../src/hooks/applyStatusWorkflow'
import { assignAuthor } from '../../src/hooks/assignAuthor'
import { fillDefaultLocale } from '../../src/hooks/fillDefaultLocale'
import { generateSlug } from '../../src/hooks/generateSlug'
import { applyOverride } from '../applyOverride'

export const VENUE_LOCALIZED_FIELDS = ['name', 'description', 'excerpt']

export function generateVenuesCollection(options: SanitizedPluginConfig, slug: string): CollectionConfig {
  return applyOverride(
    {
      slug,
      labels: { singular: 'Venue', plural: 'Venues' },
      access: { create: createPosts, delete: editPosts, read: readPosts, update: editPosts },
      admin: {
        useAsTitle: 'name',
        defaultColumns: ['name', 'city', 'country', 'status'],
        listSearchableFields: ['name', 'city', 'address'],
        group: 'Calendar',
      },
      defaultSort: 'name',
      fields: [
        { name: 'name', type: 'text', localized: true, required: true },
        { name: 'description', type: 'richText', localized: true },
        { name: 'excerpt', type: 'textarea', localized: true },
        {
          type: 'collapsible',
          label: 'Address',
          fields: [
            { name: 'address', type: 'text' },
            {
              type: 'row',
              fields: [
                { name: 'city', type: 'text' },
                { name: 'zip', label: 'Postal code', type: 'text' },
              ],
            },
            {
              type: 'row',
              fields: [
                { name: 'state', type: 'text', admin: { description: 'US state' } },
                { name: 'province', type: 'text' },
                { name: 'stateProvince', label: 'State or province', type: 'text' },
              ],
            },
            { name: 'country', type: 'text' },
            {
              // Two numbers rather than Payload's \`point\`: that needs PostGIS, which neither the
              // embedded Postgres nor many hosted ones have. Distance searches work on these.
              type: 'row',
              fields: [
                { name: 'latitude', type: 'number', min: -90, max: 90, index: true },
                { name: 'longitude', type: 'number', min: -180, max: 180, index: true },
              ],
            },
          ],
        },
        {
          type: 'row',
          fields: [{ name: 'phone', type: 'text' }, urlField('website')],
        },
        {
          type: 'row',
          fields: [
            { name: 'showMap', type: 'checkbox', defaultValue: true },
            { name: 'showMapLink', type: 'checkbox', defaultValue: true },
          ],
        },
        imageField(options),
        ...postSidebarFields(options),
      ],
      hooks: {
        beforeValidate: [generateSlug('name')],
        beforeChange: [assignAuthor, applyStatusWorkflow],
        afterChange: [fillDefaultLocale(VENUE_LOCALIZED_FIELDS)],
      },
      timestamps: true,
    },
    options.overrides.venues,
  )
}
