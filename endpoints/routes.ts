import type { Route } from './router'

import { CALENDAR_SLUGS } from '../src/slugs'
import { createEvent, deleteEvent, getEvent, getEventBySlug, listEvents, updateEvent } from './events/controller'
import { createEventArgs, listEventsArgs, readEventArgs, readEventBySlugArgs, updateEventArgs, updateEventBySlugArgs } from './events/params'
import { openApiDocument } from './doc/openapi'
import { namespaceIndex } from './namespaceIndex'
import { createLinkedPostArgs, listLinkedPostsArgs, readLinkedPostArgs, readLinkedPostBySlugArgs, updateLinkedPostArgs, updateLinkedPostBySlugArgs, type LinkedKind } from './linkedPostParams'
import { linkedPostController } from './linkedPostController'
import { withPassword } from './passwordArgs'
import { mayEditPosts, mayManageEventCategories, mayManageTags } from './permissions'
import type { Route as RouteType } from './router'
import { termController } from './terms/controller'
import { createTermArgs, listTermsArgs, readTermArgs, updateTermArgs, type TermKind } from './terms/params'

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
      path: '/doc',
      endpoints: [{ methods: ['GET'], args: {}, handler: openApiDocument }],
    },
    ...withPasswords([
    {
      path: '/events',
      endpoints: [
        { methods: ['GET'], args: listEventsArgs(collections, options.defaultPerPage, options.maxPerPage), handler: listEvents },
        { methods: ['POST'], args: createEvent_, handler: createEvent, permission: mayEditPosts },
      ],
    },
    {
      path: '/events/(?P<id>\\d+)',
      endpoints: [
        { methods: ['GET'], args: readEventArgs, handler: getEvent },
        { methods: ['DELETE'], args: readEventArgs, handler: deleteEvent, permission: mayEditPosts },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateEventArgs(createEvent_), handler: updateEvent, permission: mayEditPosts },
      ],
    },
    {
      path: '/events/by-slug/(?P<slug>[^/]+)',
      endpoints: [
        { methods: ['GET'], args: readEventBySlugArgs(collections.events), handler: getEventBySlug },
        { methods: ['DELETE'], args: readEventBySlugArgs(collections.events), handler: deleteEvent, permission: mayEditPosts },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateEventBySlugArgs(createEvent_), handler: updateEvent, permission: mayEditPosts },
      ],
    },
    ...linkedPostRoutes('venues', collections, options),
    ...linkedPostRoutes('organizers', collections, options),
    ]),
    ...termRoutes('categories', collections, options),
    ...termRoutes('tags', collections, options),
  ]
}

/** Routes that show password-protected items read their `password` (`passwordArgs.ts`). */
function withPasswords(routes: RouteType[]): RouteType[] {
  return routes.map((route) => ({ ...route, endpoints: route.endpoints.map((endpoint) => ({ ...endpoint, args: withPassword(endpoint.args) })) }))
}

type TableOptions = { defaultPerPage: number; maxPerPage: number }
type Collections = typeof COLLECTIONS

/** `/venues`, `/venues/{id}`, `/venues/by-slug/{slug}` (or the organizer ones). */
function linkedPostRoutes(kind: LinkedKind, collections: Collections, options: TableOptions): RouteType[] {
  const controller = linkedPostController(kind)
  const collection = collections[kind]
  const create = createLinkedPostArgs(kind, collections)
  return [
    {
      path: `/${kind}`,
      endpoints: [
        { methods: ['GET'], args: listLinkedPostsArgs(kind, collections.events, options.defaultPerPage, options.maxPerPage), handler: controller.list },
        { methods: ['POST'], args: create, handler: controller.create, permission: mayEditPosts },
      ],
    },
    {
      path: `/${kind}/(?P<id>\\d+)`,
      endpoints: [
        { methods: ['GET'], args: readLinkedPostArgs(kind, collection), handler: controller.get },
        { methods: ['DELETE'], args: readLinkedPostArgs(kind, collection), handler: controller.remove, permission: mayEditPosts },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateLinkedPostArgs(kind, collection, create), handler: controller.update, permission: mayEditPosts },
      ],
    },
    {
      path: `/${kind}/by-slug/(?P<slug>[^/]+)`,
      endpoints: [
        { methods: ['GET'], args: readLinkedPostBySlugArgs(kind, collection), handler: controller.get },
        { methods: ['DELETE'], args: readLinkedPostBySlugArgs(kind, collection), handler: controller.remove, permission: mayEditPosts },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateLinkedPostBySlugArgs(kind, collection, create), handler: controller.update, permission: mayEditPosts },
      ],
    },
  ]
}

/** `/categories`, `/categories/{id}` (or the tag ones). */
function termRoutes(kind: TermKind, collections: Collections, options: TableOptions): RouteType[] {
  const collection = collections[kind]
  const controller = termController(kind, collection)
  const permission = kind === 'categories' ? mayManageEventCategories : mayManageTags
  const create = createTermArgs(kind, collection)
  return [
    {
      path: `/${kind}`,
      endpoints: [
        { methods: ['GET'], args: listTermsArgs(kind, collection, collections.events, options.defaultPerPage, options.maxPerPage), handler: controller.list },
        { methods: ['POST'], args: create, handler: controller.create, permission },
      ],
    },
    {
      path: `/${kind}/(?P<id>\\d+)`,
      endpoints: [
        { methods: ['GET'], args: readTermArgs(kind, collection), handler: controller.get },
        { methods: ['POST', 'PUT', 'PATCH'], args: updateTermArgs(kind, collection, create), handler: controller.update, permission },
        { methods: ['DELETE'], args: readTermArgs(kind, collection), handler: controller.remove, permission },
      ],
    },
  ]
}
