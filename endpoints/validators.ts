import type { CollectionSlug, Where } from 'payload'

import type { ArgsContext } from './context'
import type { Validator } from './params'

import { found } from './params'
import { type PlainDoc, plainDoc } from '../src/lib/plainDoc'
import { readItemsById, rememberItemsRead } from '../src/lib/itemsReadByRequest'
import { mayReadEvery } from './writtenItems'
import { termsAnswering, termsNamed } from './terms/termsNamed'

import { slugForQuery } from '../src/lib/wpSlug'
import { MAX_INT4 } from '../src/lib/databaseIds'
import { isPhpTime, parsePhpDateTime } from '../src/lib/phpDate'
import { isPhpNumericText } from '../src/lib/phpNumeric'
import { can } from '../src/lib/roles'
import { POST_STATUSES } from '../src/lib/statuses'
import { TEXT_LIMITS } from '../src/lib/textLimits'
import { nestsDeeperThan } from '../src/lib/htmlDepth'
import { isEventTimeZone } from '../src/lib/timezone'
import { ticketsNotActive } from './errors'
import { isReadableNumericBound, readNumericBound } from './events/numericBound'
import { keptFor } from './freshness'

/**
 * The original's validation rules (`docs/compatibility.md`, "Validation rules"), named after them.
 * Rules that look items up see every item of the type, whatever its status, as the original's do:
 * visibility is the handler's business, existence is the validator's.
 */

const isIntegral = (value: unknown): boolean =>
  ((typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && /^\d+$/.test(value.trim()))) &&
  Math.abs(Number(value)) <= MAX_INT4

/**
 * Whether a term entry (`categories=music,12`) names its term by id rather than by slug or name:
 * every rule and handler reading such lists decides the same way, so a name written in digits
 * beyond any id is looked up as a name, never sent to the database as an id.
 */
export const readsAsId = (entry: unknown): boolean => isIntegral(entry)

export const isPositiveInt: Validator = (value) => isIntegral(value) && Number(value) > 0

/**
 * The original's `is_positive_int` as it reads a page or a page size: any numeric text whose
 * value is a whole number above 0 (`2e1` is 20, `2.0` is 2; `2.5` and `0x10` are refused),
 * within the ids' range.
 */
export const isPositiveWholeNumber: Validator = (value) => {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 && value <= MAX_INT4
  if (!isPhpNumericText(value)) return false
  const number = Number(value.trim())
  return Number.isInteger(number) && number > 0 && number <= MAX_INT4
}

/** A CSV string or a list, as PHP's `Tribe__Utils__Array::list_to_array` reads it. */
export function toList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
  if (typeof value === 'number') return [value]
  return []
}

export const isPositiveIntList: Validator = (value) => {
  const list = toList(value)
  return list.length > 0 && list.every((item) => isIntegral(item) && Number(item) > 0)
}

/** The original's `is_string`: a string that PHP's `empty()` does not call empty (`''` and `'0'` are refused). */
export const isString: Validator = (value) =>
  typeof value === 'string' && value !== '' && value !== '0'

export const isStringOrEmpty: Validator = (value) =>
  value === '' || value === null || value === 0 || value === '0' || typeof value === 'string'

/** HTML (a description): `isString`, with its elements nested no deeper than `TEXT_LIMITS.htmlDepth`. */
export const isHtml: Validator = (value, ctx) =>
  isString(value, ctx) && !nestsDeeperThan(value as string, TEXT_LIMITS.htmlDepth)

/** `isStringOrEmpty` for HTML, nested no deeper than `TEXT_LIMITS.htmlDepth`. */
export const isHtmlOrEmpty: Validator = (value, ctx) =>
  isStringOrEmpty(value, ctx) &&
  !(typeof value === 'string' && nestsDeeperThan(value, TEXT_LIMITS.htmlDepth))

