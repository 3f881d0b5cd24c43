import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { CalendarSlugs } from './fields'

import { eventsListFilter } from '../../src/admin/eventDateViews'
import { clientComponent, serverComponent } from '../../src/admin/paths'
import { label } from '../../src/i18n/index'
import { QUICK_EDIT_COLUMN, quickEditField } from '../../src/admin/quickEdit/quickEditField'
import { generatePostCollection } from '../postCollection'
import { occurrenceEndpoint } from './endpoints/occurrence'
import { occurrencesEndpoint } from './endpoints/occurrences'
import { EVENT_LOCALIZED_FIELDS, eventFields } from './fields'
import { checkRecurrenceField } from './hooks/checkRecurrenceField'
import { expandStartSort } from './hooks/expandStartSort'
import { materializeOccurrences } from './hooks/materializeOccurrences'
import { normalizeEventDates } from './hooks/normalizeEventDates'
import { parseCostDetails } from './hooks/parseCostDetails'
import { storeListOrder } from './hooks/storeListOrder'

export function generateEventsCollection(
  options: SanitizedPluginConfig,
  slugs: CalendarSlugs,
): CollectionConfig {
  return generatePostCollection({
    slug: slugs.events,
    labels: { singular: label('event'), plural: label('events') },
    admin: {
      // As The Events Calendar's admin list: upcoming events first (see eventDateViews), with their dates, venue, terms and organizers.
      baseListFilter: eventsListFilter(options.siteTimezone),
      defaultColumns: [
        'title',
        QUICK_EDIT_COLUMN,
        'startDate',
        'endDate',
        'venue',
        'categories',
        'organizers',
        'status',
        'translations',
      ],
      listSearchableFields: ['title', 'slug'],
      components: {
        beforeListTable: [
          {
            path: clientComponent('EventListFilters'),
            clientProps: {
              categoriesSlug: slugs.eventCategories,
              collectionSlug: slugs.events,
              siteTimezone: options.siteTimezone,
              venuesSlug: slugs.venues,
            },
          },
        ],
        views: {
          calendar: {
            Component: {
              path: serverComponent('EventCalendarView'),
              serverProps: {
                siteTimezone: options.siteTimezone,
                slugs: {
                  categories: slugs.eventCategories,
                  organizers: slugs.organizers,
                  venues: slugs.venues,
                },
              },
            },
            exact: true,
            path: '/calendar',
          },
          list: {
            actions: [
              {
                path: clientComponent('CalendarViewLink'),
                clientProps: { collectionSlug: slugs.events },
              },
              { path: clientComponent('ExportIcsLink') },
              { path: clientComponent('SpreadsheetLinks') },
            ],
          },
        },
      },
    },
    // By the start as a wall time, as the compatibility API's list (`hooks/expandStartSort.ts` adds its ties).
    defaultSort: 'startLocal',
    blankedWhenProtected: {
      allDay: null,
      categories: [],
      cost: null,
      costDetails: { currencyCode: null, currencyPosition: null, currencySymbol: null, values: [] },
      featured: null,
      hideFromListings: null,
      organizers: [],
      showMap: null,
      showMapLink: null,
      sticky: null,
      summaryText: null,
      tags: [],
      venue: null,
      website: null,
    },
    kind: 'events',
    titleField: 'title',
    localizedFields: EVENT_LOCALIZED_FIELDS,
    options,
    override: options.overrides.events,
    beforeOperation: [expandStartSort],
    beforeChange: [
      normalizeEventDates(options.siteTimezone),
      storeListOrder(options.siteTimezone),
      checkRecurrenceField(options),
      parseCostDetails,
    ],
    afterChange: [materializeOccurrences(options)],
    endpoints: [
      occurrencesEndpoint(slugs.events, options.clock),
      occurrenceEndpoint(slugs.events, options),
    ],
    // The events list's order (`endpoints/events/listQuery.ts`, EVENTS_LIST_SORT); the window's bounds narrow it first.
    // The last one holds every column of the list's total (listed events of some statuses in a
    // window): counted from the index alone, not by reading every event (issue 17).
    indexes: [
      { fields: ['startLocal', 'postDate'] },
      { fields: ['endLocal'] },
      { fields: ['status', 'startLocal', 'endLocal', 'hideFromListings'] },
    ],
    fields: [...eventFields(options, slugs), quickEditField()],
  })
}
