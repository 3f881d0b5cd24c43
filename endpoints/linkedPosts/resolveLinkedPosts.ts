import type { CollectionSlug } from 'payload'

import type { RestContext } from '../context'

import { sentDescriptionKey } from '../../src/hooks/storeSentDescription'
import { replaceTags } from '../../src/lib/tagSpans'
import { lockForTransaction } from '../../src/db/locks'
import { htmlToLexical } from '../../src/lib/richText'
import { couldNotCreate } from '../errors'
import { toList, isTruthy } from '../validators'

type Kind = 'organizers' | 'venues'

const NAME_KEY: Record<Kind, string> = { organizers: 'organizer', venues: 'venue' }

/** Text fields an inline venue or organizer may carry, wire name → field name. */
const TEXT_FIELDS: Record<Kind, Record<string, string>> = {
  organizers: { email: 'email', phone: 'phone', website: 'website' },
  venues: {
    address: 'address',
    city: 'city',
    country: 'country',
    phone: 'phone',
    province: 'province',
    state: 'state',
    stateprovince: 'stateProvince',
    website: 'website',
    zip: 'zip',
  },
}

/**
 * Resolves what a client sent as an event's venue or organizers into ids, creating inline ones with
 * the original's duplicate avoidance (`docs/compatibility.md`, "Inline venues and organizers"): an
 * existing item of the same name, and the same description when one is given, compared without
 * case, is reused. Runs inside the caller's transaction.
 */
export async function resolveLinkedPosts(
  ctx: RestContext,
  kind: Kind,
  value: unknown,
): Promise<number[]> {
  const entries = Array.isArray(value)
    ? value
    : value && typeof value === 'object'
      ? [value]
      : toList(value)
  const ids: number[] = []
  for (const entry of entries) {
    if (entry === null || entry === '' || entry === 0 || entry === '0') continue
    if (typeof entry === 'number' || typeof entry === 'string') ids.push(Number(entry))
    else if (entry && typeof entry === 'object') {
      const object = entry as Record<string, unknown>
      if (object.id !== undefined && object.id !== null && object.id !== '')
        ids.push(Number(object.id))
      else ids.push(await findOrCreateLinkedPost(ctx, kind, object))
    }
  }
  return [...new Set(ids)]
}

async function findOrCreateLinkedPost(
  ctx: RestContext,
  kind: Kind,
  entry: Record<string, unknown>,
): Promise<number> {
  const same = await findSameLinkedPost(ctx, kind, entry[NAME_KEY[kind]], entry.description)
  if (same !== null) return same
  try {
    const created = await ctx.payload.create({
      collection: kind as CollectionSlug,
      data: (await linkedPostData(ctx, kind, entry)) as never,
      depth: 0,
      overrideAccess: false,
      req: ctx.req,
    })
    return created.id as number
  } catch (error) {
    if ((error as Error).name === 'Forbidden') throw error
    throw couldNotCreate(NAME_KEY[kind])
  }
}

/**
 * The existing venue or organizer a create of this name (and description, when one is given)
 * returns instead of a duplicate, compared without case or surrounding spaces: among those the
 * writer may read, as they read them (a protected one's description blank unless they may edit
 * it). The original reuses any, which answered a hidden one's name apart from a new one (a 500 on
 * its own route, its id in an event's refusal) and a guess of a protected one's description apart
 * from a wrong one. Two creates of one
 * new name at once (inline in events, or `POST /venues`) would each find none and both create it:
 * they take turns on the folded name, until the transaction that created it commits. Call it in
 * the create's transaction.
 */
export async function findSameLinkedPost(
  ctx: RestContext,
  kind: Kind,
  sentName: unknown,
  sentDescription: unknown,
): Promise<null | number> {
  const name = String(sentName ?? '').trim()
  const folded = name.toLowerCase()
  const description =
    typeof sentDescription === 'string' ? stripTags(sentDescription).trim().toLowerCase() : ''
  await lockForTransaction(ctx.req, `linked:${kind}:${folded}`)
  const { docs } = await ctx.payload.find({
    collection: kind as CollectionSlug,
    depth: 0,
    limit: 50,
    overrideAccess: false,
    pagination: false,
    req: ctx.req,
    where: { and: [{ name: { like: name } }, { status: { not_equals: 'trash' } }] },
  })
  const same = docs.find((doc) => {
    const candidate = doc as { descriptionText?: null | string; name?: string }
    if (
      String(candidate.name ?? '')
        .trim()
        .toLowerCase() !== folded
    )
      return false
    return (
      !description ||
      String(candidate.descriptionText ?? '')
        .trim()
        .toLowerCase() === description
    )
  })
  return (same?.id as number | undefined) ?? null
}

/** The data of a venue or organizer from its wire form, shared by inline creation and the venue and organizer routes. */
export async function linkedPostData(ctx: RestContext, kind: Kind, entry: Record<string, unknown>) {
  const data: Record<string, unknown> = {
    name: entry[NAME_KEY[kind]],
    status: entry.status ?? 'publish',
  }
  for (const [wire, field] of Object.entries(TEXT_FIELDS[kind])) {
    if (typeof entry[wire] === 'string') data[field] = entry[wire]
  }
  if (typeof entry.description === 'string')
    data.description = await htmlToLexical(entry.description, ctx.payload.config)
  // Set for each write (inline ones follow one another in the same request): the HTML as sent, kept to be read back.
  ctx.req.context = {
    ...ctx.req.context,
    [sentDescriptionKey(kind)]:
      typeof entry.description === 'string' ? entry.description : undefined,
  }
  if (kind === 'venues') {
    for (const flag of ['show_map', 'show_map_link'] as const) {
      if (entry[flag] !== undefined && entry[flag] !== null)
        data[flag === 'show_map' ? 'showMap' : 'showMapLink'] = isTruthy(entry[flag])
    }
  }
  return data
}

function stripTags(html: string): string {
  return replaceTags(html, () => ' ').replace(/\s+/g, ' ')
}