/**
 * The original's `is_time`: `strtotime` must give a truthy timestamp, read as WordPress runs PHP (in
 * UTC), so the Unix epoch itself (`1970-01-01`, `0`) is refused while the day before is fine
 * (docs/compatibility.md, "Validation rules").
 */
export const isTime: Validator = (value, ctx) => {
  if (!((typeof value === 'string' && value.trim() !== '') || typeof value === 'number'))
    return false
  if (!isPhpTime(value, { now: ctx.now, timeZone: ctx.options.siteTimezone })) return false
  return parsePhpDateTime(value, { now: ctx.now, timeZone: 'UTC' })?.getTime() !== 0
}

/**
 * The original's `is_time` as the events list meets its dates: `is_numeric` comes first, so any
 * numeric text is a time there, whatever it names (`events/numericBound.ts` says how the list reads
 * it, or drops it); other texts as `isTime`.
 */
export const isListTime: Validator = (value, ctx) => {
  const numeric = readNumericBound(value)
  return numeric ? isReadableNumericBound(numeric) : isTime(value, ctx)
}

/**
 * The characters PHP's `FILTER_VALIDATE_URL` (the original's `is_url`) lets through: a URL with any
 * other (a space, a letter outside ASCII, a control character) is refused, not encoded.
 */
const PHP_URL_CHARACTERS = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/

/** A label of a host name as PHP checks an http(s) URL's host: letters, digits and inner hyphens. */
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/

/** An http(s) URL's host as PHP wants it: `//` and a host name (one trailing dot allowed), or an IP literal. */
function hasPhpHost(text: string, url: URL): boolean {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return false
  const host = url.hostname
  if (host.startsWith('[')) return true
  const name = host.endsWith('.') ? host.slice(0, -1) : host
  return name.length <= 253 && name.split('.').every((label) => HOST_LABEL.test(label))
}

export const isUrl: Validator = (value) => {
  if (typeof value !== 'string' || !PHP_URL_CHARACTERS.test(value)) return false
  try {
    const url = new URL(value)
    if (!url.hostname || !/^[a-z][a-z0-9+.-]*:$/i.test(url.protocol)) return false
    return !/^https?:$/i.test(url.protocol) || hasPhpHost(value, url)
  } catch {
    return false
  }
}

export const isUrlOrEmpty: Validator = (value, ctx) =>
  value === '' || value === null || isUrl(value, ctx)

export const isPostStatus: Validator = (value) =>
  typeof value === 'string' && (POST_STATUSES as readonly string[]).includes(value)

export const isTimezoneOrEmpty: Validator = (value) =>
  value === '' || value === null || isEventTimeZone(value)

/** Visitors may only ask for published items; those who may edit may list any status but `any`. */
export const filterPostStatusList: Validator = (value, ctx) => {
  const list = toList(value).map((item) => String(item).trim())
  if (!list.length) return false
  if (!can(ctx.user, 'edit_posts')) return list.length === 1 && list[0] === 'publish'
  return list.every((status) => (POST_STATUSES as readonly string[]).includes(status))
}

export const supportsTicketed: Validator = (value) => {
  const truthy = ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase()) || value === true
  return truthy ? ticketsNotActive() : true
}

/** Every item of the list is the id of an item of `collection` that the caller may read. */
export const idListOf =
  (collection: string): Validator =>
  async (value, ctx) => {
    const list = toList(value)
    if (!list.length || !list.every((item) => isIntegral(item) && Number(item) > 0)) return false
    const ids = [...new Set(list.map(Number))]
    return (await countReadable(ctx, collection, ids)) === ids.length
  }

/**
 * The id of an item of `collection` (any status). Found: the item's id and the fields `select`
 * names, for the handler (an item's status, an event's venue…), read in the same query.
 */
export const idOf =
  (collection: string, select: Record<string, true> = {}): Validator =>
  async (value, ctx) => {
    if (!isIntegral(value) || Number(value) <= 0) return false
    const item = await findOne(ctx, collection, { id: { equals: Number(value) } }, select)
    return item ? found(item) : false
  }

