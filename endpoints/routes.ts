import type { Route } from './router'

import { CALENDAR_SLUGS } from '../src/slugs'
import { createEvent, deleteEvent, getEvent, getEventBySlug, listEvents, mayEditEvents, updateEvent } from './events/controller'
import { createEventArgs, listEventsArgs, readEventArgs, readEventBySlugArgs, updateEventArgs, updateEventBySlugArgs } from './events/params'
import { namespaceIndex } from './namespaceIndex'

const COLLECTIONS = {
  categories: CALENDAR_SLUGS.eventCategories,
  media: 'media',
  users: 'users',
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
export function buildRoutes(options: { defaultPerPage: number; maxPerPage: number; mediaCollection: string; usersCollection: string }): Route[] {
  const collections = { ...COLLECTIONS, media: options.mediaCollection, users: options.usersCollection }
  const createEvent_ = createEventArgs(collections)
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
      endpoints: [
        { methods: ['GET'], args: listEventsArgs(collections, options.defaultPerPage, options.maxPerPage), handler: listEvents },
        { methods: ['POST'], args: createEvent_, handler: createEvent, permission: mayEditEvents },
      ],
    },
    {
      path: '/events/(?P<id>\\d+)',
      endpoints: [
        { methods: ['GET'], args: readEventArgs, handler: getEvent },
        { methods: ['DELETE'], args: readEventArgs, handler: deleteEvent, permission: mayEditEvents },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateEventArgs(createEvent_), handler: updateEvent, permission: mayEditEvents },
      ],
    },
    {
      path: '/events/by-slug/(?P<slug>[^/]+)',
      endpoints: [
        { methods: ['GET'], args: readEventBySlugArgs(collections.events), handler: getEventBySlug },
        { methods: ['DELETE'], args: readEventBySlugArgs(collections.events), handler: deleteEvent, permission: mayEditEvents },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateEventBySlugArgs(createEvent_), handler: updateEvent, permission: mayEditEvents },
      ],
    },
  ]
}
