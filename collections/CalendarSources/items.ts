import type { CollectionConfig, CollectionSlug } from 'payload'

import { CALENDAR_SOURCE_ITEMS_SLUG, CALENDAR_SOURCES_SLUG } from '../../src/icsImport/sources'

const nobody = () => false

/**
 * Which source event each imported event is (docs/calendar-sources.md, "Matching"): the feed's
 * `UID` and, for an instance imported on its own, its `RECURRENCE-ID`, with the digest of what
 * was imported and the event's `updatedAt` after the import (a later one means an edit here).
 * Written by the import alone: no API reads or writes it.
 */
export function generateCalendarSourceItemsCollection(
  eventsSlug: CollectionSlug,
): CollectionConfig {
  return {
    slug: CALENDAR_SOURCE_ITEMS_SLUG,
    access: { create: nobody, delete: nobody, read: nobody, update: nobody },
    admin: { hidden: true },
    graphQL: false,
    indexes: [{ fields: ['source', 'uid', 'recurrenceId'], unique: true }],
    fields: [
      {
        name: 'source',
        type: 'relationship',
        relationTo: CALENDAR_SOURCES_SLUG as CollectionSlug,
        required: true,
        index: true,
      },
      { name: 'uid', type: 'text', required: true, maxLength: 1000 },
      { name: 'recurrenceId', type: 'text', defaultValue: '' },
      { name: 'event', type: 'relationship', relationTo: eventsSlug, index: true },
      { name: 'hash', type: 'text' },
      { name: 'syncedAt', type: 'text' },
      { name: 'removed', type: 'checkbox', defaultValue: false },
    ],
  }
}