/**
 * Category or tag values of a write (`resolveTerms.ts`): names and slugs are free, but an entry
 * written in digits is read as an id, and one beyond what an id column holds can name no term.
 */
export const isTermIdsOrNames: Validator = (value) =>
  toList(value).every((item) => !/^\d+$/.test(String(item).trim()) || isIntegral(item))

/**
 * Every entry is the id, slug or name of a term of `collection` (`terms/termsNamed.ts`). Found:
 * the ids of the terms the list names, every term answering to a slug or name included.
 */
export const termListOf =
  (collection: string): Validator =>
  async (value, ctx) => {
    const list = toList(value).map((item) => String(item).trim())
    if (!list.length) return false
    const ids = [...new Set(list.filter(readsAsId).map(Number))]
    if (ids.length && (await existingTermIds(ctx, collection, ids)) !== ids.length) return false
    const names = list.filter((entry) => !readsAsId(entry))
    const terms = await termsNamed(ctx, collection, names)
    const named = names.map((entry) => termsAnswering(terms, entry).map((term) => term.id))
    if (named.some((matches) => !matches.length)) return false
    return found([...ids, ...named.flat()])
  }

/** The slug of an item of `collection` (any status). Found: the item's id and the fields `select` names. */
export const slugOf =
  (collection: string, select: Record<string, true> = {}): Validator =>
  async (value, ctx) => {
    const slug = typeof value === 'string' ? slugForQuery(value) : ''
    if (slug === '') return false
    const item = await findOne(ctx, collection, { slug: { equals: slug } }, select)
    return item ? found(item) : false
  }

async function findOne(
  ctx: ArgsContext,
  collection: string,
  where: Where,
  select: Record<string, true>,
): Promise<null | PlainDoc> {
  const { docs } = await ctx.payload.find({
    collection: collection as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    select: { id: true, ...select } as never,
    // By id: the collections' default sorts are on translated names, which costs a second query.
    sort: 'id',
    where,
  })
  return docs[0] ? plainDoc(docs[0]) : null
}

/**
 * How many of `ids` the caller may read: a filter by an item they may not (a published event's
 * draft venue) is refused as one by an item that does not exist, or it would list the events
 * linked to it, a link their own answers hide.
 */
async function countReadable(ctx: ArgsContext, collection: string, ids: number[]): Promise<number> {
  const { totalDocs } = await ctx.payload.count({
    collection: collection as CollectionSlug,
    overrideAccess: false,
    req: ctx.req,
    where: { id: { in: ids } },
  })
  return totalDocs
}

/**
 * How many of the terms `ids` exist: for visitors, kept until a term of the collection changes
 * (`endpoints/freshness.ts`), as every events list filtered by a term checks its terms again.
 */
async function existingTermIds(
  ctx: ArgsContext,
  collection: string,
  ids: number[],
): Promise<number> {
  const kept = await keptFor(ctx)
  const key = `${collection}:${ids.join(',')}`
  const known = kept.get<number>('existing-terms', key)
  if (known !== undefined) return known
  const count = await countExisting(ctx, collection, { id: { in: ids } })
  kept.set('existing-terms', key, count, undefined, [`${collection}:*`])
  return count
}

async function countExisting(ctx: ArgsContext, collection: string, where: object): Promise<number> {
  const { totalDocs } = await ctx.payload.count({
    collection: collection as CollectionSlug,
    overrideAccess: true,
    where: where as never,
  })
  return totalDocs
}

const isEmptyLink = (value: unknown): boolean =>
  value === null ||
  value === '' ||
  value === 0 ||
  value === '0' ||
  (Array.isArray(value) && value.every(isEmptyLink))

/**
 * A linked venue or organizer given as the original accepts it: nothing (which clears it), an
 * id or CSV of ids, `{id}`, an inline object with a name under `nameKey`, or a list of those.
 * The ids are looked up together, in one query.
 */
