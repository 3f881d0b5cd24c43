import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import { imageField, richTextOnly, urlField } from '../../src/fields/postFields'
import { defaultLinkedPostStatus } from '../../src/lib/statuses'
import { generatePostCollection } from '../postCollection'

export const VENUE_LOCALIZED_FIELDS = ['name', 'description', 'excerpt']

export function generateVenuesCollection(options: SanitizedPluginConfig, slug: string): CollectionConfig {
  return generatePostCollection({
    slug,
    labels: { singular: 'Venue', plural: 'Venues' },
    admin: { defaultColumns: ['name', 'city', 'country', 'status', 'translations'], listSearchableFields: ['name', 'city', 'address'] },
    defaultSort: 'name',
    defaultStatus: ({ user }) => defaultLinkedPostStatus(user),
    blankedWhenProtected: { address: null, city: null, country: null, latitude: null, longitude: null, phone: null, province: null, showMap: null, showMapLink: null, stateProvince: null, website: null, zip: null },
    titleField: 'name',
    localizedFields: VENUE_LOCALIZED_FIELDS,
    options,
    override: options.overrides.venues,
    fields: [
      { name: 'name', type: 'text', localized: true, required: true },
      { name: 'description', type: 'richText', localized: true, validate: richTextOnly },
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
    ],
  })
}
