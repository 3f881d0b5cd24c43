import type { CollectionConfig } from 'payload'

import type { SanitizedPluginConfig } from '../../src/types'
import type { CalendarSlugs } from './fields'

import { createPosts, editPosts, readPosts } from '../../src/access/posts'
import { applyStatusWorkflow } from '../../src/hooks/applyStatusWorkflow'
import { assignAuthor } from '../../src/hooks/assignAuthor'
import { fillDefaultLocale } from '../../src/hooks/fillDefaultLocale'
import { generateSlug } from '../../src/hooks/generateSlug'
import { applyOverride } from '../applyOverride'
import { EVENT_LOCALIZED_FIELDS, eventFields } from './fields'
import { normalizeEventDates } from './hooks/normalizeEventDates'
import { parseCostDetails } from './hooks/parseCostDetails'

export function generateEventsCollection(options: SanitizedPluginConfig, slugs: CalendarSlugs): CollectionConfig {
  return applyOverride(
    {
      slug: slugs.events,
      labels: { singular: 'Event', plural: 'Events' },
      access: { create: createPosts, delete: editPosts, read: readPosts, update: editPosts },
      admin: {
        useAsTitle: 'title',
        defaultColumns: ['title', 'startDate', 'venue', 'status', 'featured'],
        listSearchableFields: ['title', 'slug'],
        group: 'Calendar',
      },
      defaultSort: 'startDate',
      fields: eventFields(options, slugs),
      hooks: {
        beforeValidate: [generateSlug('title')],
        beforeChange: [assignAuthor, applyStatusWorkflow, normalizeEventDates(options.siteTimezone), parseCostDetails],
        afterChange: [fillDefaultLocale(EVENT_LOCALIZED_FIELDS)],
      },
      timestamps: true,
    },
    options.overrides.events,
  )
}
