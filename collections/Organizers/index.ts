import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'

import {
  descriptionHtmlField,
  imageField,
  richTextOnly,
  urlField,
} from '../../src/fields/postFields'
import { defaultLinkedPostStatus } from '../../src/lib/statuses'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { label } from '../../src/i18n/index'
import { generatePostCollection } from '../postCollection'
import { richTextTranslationSource, translationSource } from '../../src/fields/translationSource'

export const ORGANIZER_LOCALIZED_FIELDS = ['name', 'description', 'descriptionHtml', 'excerpt']

export function generateOrganizersCollection(
  options: SanitizedPluginConfig,
  slug: string,
): CollectionConfig {
  return generatePostCollection({
    slug,
    labels: { singular: label('organizer'), plural: label('organizers') },
    admin: {
      defaultColumns: ['name', 'email', 'phone', 'status', 'translations'],
      listSearchableFields: ['name', 'email'],
    },
    defaultSort: 'name',
    defaultStatus: ({ user }) => defaultLinkedPostStatus(user),
    blankedWhenProtected: { email: null, phone: null, website: null },
    kind: 'organizers',
    titleField: 'name',
    // The list's order (`endpoints/linkedPosts/controller.ts`).
    indexes: [{ fields: ['postDate'] }],
    localizedFields: ORGANIZER_LOCALIZED_FIELDS,
    options,
    override: options.overrides.organizers,
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
        type: 'row',
        fields: [
          { name: 'phone', label: label('phone'), type: 'text', maxLength: TEXT_LIMITS.line },
          // The original stores any text here, so an address is not forced into e-mail syntax.
          { name: 'email', label: label('email'), type: 'text', maxLength: TEXT_LIMITS.email },
          urlField('website'),
        ],
      },
      imageField(options),
    ],
  })
}