export const linkedPostsOf =
  (collection: string, nameKey: string): Validator =>
  async (value, ctx) => {
    if (isEmptyLink(value)) return true
    const entries = Array.isArray(value)
      ? value
      : typeof value === 'object'
        ? [value]
        : toList(value)
    const ids: unknown[] = []
    for (const entry of entries) {
      if (isEmptyLink(entry)) continue
      if (typeof entry === 'number' || typeof entry === 'string') {
        ids.push(entry)
        continue
      }
      if (!entry || typeof entry !== 'object') return false
      const object = entry as Record<string, unknown>
      // Bounded as the venue and organizer routes bound them (`argBounds.ts`), before any of it is read.
      if (!withinInlineBounds(object, nameKey)) return false
      if (object.id !== undefined && object.id !== null && object.id !== '') ids.push(object.id)
      else if (typeof object[nameKey] !== 'string' || object[nameKey] === '') return false
    }
    if (!ids.every((id) => isIntegral(id) && Number(id) > 0)) return false
    const unique = [...new Set(ids.map(Number))]
    return !unique.length || (await countLinkable(ctx, collection, unique)) === unique.length
  }

/** An inline venue or organizer: a name no longer than a title, no text longer than a description, a description not nested too deep. */
const withinInlineBounds = (object: Record<string, unknown>, nameKey: string): boolean =>
  !(typeof object[nameKey] === 'string' && object[nameKey].length > TEXT_LIMITS.title) &&
  Object.values(object).every(
    (value) => typeof value !== 'string' || value.length <= TEXT_LIMITS.description,
  ) &&
  !(
    typeof object.description === 'string' &&
    nestsDeeperThan(object.description, TEXT_LIMITS.htmlDepth)
  )

/**
 * How many of these ids are items of `collection` the caller may read: one they may not (another
 * author's draft venue) is refused as an id no item has, with the same words, since the write
 * could not link it anyway (`src/fields/readableRelationship.ts`) and a refusal of its own would
 * tell that it exists. When the caller may read every item of it, the items are read as the
 * caller reads them, and kept for the rest of the request (`src/lib/itemsReadByRequest.ts`): the
 * write's own check and its answer then need not read them again.
 */
async function countLinkable(ctx: ArgsContext, collection: string, ids: number[]): Promise<number> {
  if (!(await mayReadEvery(ctx, collection))) return countReadable(ctx, collection, ids)
  const docs = await readItemsById(ctx.req, collection, ids)
  rememberItemsRead(ctx.req, collection, ids, docs)
  return docs.length
}

/**
 * An image: the id of an uploaded image the caller may read (one hidden from them is refused as
 * an id no image has: the write could not link it, `imageField` in `src/fields/postFields.ts`), or
 * an absolute URL to fetch one from.
 */
export const isImageOrEmpty =
  (mediaCollection: string): Validator =>
  async (value, ctx) => {
    // Clearing (docs/compatibility.md, "Updates change only what they send"); the number 0 is no
    // text, and refused as the original refuses it.
    if (value === '' || value === null || value === '0') return true
    if (isIntegral(value)) {
      const { docs } = await ctx.payload.find({
        collection: mediaCollection as CollectionSlug,
        depth: 0,
        limit: 1,
        overrideAccess: false,
        pagination: false,
        req: ctx.req,
        where: { id: { equals: Number(value) } },
      })
      return String((docs[0] as { mimeType?: string } | undefined)?.mimeType ?? '').startsWith(
        'image/',
      )
    }
    return isUrl(value, ctx)
  }

/** Truthiness as The Events Calendar reads flags (`tribe_is_truthy`). */
export function isTruthy(value: unknown): boolean {
  if (value === true) return true
  return ['1', 'yes', 'y', 'true', 'on', 'enable', 'enabled'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  )
}
