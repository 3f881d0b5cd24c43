import type { CollectionAfterReadHook } from 'payload'

import { isExternalImage } from '../../../src/lib/externalImage'

/** An image kept by its outside address reads as an image at that address, on every API and in the admin. */
export const showOutsideAddress: CollectionAfterReadHook = ({ doc }) => {
  if (isExternalImage(doc)) doc.url = doc.externalUrl
  return doc
}
