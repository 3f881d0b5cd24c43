import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import {
  descriptionHtmlField,
  imageField,
  internalFieldAdmin,
  SET_BY_THE_SERVER,
  richTextOnly,
  urlField,
} from '../../src/fields/postFields'
import { defaultLinkedPostStatus } from '../../src/lib/statuses'
import { label } from '../../src/i18n/index'
import { generatePostCollection } from '../postCollection'
import { deriveStateProvince } from './hooks/deriveStateProvince'
import { geocodeAfterSave, geocodeOnSave, readGeocodingNotice } from './hooks/geocodeOnSave'
import { geocodeEndpoint } from './geocodeEndpoint'
import { clientComponent } from '../../src/admin/paths'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { richTextTranslationSource, translationSource } from '../../src/fields/translationSource'

export const VENUE_LOCALIZED_FIELDS = ['name', 'description', 'descriptionHtml', 'excerpt']

export function generateVenuesCollection(
  options: SanitizedPluginConfig,
  slug: string,
): CollectionConfig {
  return generatePostCollection({
    slug,
    labels: { singular: label('venue'), plural: label('venues') },
    admin: {
      defaultColumns: ['name', 'city', 'country', 'status', 'translations'],
      listSearchableFields: ['name', 'city', 'address'],
    },
    defaultSort: 'name',
    beforeChange: [geocodeOnSave],
    afterChange: [geocodeAfterSave],
    endpoints: [geocodeEndpoint],
    defaultStatus: ({ user }) => defaultLinkedPostStatus(user),
    blankedWhenProtected: {
      address: null,
      city: null,
      country: null,
      latitude: null,
      longitude: null,
      phone: null,
      province: null,
      showMap: null,
      showMapLink: null,
      stateProvince: null,
      website: null,
      zip: null,
    },
    kind: 'venues',
    titleField: 'name',
    // The list's order (`endpoints/linkedPosts/controller.ts`).
    indexes: [{ fields: ['postDate'] }],
    localizedFields: VENUE_LOCALIZED_FIELDS,
    options,
    override: options.overrides.venues,
    fields: [
      {
        name: 'name',
        label: label('name'),
        type: 'text',
        maxLength: TEXT_LIMITS.title,
        localized: true,
        required: true,
        admin: translationSource('name'),
      },
      {
        name: 'description',
        label: label('description'),
        type: 'richText',
        localized: true,
        validate: richTextOnly,
        admin: richTextTranslationSource('description'),
      },
      descriptionHtmlField(),
      {
        name: 'excerpt',
        label: label('excerpt'),
        type: 'textarea',
        maxLength: TEXT_LIMITS.excerpt,
        localized: true,
        admin: translationSource('excerpt'),
      },
      {
        type: 'collapsible',
        label: label('address'),
        fields: [
          { name: 'address', label: label('address'), type: 'text', maxLength: TEXT_LIMITS.line },
          {
            type: 'row',
            fields: [
              { name: 'city', label: label('city'), type: 'text', maxLength: TEXT_LIMITS.line },
              {
                name: 'zip',
                label: label('postalCode'),
                type: 'text',
                maxLength: TEXT_LIMITS.line,
              },
            ],
          },
          {
            type: 'row',
            fields: [
              {
                name: 'stateProvince',
                label: label('stateOrProvince'),
                type: 'text',
                maxLength: TEXT_LIMITS.line,
                hooks: { afterRead: [deriveStateProvince] },
                admin: { width: '50%' },
              },
              {
                name: 'country',
                label: label('country'),
                type: 'text',
                maxLength: TEXT_LIMITS.line,
                // A searchable list of the original's countries; the value stays its plain text.
                admin: {
                  width: '50%',
                  components: { Field: clientComponent('VenueCountryField') },
                },
              },
            ],
          },
          // The original's separate US state and province, which its API still reads and writes;
          // the form has the one "State or province" above, filled from them when it is empty.
          {
            name: 'state',
            label: label('state'),
            type: 'text',
            maxLength: TEXT_LIMITS.line,
            admin: { hidden: true, disableListColumn: true },
          },
          {
            name: 'province',
            label: label('province'),
            type: 'text',
            maxLength: TEXT_LIMITS.line,
            admin: { hidden: true, disableListColumn: true },
          },
          {
            // Two numbers rather than Payload's \`point\`: that needs PostGIS, which neither the
            // embedded Postgres nor many hosted ones have. Distance searches work on these.
            type: 'row',
            fields: [
              {
                name: 'latitude',
                label: label('latitude'),
                type: 'number',
                min: -90,
                max: 90,
                index: true,
              },
              {
                name: 'longitude',
                label: label('longitude'),
                type: 'number',
                min: -180,
                max: 180,
                index: true,
              },
            ],
          },
          {
            name: 'venueMap',
            type: 'ui',
            admin: {
              components: {
                Field: {
                  path: clientComponent('VenueMap'),
                  clientProps: { geocoding: options.geocoding !== null, tiles: options.mapTiles },
                },
              },
            },
          },
          {
            // Why a save over HTTP left the venue without coordinates (`hooks/geocodeOnSave.ts`).
            name: 'geocodingNotice',
            type: 'text',
            virtual: true,
            access: SET_BY_THE_SERVER,
            admin: internalFieldAdmin(),
            hooks: { afterRead: [readGeocodingNotice] },
          },
        ],
      },
      {
        type: 'row',
        fields: [
          { name: 'phone', label: label('phone'), type: 'text', maxLength: TEXT_LIMITS.line },
          urlField('website'),
        ],
      },
      {
        type: 'row',
        fields: [
          { name: 'showMap', label: label('showMap'), type: 'checkbox', defaultValue: true },
          {
            name: 'showMapLink',
            label: label('showMapLink'),
            type: 'checkbox',
            defaultValue: true,
          },
        ],
      },
      imageField(options),
    ],
  })
}
