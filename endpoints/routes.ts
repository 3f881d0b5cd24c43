import type { Route } from './router'

import { CALENDAR_SLUGS } from '../src/slugs'
import { getEvent, getEventBySlug, listEvents } from './events/controller'
import { listEventsArgs, readEventArgs, readEventBySlugArgs } from './events/params'
import { namespaceIndex } from './namespaceIndex'

const COLLECTIONS = {
  categories: CALENDAR_SLUGS.eventCategories,
  events: CALENDAR_SLUGS.events,
  organizers: CALENDAR_SLUGS.organizers,
  tags: CALENDAR_SLUGS.eventTags,
  venues: CALENDAR_SLUGS.venues,
}

/**
 * The route table of the compatibility API, in the original's registration order (that order
 * is visible: it is the order of the namespace index and of `/doc`). Resource routes are added
 * here as their controllers land.
 */
export function buildRoutes(options: { defaultPerPage: number; maxPerPage: number }): Route[] {
  return [
    {
      path: '',
      endpoints: [
        {
          methods: ['GET'],
          args: {
            namespace: { default: ({ namespace }) => namespace },
            context: { default: 'view' },
          },
          handler: namespaceIndex,
        },
      ],
    },
    {
      path: '/events',
      endpoints: [{ methods: ['GET'], args: listEventsArgs(COLLECTIONS, options.defaultPerPage, options.maxPerPage), handler: listEvents }],
    },
    {
      path: '/events/(?P<id>\\d+)',
      endpoints: [{ methods: ['GET'], args: readEventArgs, handler: getEvent }],
    },
    {
      path: '/events/by-slug/(?P<slug>[^/]+)',
      endpoints: [{ methods: ['GET'], args: readEventBySlugArgs(COLLECTIONS.events), handler: getEventBySlug }],
    },
  ]
}
