import type { Payload } from 'payload'

import type { SanitizedPluginConfig } from '../types'

import { dispatchCompatRequest } from '../../endpoints/dispatch'

/** The compatibility API's route of one item of each collection the webhooks tell about. */
const ROUTES: Record<string, string> = {
  events: 'events',
  venues: 'venues',
  organizers: 'organizers',
  'event-categories': 'categories',
  'event-tags': 'tags',
}

/**
 * The item as a visitor sees it: the compatibility API's answer to an anonymous `GET
 * /events/{id}` (or the venue's, organizer's, category's, tag's), by the API's own handler, so
 * a consumer parses a webhook's item with the parser it already has. Null when a visitor sees
 * nothing of it (a draft, pending, scheduled, private, trashed, protected or deleted item).
 */
export async function visitorAnswer(
  payload: Payload,
  options: SanitizedPluginConfig,
  collection: string,
  id: number,
): Promise<null | Record<string, unknown>> {
  const route = ROUTES[collection]
  if (!route) return null
  const answer = await dispatchCompatRequest(payload, options, {
    headers: new Headers({ accept: 'application/json' }),
    method: 'GET',
    path: `/${options.namespace}/${route}/${id}`,
    query: '',
    restBase: `${options.siteUrl}/${options.restRoot}`,
  })
  if (answer.status === 200) return (await answer.json()) as Record<string, unknown>
  await answer.body?.cancel()
  // The API's own failure (a database outage) is no answer to send: the delivery is tried again.
  if (answer.status >= 500) throw new Error(`the compatibility API answered ${answer.status}`)
  return null
}
