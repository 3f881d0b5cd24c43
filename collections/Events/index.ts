import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { CalendarSlugs } from './fields'

import { generatePostCollection } from '../postCollection'
import { EVENT_LOCALIZED_FIELDS, eventFields } from './fields'
import { normalizeEventDates } from './hooks/normalizeEventDates'
import { parseCostDetails } from './hooks/parseCostDetails'

export function generateEventsCollection(options: SanitizedPluginConfig, slugs: CalendarSlugs): CollectionConfig {
  return generatePostCollection({
    slug: slugs.events,
    labels: { singular: 'Event', plural: 'Events' },
    admin: { defaultColumns: ['title', 'startDate', 'venue', 'status', 'featured'], listSearchableFields: ['title', 'slug'] },
    defaultSort: 'startDate',
    titleField: 'title',
    localizedFields: EVENT_LOCALIZED_FIELDS,
    options,
    override: options.overrides.events,
    beforeChange: [normalizeEventDates(options.siteTimezone), parseCostDetails],
    fields: eventFields(options, slugs),
  })
}
