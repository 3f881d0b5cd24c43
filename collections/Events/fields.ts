import type { Field } from 'payload'

import type { CALENDAR_SLUGS } from '../../src/slugs'
import type { SanitizedPluginConfig } from '../../src/types'

import { imageField, internalFieldAdmin, richTextOnly, textOnly, urlField } from '../../src/fields/postFields'
import { clientComponent, serverComponent } from '../../src/admin/paths'
import { isEventTimeZone } from '../../src/lib/timezone'

export const EVENT_LOCALIZED_FIELDS = ['title', 'description', 'excerpt']

export const eventFields = (options: SanitizedPluginConfig, slugs: CalendarSlugs): Field[] => [
  { name: 'title', type: 'text', localized: true, required: true },
  {
    type: 'collapsible',
    label: 'When',
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'startDate',
            label: 'Start',
            type: 'date',
            required: true,
            index: true,
            admin: {
              date: { pickerAppearance: 'dayAndTime' },
              width: '50%',
              components: { Cell: serverComponent('EventStartCell'), Field: clientComponent('EventDateField') },
            },
          },
          {
            name: 'endDate',
            label: 'End',
            type: 'date',
            required: true,
            index: true,
            admin: {
              date: { pickerAppearance: 'dayAndTime' },
              width: '50%',
              components: { Cell: serverComponent('EventStartCell'), Field: clientComponent('EventDateField') },
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
            type: 'text',
            required: true,
            defaultValue: () => options.siteTimezone,
            // Text rather than a select: the list of zones grows with each release of the
            // timezone database, and a database enum would tie the schema to one of them.
            // A manual UTC offset (`UTC+2`) is accepted as WordPress's settings and the original take it.
            validate: (value: null | string | undefined) =>
              isEventTimeZone(value) || 'Enter an IANA timezone such as America/New_York or Europe/Paris, or a UTC offset such as UTC+2.',
            admin: {
              width: '50%',
              description: 'The event’s local timezone, as its audience reads the times.',
              components: { Field: clientComponent('TimezoneField') },
            },
          },
          {
            name: 'allDay',
            label: 'All day',
            type: 'checkbox',
            defaultValue: false,
            admin: { width: '50%', style: { alignSelf: 'center' } },
          },
        ],
      },
    ],
  },
  {
    type: 'collapsible',
    label: 'Where and who',
    fields: [
      // A filter that lets every item through still makes Payload check, on every write, that the
      // writer may read what they link: nobody attaches someone else's draft venue by its id.
      { name: 'venue', type: 'relationship', relationTo: slugs.venues, index: true, filterOptions: () => true },
      { name: 'organizers', type: 'relationship', relationTo: slugs.organizers, hasMany: true, filterOptions: () => true },
    ],
  },
  {
    type: 'collapsible',
    label: 'Details',
    fields: [
      { name: 'description', type: 'richText', localized: true, validate: richTextOnly },
      { name: 'excerpt', type: 'textarea', localized: true },
      {
        type: 'row',
        fields: [
          {
            name: 'cost',
            type: 'text',
            validate: textOnly,
            admin: { width: '50%', description: 'As readers should see it, e.g. $15, 10–25 €, Free.' },
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
      { name: 'categories', type: 'relationship', relationTo: slugs.eventCategories, hasMany: true },
      { name: 'tags', type: 'relationship', relationTo: slugs.eventTags, hasMany: true },
      imageField(options),
    ],
  },
  {
    type: 'collapsible',
    label: 'Presentation',
    admin: { initCollapsed: true },
    fields: [
      {
        type: 'row',
        fields: [
          {
            name: 'featured',
            type: 'checkbox',
            defaultValue: false,
            index: true,
            admin: { components: { Cell: serverComponent('FlagCell') } },
          },
          { name: 'sticky', type: 'checkbox', defaultValue: false, admin: { description: 'Pinned in calendar views.' } },
          {
            name: 'hideFromListings',
            type: 'checkbox',
            defaultValue: false,
            admin: { description: 'Left out of event lists; still reachable by its address.' },
          },
        ],
      },
      {
        type: 'row',
        fields: [
          { name: 'showMap', type: 'checkbox', defaultValue: false },
          { name: 'showMapLink', type: 'checkbox', defaultValue: false },
        ],
      },
    ],
  },
  {
    name: 'calendarFile',
    type: 'ui',
    admin: { position: 'sidebar', disableListColumn: true, components: { Field: clientComponent('EventIcsLink') } },
  },
]

export type CalendarSlugs = Omit<typeof CALENDAR_SLUGS, 'applicationPasswords'>

function validateEndDate(value: unknown, { siblingData }: { siblingData: Record<string, unknown> }): string | true {
  if (!value) return 'An end is required.'
  const end = new Date(value as string)
  if (Number.isNaN(end.getTime())) return 'The end is not a valid date.'
  const start = siblingData.startDate ? new Date(siblingData.startDate as string) : null
  if (start && !Number.isNaN(start.getTime()) && end.getTime() < start.getTime() && !siblingData.allDay) {
    return 'The end cannot be before the start.'
  }
  return true
}
