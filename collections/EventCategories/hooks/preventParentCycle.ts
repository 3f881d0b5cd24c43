import type { CollectionBeforeValidateHook, CollectionSlug } from 'payload'

import { ValidationError } from 'payload'

import { translatorOf } from '../../../src/i18n/index'

/** A category cannot be its own ancestor: the tree must stay a tree. */
export const preventParentCycle: CollectionBeforeValidateHook = async ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  const parent = data?.parent ?? null
  if (!parent || !originalDoc?.id) return data
  const seen = new Set<number | string>([originalDoc.id])
  let current: null | number | string = typeof parent === 'object' ? parent.id : parent
  while (current !== null && current !== undefined) {
    if (seen.has(current)) {
      throw new ValidationError({
        collection: collection.slug,
        errors: [{ message: translatorOf(req.t)('categoryCycle'), path: 'parent' }],
        req,
      })
    }
    seen.add(current)
    const next = await req.payload.findByID({
      collection: collection.slug as CollectionSlug,
      depth: 0,
      disableErrors: true,
      id: current,
      req,
      select: { parent: true } as never,
    })
    const nextParent = (next as { parent?: unknown } | null)?.parent
    current =
      nextParent && typeof nextParent === 'object'
        ? (nextParent as { id: number }).id
        : ((nextParent as null | number) ?? null)
  }
  return data
}
