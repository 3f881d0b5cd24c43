import type { CollectionBeforeOperationHook, Payload, PayloadHandler, Where } from 'payload'

import type { InitPatch } from './patch'

import { collectionEndpoint } from './endpoints'

import { ClientError } from '../../lib/clientError'

const PREFERENCES = 'payload-preferences'

/**
 * What one user may keep in Payload's preferences (the admin panel's remembered columns, sorts,
 * languages…), which any signed-in user writes: without bounds a subscriber could store a
 * megabyte under each of as many keys as they like, and grow the database for everyone. The
 * admin panel keeps a few dozen small ones per user.
 */
export const PREFERENCE_BOUNDS = { keyLength: 200, perUser: 500, valueBytes: 64 * 1024 }

type Owner = { collection: string; id: number | string }

/** Refuses (400) a preference past the bounds: its key, its value, or one key too many for its owner. */
async function refuseUnbounded(
  payload: Payload,
  owner: Owner | null | undefined,
  key: unknown,
  value: unknown,
): Promise<void> {
  const { keyLength, perUser, valueBytes } = PREFERENCE_BOUNDS
  if (typeof key === 'string' && key.length > keyLength)
    throw new ClientError(`A preference's key is at most ${keyLength} characters long.`)
  if (Buffer.byteLength(JSON.stringify(value ?? null)) > valueBytes)
    throw new ClientError(`A preference's value is at most ${valueBytes} bytes of JSON.`)
  if (!owner) return
  const mine: Where[] = [
    { 'user.value': { equals: owner.id } },
    { 'user.relationTo': { equals: owner.collection } },
  ]
  const kept = (where: Where[]) =>
    payload.db.count({ collection: PREFERENCES, where: { and: where } } as never)
  if (typeof key === 'string' && (await kept([...mine, { key: { equals: key } }])).totalDocs) return
  if ((await kept(mine)).totalDocs >= perUser)
    throw new ClientError(`A user keeps at most ${perUser} preferences.`)
}

/** The generic create and updates of the collection (`POST /api/payload-preferences`, GraphQL). */
const boundPreferenceWrites: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if ((operation !== 'create' && operation !== 'update') || args.overrideAccess) return args
  const data = (args as { data?: { key?: unknown; value?: unknown } }).data ?? {}
  // An update keeps its document's key, so only a create can add one.
  await refuseUnbounded(
    req.payload,
    operation === 'create' ? (req.user as Owner | null) : null,
    data.key,
    data.value,
  )
  return args
}

/**
 * `POST /api/payload-preferences/{key}`, which the admin panel saves preferences with: Payload
 * writes it straight through the database adapter, without the collection's hooks, so it is
 * bounded here before Payload's handler runs (which then reads the body already read).
 */
function boundedUpsert(handler: PayloadHandler): PayloadHandler {
  const bounded: PayloadHandler = async (req) => {
    let data: unknown
    try {
      data = await req.json?.()
    } catch {
      data = undefined
    }
    const body = (data ?? {}) as { value?: unknown }
    await refuseUnbounded(
      req.payload,
      req.user as Owner | null,
      req.routeParams?.key,
      body.value ?? data,
    )
    req.json = () => Promise.resolve(data)
    return handler(req)
  }
  boundedHandlers.add(bounded)
  return bounded
}

const boundedHandlers = new WeakSet<PayloadHandler>()

const upsertOf = (payload: Payload) => collectionEndpoint(payload, PREFERENCES, 'post', '/:key')

/** Payload adds the preferences collection after plugins run, so this runs at init. */
export const boundedPreferencesPatch: InitPatch = {
  name: 'bounded-preferences',
  stage: 'init',
  whenDisabled: false,
  reason: `a user's preferences are bounded (key ${PREFERENCE_BOUNDS.keyLength} characters, value ${PREFERENCE_BOUNDS.valueBytes} bytes, ${PREFERENCE_BOUNDS.perUser} keys) on every way Payload writes them`,
  upstream: [],
  apply: (payload) => {
    const collection = payload.collections[PREFERENCES]?.config
    if (!collection) return
    const upsert = upsertOf(payload)
    if (upsert && !boundedHandlers.has(upsert.handler))
      upsert.handler = boundedUpsert(upsert.handler)
    const hooks = collection.hooks
    if (!hooks.beforeOperation.includes(boundPreferenceWrites))
      hooks.beforeOperation = [...hooks.beforeOperation, boundPreferenceWrites]
  },
  verify: (payload) => {
    const collection = payload.collections[PREFERENCES]?.config
    if (!collection) return null
    const upsert = upsertOf(payload)
    if (!upsert) return 'payload-preferences has no POST /:key endpoint any more'
    if (!boundedHandlers.has(upsert.handler)) return "its POST /:key handler is not the calendar's"
    return collection.hooks.beforeOperation.includes(boundPreferenceWrites)
      ? null
      : 'its writes are not bounded'
  },
}
