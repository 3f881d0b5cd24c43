import type { CollectionSlug } from 'payload'

import type { CalendarContext } from '../src/calendar/context'

import { mayReadEveryItem } from '../src/lib/itemsReadByRequest'
import { type PlainDoc, plainDoc } from '../src/lib/plainDoc'

/**
 * An item a write has just returned, as a read of it by the writer would give it, when the writer
 * may read every item of the collection (its read access answers `true` for this request: an
 * administrator or editor under the default rules, anyone a site's own rule lets through); null
 * otherwise, and the caller reads it again under the access rules (a contributor's event sent to
 * review may no longer be theirs to read).
 *
 * Payload's create and update return the item read back inside the write's transaction, at depth 0
 * and in the request's language, through the same field access and `afterRead` hooks as a find;
 * a find also runs the collection's `beforeRead` hooks first, which are run here. Reading it again
 * after the commit would find the same row (or a later write's, which this write's answer need not
 * show).
 */
export async function asReadByWriter(
  ctx: CalendarContext,
  collection: string,
  written: PlainDoc,
): Promise<null | PlainDoc> {
  const config = ctx.payload.collections[collection as CollectionSlug]?.config
  if (!config || !(await mayReadEvery(ctx, collection))) return null
  let doc: PlainDoc = { ...written }
  for (const hook of config.hooks?.beforeRead ?? []) {
    doc = plainDoc(
      (await hook({
        collection: config,
        context: ctx.req.context,
        doc,
        query: {},
        req: ctx.req,
      })) ?? doc,
    )
  }
  return doc
}

/** Whether the collection's read access lets this request's caller read every item (answers `true`, not a condition). */
export const mayReadEvery = (ctx: CalendarContext, collection: string): Promise<boolean> =>
  mayReadEveryItem(ctx.req, collection)
