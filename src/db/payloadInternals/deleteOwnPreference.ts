import type { Payload, PayloadHandler, Where } from 'payload'

import { NotFound, UnauthorizedError } from 'payload'

import type { InitPatch } from './patch'

import { collectionEndpoint } from './endpoints'

const PREFERENCES = 'payload-preferences'

/**
 * `DELETE /api/payload-preferences/{key}`, which the admin panel sends to forget a preference.
 * Payload's own handler deletes with a condition on the polymorphic `user` relation that its
 * Postgres adapter turns into SQL naming a table it never joins (a 500 for every signed-in
 * user); this finds the caller's preference first, which the adapter does right, then deletes
 * it by id. Same answers: 401 without a user, 404 for a key they do not have.
 */
const deleteOwnPreference: PayloadHandler = async (req) => {
  if (!req.user) throw new UnauthorizedError(req.t)
  const where: Where = {
    and: [
      { key: { equals: String(req.routeParams?.key ?? '') } },
      { 'user.value': { equals: req.user.id } },
      { 'user.relationTo': { equals: req.user.collection } },
    ],
  }
  const found = await req.payload.db.findOne<{ id: number | string }>({
    collection: PREFERENCES,
    req,
    where,
  })
  if (!found) throw new NotFound(req.t)
  const deleted = await req.payload.db.deleteOne({
    collection: PREFERENCES,
    req,
    where: { id: { equals: found.id } },
  })
  return Response.json(
    { ...deleted, message: req.t('general:deletedSuccessfully') },
    { status: 200 },
  )
}

/** The endpoint Payload's preferences collection answers `DELETE /:key` with, if it has it. */
const keyDeleteOf = (payload: Payload) =>
  collectionEndpoint(payload, PREFERENCES, 'delete', '/:key')

/** Swaps the handler in; Payload adds the preferences collection after plugins run, so this runs at init. */
export const preferenceDeletesPatch: InitPatch = {
  name: 'preference-deletes',
  stage: 'init',
  whenDisabled: false,
  reason:
    "DELETE /api/payload-preferences/{key} deletes the caller's preference instead of failing with a 500 (the adapter's SQL for the polymorphic user condition names a table it never joins)",
  upstream: [],
  apply: (payload) => {
    const endpoint = keyDeleteOf(payload)
    if (endpoint) endpoint.handler = deleteOwnPreference
  },
  verify: (payload) => {
    if (!payload.collections[PREFERENCES]) return null
    const endpoint = keyDeleteOf(payload)
    if (!endpoint) return 'payload-preferences has no DELETE /:key endpoint any more'
    return endpoint.handler === deleteOwnPreference
      ? null
      : "its DELETE /:key handler is not the calendar's"
  },
}
