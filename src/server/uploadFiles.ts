import type { SanitizedCollectionConfig, SanitizedConfig, Where } from 'payload'

import { getPayload } from 'payload'

/*
 * `/api/<upload collection>/file/<name>`, before and after Payload's file handler. Payload answers
 * a name no file has with a 500 and an ERROR log line holding the name as decoded (so `%0a` in it
 * wrote a line of the caller's choosing into the log), and a name with NUL with a 500 and a stack
 * trace (the file system refuses it). Here:
 * - a name with a control character, or longer than any file name can be, is refused first: 400;
 * - a name no item of the collection has (as its file or one of its sizes) is a 404, after one
 *   indexed look-up, without a log line;
 * - a file the caller may not read is a 404 too (Payload's 403), so that a hidden image's name
 *   cannot be told from a name that does not exist.
 */

const MAX_NAME_LENGTH = 255
const CONTROL = /[\u0000-\u001f\u007f]/

export type FileAnswer = { message: string; status: 400 | 404 }

/** The collection and file name of a file route (`[collection, 'file', name]`); `null` for any other route. */
export function uploadFileRoute(
  config: SanitizedConfig,
  slug: string[],
): null | { collection: SanitizedCollectionConfig; name: string } {
  if (slug.length !== 3 || slug[1] !== 'file') return null
  const collection = config.collections.find((candidate) => candidate.slug === slug[0])
  return collection?.upload ? { collection, name: slug[2]! } : null
}

/** The answer to a file route before Payload reads anything, or `null` to let Payload serve it. */
export async function refuseUnknownFile(
  config: SanitizedConfig,
  route: { collection: SanitizedCollectionConfig; name: string },
): Promise<FileAnswer | null> {
  const { collection, name } = route
  if (CONTROL.test(name)) return { message: 'Invalid filename.', status: 400 }
  if (name.length > MAX_NAME_LENGTH) return NOT_FOUND
  const sizes = collection.upload.imageSizes ?? []
  const where: Where = {
    or: [
      { filename: { equals: name } },
      ...sizes.map((size) => ({ [`sizes.${size.name}.filename`]: { equals: name } })),
    ],
  }
  const payload = await getPayload({ config })
  const { totalDocs } = await payload.count({
    collection: collection.slug as never,
    overrideAccess: true,
    where,
  })
  return totalDocs ? null : NOT_FOUND
}

/** Payload's answer to a file route, with a refusal of access shown as the file not being there. */
export function unreadableAsMissing(response: Response): FileAnswer | null {
  return response.status === 403 ? NOT_FOUND : null
}

const NOT_FOUND: FileAnswer = { message: 'Not Found', status: 404 }
