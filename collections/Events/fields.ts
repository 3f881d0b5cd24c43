import type { Field, RelationshipFieldManyValidation } from 'payload'

import type { CALENDAR_SLUGS } from '../../src/slugs'
import type { SanitizedPluginConfig } from '../../src/types'

import {
  descriptionHtmlField,
  imageField,
  internalFieldAdmin,
  richTextOnly,
  SET_BY_THE_SERVER,
  textOnly,
  urlField,
} from '../../src/fields/postFields'
import { clientComponent, serverComponent } from '../../src/admin/paths'
import { readableRelationship } from '../../src/fields/readableRelationship'
import { richTextTranslationSource, translationSource } from '../../src/fields/translationSource'
import { label, translatorOf } from '../../src/i18n/index'
import { isEventTimeZone } from '../../src/lib/timezone'
import { TEXT_LIMITS } from '../../src/lib/textLimits'
import { recurrenceField, seriesFields } from './recurrenceField'

// The description's kept HTML and summary go with it (src/hooks/storeSentDescription.ts).
export const EVENT_LOCALIZED_FIELDS = [
  'title',
  'description',
  'descriptionHtml',
  'summaryText',
  'excerpt',
]

export const eventFields = (options: SanitizedPluginConfig, slugs: CalendarSlugs): Field[] => [
  {
    name: 'title',
    label: label('title'),
    type: 'text',
    maxLength: TEXT_LIMITS.title,
    localized: true,
    required: true,
    admin: translationSource('title'),
  },
  {
    type: 'collapsible',
    label: label('when'),
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'startDate',
            label: label('start'),
            type: 'date',
            required: true,
            index: true,
            admin: {
              date: { pickerAppearance: 'dayAndTime' },
              width: '50%',
              components: {
                Cell: serverComponent('EventStartCell'),
                Field: clientComponent('EventDateField'),
              },
            },
          },
          {
            name: 'endDate',
            label: label('end'),
            type: 'date',
            required: true,
            index: true,
            admin: {
              date: { pickerAppearance: 'dayAndTime' },
              width: '50%',
              components: {
                Cell: serverComponent('EventStartCell'),
                Field: clientComponent('EventDateField'),
              },
            },
            validate: validateEndDate,
          },
        ],
      },
      {
        type: 'row',
        fields: [
          {
            name: 'timezone',
            label: label('timezone'),
            type: 'text',
            required: true,
            defaultValue: () => options.siteTimezone,
            // Text rather than a select: the list of zones grows with each release of the
            // timezone database, and a database enum would tie the schema to one of them.
            // A manual UTC offset (`UTC+2`) is accepted as WordPress's settings and the original take it.
            validate: (value: null | string | undefined, { req }: { req: { t: unknown } }) =>
              isEventTimeZone(value) || translatorOf(req.t)('timezoneInvalid'),
            admin: {
              width: '50%',
              description: label('timezoneDescription'),
              components: { Field: clientComponent('TimezoneField') },
            },
          },
          {
            name: 'allDay',
            label: label('allDay'),
            type: 'checkbox',
            defaultValue: false,
            admin: { width: '50%', style: { alignSelf: 'center' } },
          },
        ],
      },
    ],
  },
  // What the events list orders and filters by, kept by `hooks/storeListOrder.ts`: the start and
  // end as wall times in the event's timezone (the post date that breaks ties is every post's: `collections/postCollection.ts`).
  { name: 'startLocal', type: 'text', access: SET_BY_THE_SERVER, admin: internalFieldAdmin() },
  { name: 'endLocal', type: 'text', access: SET_BY_THE_SERVER, admin: internalFieldAdmin() },
  recurrenceField(),
  ...seriesFields(),
  {
    type: 'collapsible',
    label: label('whereAndWho'),
    fields: [
      // Every write checks that the writer may read what they link: nobody attaches someone else's
      // draft venue by its id (`readableRelationship`, Payload's check of `filterOptions` in one query).
      {
        name: 'venue',
        label: label('venue'),
        type: 'relationship',
        relationTo: slugs.venues,
        index: true,
        validate: readableRelationship,
        admin: { components: { Cell: serverComponent('RelationNamesCell') } },
      },
      {
        name: 'organizers',
        label: label('organizers'),
        type: 'relationship',
        relationTo: slugs.organizers,
        hasMany: true,
        validate: readableRelationship as RelationshipFieldManyValidation,
        admin: { components: { Cell: serverComponent('RelationNamesCell') } },
      },
    ],
  },
  {
    type: 'collapsible',
    label: label('details'),
    fields: [
      {
        name: 'description',
        label: label('description'),
        type: 'richText',
        localized: true,
        validate: richTextOnly,
        admin: richTextTranslationSource('description'),
      },
      {
        name: 'excerpt',
        label: label('excerpt'),
        type: 'textarea',
        maxLength: TEXT_LIMITS.excerpt,
        localized: true,
        admin: translationSource('excerpt'),
      },
      // The description's HTML as the API received it and its text, for the JSON-LD summary (src/hooks/storeSentDescription.ts).
      descriptionHtmlField(),
      {
        name: 'summaryText',
        type: 'textarea',
        maxLength: TEXT_LIMITS.description,
        localized: true,
        access: SET_BY_THE_SERVER,
        admin: internalFieldAdmin(),
      },
      {
        type: 'row',
        fields: [
          {
            name: 'cost',
            label: label('cost'),
            type: 'text',
            maxLength: TEXT_LIMITS.line,
            validate: textOnly,
            admin: { width: '50%', description: label('costDescription') },
          },
          { ...urlField('website'), admin: { width: '50%' } } as Field,
        ],
      },
      {
        name: 'costDetails',
        type: 'group',
        // Read from the cost when it is saved, for the APIs' `cost_details`.
        admin: internalFieldAdmin(),
        fields: [
          {
            type: 'row',
            fields: [
              { name: 'currencySymbol', type: 'text' },
              { name: 'currencyCode', type: 'text' },
              {
                name: 'currencyPosition',
                type: 'select',
                options: [
                  { label: 'Before the amount', value: 'prefix' },
                  { label: 'After the amount', value: 'postfix' },
                ],
              },
            ],
          },
          { name: 'values', type: 'text', hasMany: true },
        ],
      },
      {
        name: 'categories',
        label: label('categories'),
        type: 'relationship',
        relationTo: slugs.eventCategories,
        hasMany: true,
        // The Events Calendar's category box: a searchable tree (Jazz under Music) beside the select.
        admin: {
          components: {
            Cell: serverComponent('RelationNamesCell'),
            Field: clientComponent('CategoryTreeField'),
          },
        },
      },
      {
        name: 'tags',
        label: label('tags'),
        type: 'relationship',
        relationTo: slugs.eventTags,
        hasMany: true,
      },
      imageField(options),
    ],
  },
  {
    type: 'collapsible',
    label: label('presentation'),
    admin: { initCollapsed: true },
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'featured',
            label: label('featured'),
            type: 'checkbox',
            defaultValue: false,
            index: true,
            admin: { components: { Cell: serverComponent('FlagCell') } },
          },
          {
            name: 'sticky',
            label: label('sticky'),
            type: 'checkbox',
            defaultValue: false,
            admin: { description: label('stickyDescription') },
          },
          {
            name: 'hideFromListings',
            label: label('hideFromListings'),
            type: 'checkbox',
            defaultValue: false,
            admin: { description: label('hideFromListingsDescription') },
          },
        ],
      },
      {
        type: 'row',
        fields: [
          { name: 'showMap', label: label('showMap'), type: 'checkbox', defaultValue: false },
          {
            name: 'showMapLink',
            label: label('showMapLink'),
            type: 'checkbox',
            defaultValue: false,
          },
        ],
      },
    ],
  },
  {
    name: 'calendarFile',
    type: 'ui',
    admin: {
      position: 'sidebar',
      disableListColumn: true,
      components: { Field: clientComponent('EventIcsLink') },
    },
  },
]

export type CalendarSlugs = Omit<typeof CALENDAR_SLUGS, 'applicationPasswords'>

function validateEndDate(
  value: unknown,
  { req, siblingData }: { req: { t: unknown }; siblingData: Record<string, unknown> },
): string | true {
  const t = translatorOf(req.t)
  if (!value) return t('endRequired')
  const end = new Date(value as string)
  if (Number.isNaN(end.getTime())) return t('endInvalid')
  const start = siblingData.startDate ? new Date(siblingData.startDate as string) : null
  if (
    start &&
    !Number.isNaN(start.getTime()) &&
    end.getTime() < start.getTime() &&
    !siblingData.allDay
  ) {
    return t('endBeforeStart')
  }
  return true
}
