import type { CollectionBeforeChangeHook } from 'payload'

import { ValidationError } from 'payload'

import { isWebAddress } from '../../../src/lib/externalImage'

/**
 * Every image has a file, or an outside address the server keeps for it (`externalUrl`, which
 * only the server's own code writes: the importer, for an image it could not download). The
 * collection lets a create through without a file for that case, so this refuses the rest.
 */
export const requireFileOrAddress: CollectionBeforeChangeHook = ({
  collection,
  data,
  originalDoc,
  req,
}) => {
  if (data.filename ?? originalDoc?.filename) return data
  if (isWebAddress(data.externalUrl ?? originalDoc?.externalUrl)) return data
  throw new ValidationError(
    {
      collection: collection.slug,
      errors: [{ message: req.t('error:noFilesUploaded' as never), path: 'file' }],
    },
    req.t,
  )
}
