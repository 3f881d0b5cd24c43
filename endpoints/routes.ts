import type { Route } from './router'

import { CALENDAR_SLUGS } from '../src/slugs'
import { eventsController, eventsResource } from './events/controller'
import {
  createEventArgs,
  listEventsArgs,
  readEventArgs,
  readEventBySlugArgs,
  updateEventArgs,
  updateEventBySlugArgs,
} from './events/params'
import { openApiDocument } from './doc/openapi'
import { namespaceIndex } from './namespaceIndex'
import {
  createLinkedPostArgs,
  listLinkedPostsArgs,
  readLinkedPostArgs,
  readLinkedPostBySlugArgs,
  updateLinkedPostArgs,
  updateLinkedPostBySlugArgs,
  type LinkedKind,
} from './linkedPosts/params'
import { linkedPostResource } from './linkedPosts/controller'
import { resourceController, resourceRoutes } from './resourceController'
import { withPassword } from './passwordArgs'
import { mayEditPosts, mayManageEventCategories, mayManageTags } from './permissions'
import { termResource } from './terms/controller'
import {
  createTermArgs,
  listTermsArgs,
  readTermArgs,
  updateTermArgs,
  type TermKind,
} from './terms/params'

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
 * is visible: it is the order of the namespace index and of `/doc`). Each resource's routes come
 * from its declaration (`resourceController.ts`).
 */
export function buildRoutes(options: {
  defaultPerPage: number
  maxPerPage: number
  mediaCollection: string
  usersCollection: string
}): Route[] {
  const collections = {
    ...COLLECTIONS,
    media: options.mediaCollection,
    users: options.usersCollection,
  }
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
      ...resourceRoutes(
        eventsResource,
        eventsController(),
        {
          list: listEventsArgs(collections, options.defaultPerPage, options.maxPerPage),
          create: createEvent_,
          read: readEventArgs,
          update: updateEventArgs(createEvent_),
          bySlug: {
            read: readEventBySlugArgs(collections.events),
            update: updateEventBySlugArgs(createEvent_),
          },
        },
        mayEditPosts,
        ['read', 'remove', 'update'],
      ),
      ...linkedPostRoutes('venues', collections, options),
      ...linkedPostRoutes('organizers', collections, options),
    ]),
    ...termRoutes('categories', collections, options),
    ...termRoutes('tags', collections, options),
  ]
}

/** Routes that show password-protected items read their `password` (`passwordArgs.ts`). */
function withPasswords(routes: Route[]): Route[] {
  return routes.map((route) => ({
    ...route,
    endpoints: route.endpoints.map((endpoint) => ({
      ...endpoint,
      args: withPassword(endpoint.args),
    })),
  }))
}

type TableOptions = { defaultPerPage: number; maxPerPage: number }
type Collections = typeof COLLECTIONS

/** `/venues`, `/venues/{id}`, `/venues/by-slug/{slug}` (or the organizer ones). */
function linkedPostRoutes(
  kind: LinkedKind,
  collections: Collections,
  options: TableOptions,
): Route[] {
  const resource = linkedPostResource(kind)
  const collection = collections[kind]
  const create = createLinkedPostArgs(kind, collections)
  return resourceRoutes(
    resource,
    resourceController(resource),
    {
      list: listLinkedPostsArgs(
        kind,
        collections.events,
        options.defaultPerPage,
        options.maxPerPage,
      ),
      create,
      read: readLinkedPostArgs(kind, collection),
      update: updateLinkedPostArgs(kind, collection, create),
      bySlug: {
        read: readLinkedPostBySlugArgs(kind, collection),
        update: updateLinkedPostBySlugArgs(kind, collection, create),
      },
    },
    mayEditPosts,
    ['read', 'remove', 'update'],
  )
}

/** `/categories`, `/categories/{id}` (or the tag ones). */
function termRoutes(kind: TermKind, collections: Collections, options: TableOptions): Route[] {
  const collection = collections[kind]
  const resource = termResource(kind, collection)
  const create = createTermArgs(kind, collection)
  return resourceRoutes(
    resource,
    resourceController(resource),
    {
      list: listTermsArgs(
        kind,
        collection,
        collections.events,
        options.defaultPerPage,
        options.maxPerPage,
      ),
      create,
      read: readTermArgs(kind, collection),
      update: updateTermArgs(kind, collection, create),
    },
    kind === 'categories' ? mayManageEventCategories : mayManageTags,
    ['read', 'update', 'remove'],
  )
}
