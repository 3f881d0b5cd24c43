import type { InitPatch } from './patch'

import { guardCollectionsAddedByPayload, hasInputGuards } from '../../collectionGuards'

export const payloadCollectionGuardsPatch: InitPatch = {
  name: 'payload-collection-guards',
  stage: 'init',
  whenDisabled: false,
  reason:
    'the collections Payload adds after plugins run (payload-preferences, payload-locked-documents, payload-jobs, …) refuse impossible ids, bad paging and unqueryable where with a 4xx, as every other collection does, instead of a 500',
  upstream: [],
  apply: guardCollectionsAddedByPayload,
  verify: (payload) => {
    const unguarded = Object.values(payload.collections).filter(
      (collection) => !hasInputGuards(collection.config.hooks ?? {}),
    )
    return unguarded.length
      ? `collections without the input guards: ${unguarded.map((collection) => collection.config.slug).join(', ')}`
      : null
  },
}
