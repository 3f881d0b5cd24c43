import type { CollectionSlug, FlattenedField, Payload, TypedLocale } from 'payload'

import { createLocalReq } from 'payload'

import type { ItemResult, Progress, RunReport } from '../progress'
import type { MediaImporter } from './media'

import { inTransaction } from '../../lib/transaction'
import {
  COST_DETAILS_GIVEN,
  INTERNAL_WRITE,
  SUMMARY_TEXT_GIVEN,
  TRUSTED_READ,
} from '../../hooks/context'
import { RESTORED_IDS } from '../../hooks/guardChosenIds'
import { type DescribedKind, sentDescriptionKey } from '../../hooks/storeSentDescription'
import { htmlToLexical, lexicalToHtml } from '../../lib/richText'
import { COLLECTION_OF, HtmlValue, type ItemPlan, type Kind, KINDS, NOUN } from './items'
import { mapConcurrently } from './pool'

/**
 * - `source`: items read from another site. Writes go through the same hooks as any write here
 *   (slugs, status workflow); a locale the source did not translate shows the default one.
 * - `exact`: items from one of our own dumps, restored as they were: the workflow hooks are
 *   skipped (statuses, trash and slugs are already ours) and every locale is compared as stored.
 */
export type ApplyMode = 'exact' | 'source'

export type ApplyOptions = {
  concurrency: number
  dryRun: boolean
  /** Locales the source gave; a `source` run leaves other locales of stored items alone. */
  locales: string[]
  media: MediaImporter
  mode: ApplyMode
  payload: Payload
  progress: Progress
  report: RunReport
  /** Items the source last changed before this are left alone. */
  since?: Date
}

export type FieldInfo = {
  hasMany: boolean
  localized: boolean
  name: string
  relationTo?: string
  required: boolean
  sub?: Map<string, FieldInfo>
  type: string
}

/**
 * Writes the plans: each item in its own transaction, links before the items that use them,
 * up to `concurrency` items of one step at a time. An item that matches what is stored is left
 * alone ("unchanged"), so running the same import again writes nothing, and an import that was
 * stopped halfway finishes where it stopped. An item that cannot be written is reported with the
 * reason and rolled back whole; items linking to it fail too, saying why.
 */
export async function applyPlans(plans: ItemPlan[], options: ApplyOptions): Promise<void> {
  const { payload, progress, report } = options
  const defaultLocale = payload.config.localization
    ? payload.config.localization.defaultLocale
    : 'en'
  const schema = new Map(KINDS.map((kind) => [kind, describeFields(payload, COLLECTION_OF[kind])]))
  const present = new Map<Kind, Set<number>>()
  for (const kind of KINDS) present.set(kind, await storedIds(payload, COLLECTION_OF[kind]))
  const failed = new Map<Kind, Map<number, string>>(KINDS.map((kind) => [kind, new Map()]))
  // The same HTML (a description the source did not translate, shown in every language) is converted once.
  const conversions = new Map<string, Promise<unknown>>()
  const toLexical = (html: string) => {
    let converted = conversions.get(html)
    if (!converted) conversions.set(html, (converted = htmlToLexical(html, payload.config)))
    return converted
  }

  const record = (plan: ItemPlan, result: Omit<ItemResult, 'id' | 'kind' | 'label'>) => {
    const full: ItemResult = { id: plan.id, kind: plan.kind, label: plan.label, ...result }
    if (result.outcome === 'failed') failed.get(plan.kind)!.set(plan.id, result.reason ?? '')
    report.record(full)
    progress.item(full)
  }

  const work = async (plan: ItemPlan) => {
    if (options.since && plan.modifiedAt && plan.modifiedAt < options.since) {
      return record(plan, { outcome: 'skipped' })
    }
    if (plan.problem) return record(plan, { outcome: 'failed', reason: plan.problem })
    const missing = plan.links.find((link) => !present.get(link.kind)!.has(link.id))
    if (missing) {
      const why = failed.get(missing.kind)!.get(missing.id)
      return record(plan, {
        outcome: 'failed',
        reason: `it links to ${NOUN[missing.kind]} ${missing.id}, which is not here${why ? ` (it failed: ${why})` : ' (the source did not list it)'}`,
      })
    }
    for (const warning of plan.warnings) {
      const message = `${NOUN[plan.kind]} ${plan.id}: ${warning}`
      report.warn(message)
      progress.warn(message)
    }
    try {
      const image =
        plan.image === undefined
          ? undefined
          : plan.image === null
            ? null
            : await options.media.resolve(plan.image, `${NOUN[plan.kind]} ${plan.id}`)
      const result = await writeItem(plan, image, {
        ...options,
        defaultLocale,
        fields: schema.get(plan.kind)!,
        toLexical,
      })
      if (result.outcome === 'created') present.get(plan.kind)!.add(plan.id)
      record(plan, result)
    } catch (error) {
      record(plan, { outcome: 'failed', reason: describeError(error) })
    }
  }

  progress.start(plans.length)
  for (const step of steps(plans)) await mapConcurrently(step, options.concurrency, work)
  progress.stop()
}

/** The order of writing: categories from the top of the tree down, then tags, venues, organizers and events. */
function steps(plans: ItemPlan[]): ItemPlan[][] {
  const categories = new Map(
    plans.filter((plan) => plan.kind === 'categories').map((plan) => [plan.id, plan]),
  )
  const depth = new Map<number, number>()
  const depthOf = (plan: ItemPlan, seen: Set<number>): number => {
    const known = depth.get(plan.id)
    if (known !== undefined) return known
    const parent = plan.links.find((link) => link.kind === 'categories')
    let value = 0
    if (parent && seen.has(parent.id)) {
      plan.problem ??= 'its parent categories form a cycle'
    } else if (parent && categories.has(parent.id)) {
      value = depthOf(categories.get(parent.id)!, new Set([...seen, plan.id])) + 1
    }
    depth.set(plan.id, value)
    return value
  }
  const levels: ItemPlan[][] = []
  for (const plan of categories.values())
    (levels[depthOf(plan, new Set([plan.id]))] ??= []).push(plan)
  return [
    ...levels.filter(Boolean),
    ...KINDS.filter((kind) => kind !== 'categories').map((kind) =>
      plans.filter((plan) => plan.kind === kind),
    ),
  ].filter((step) => step.length > 0)
}

type WriteContext = ApplyOptions & {
  defaultLocale: string
  fields: Map<string, FieldInfo>
  toLexical: (html: string) => Promise<unknown>
}

/** Compares one item with what is stored and writes the difference, in one transaction. */
async function writeItem(
  source: ItemPlan,
  image: null | number | undefined,
  ctx: WriteContext,
): Promise<Omit<ItemResult, 'id' | 'kind' | 'label'>> {
  const { payload } = ctx
  const collection = COLLECTION_OF[source.kind] as CollectionSlug
  const context = {
    ...(ctx.mode === 'exact' ? { [INTERNAL_WRITE]: true, [RESTORED_IDS]: true } : {}),
    [COST_DETAILS_GIVEN]: true,
    [SUMMARY_TEXT_GIVEN]: true,
    [TRUSTED_READ]: true,
  }
  const read = (req?: Awaited<ReturnType<typeof createLocalReq>>) =>
    payload.findByID({
      collection,
      context,
      depth: 0,
      disableErrors: true,
      id: source.id,
      locale: 'all',
      overrideAccess: true,
      req,
    }) as Promise<null | Record<string, unknown>>

  if (ctx.dryRun) {
    const stored = await read()
    assertRequired(source, stored, ctx)
    if (!stored) return { outcome: 'created' }
    const plan = await withLexical(source, stored, ctx)
    assertSameItem(plan, stored)
    const diff = compare(plan, image, stored, ctx)
    return diff.changes.length
      ? { changes: diff.changes, outcome: 'updated' }
      : { outcome: 'unchanged' }
  }

  const req = await createLocalReq({ context, locale: ctx.defaultLocale } as never, payload)
  /**
   * A write of a description in one locale carries the source's HTML, which the item keeps to be
   * read back as the source gives it (src/hooks/storeSentDescription.ts). The source
   * gives it rendered already, so it is kept as a custom-HTML block, which is rendered as written.
   */
  const withSentDescription = (locale: string, data: Record<string, unknown>) => {
    const sent = source.localized.description?.[locale]
    const key = sentDescriptionKey(source.kind as DescribedKind)
    return {
      ...context,
      [key]:
        data.description !== undefined && sent instanceof HtmlValue
          ? asRenderedHtml(sent.html)
          : undefined,
    }
  }
  return inTransaction(req, async () => {
    const write = { collection, context, depth: 0, overrideAccess: true, req }
    const stored = await read(req)
    const plan = await withLexical(source, stored, ctx)
    // Writes stamp the time of the write; the item keeps the dates it has at the source.
    const timestamps = Object.fromEntries(
      (['createdAt', 'updatedAt'] as const)
        .filter((name) => plan[name])
        .map((name) => [name, plan[name]]),
    )
    let changes: string[] = []
    let perLocale: Record<string, Record<string, unknown>>
    if (!stored) {
      const data: Record<string, unknown> = {
        id: plan.id,
        ...plan.fields,
        ...plan.defaults,
        ...timestamps,
      }
      if (image !== undefined) data.image = image
      for (const [field, values] of Object.entries(plan.localized)) {
        if (values[ctx.defaultLocale] !== undefined) data[field] = values[ctx.defaultLocale]
      }
      await payload.create({
        ...write,
        context: withSentDescription(ctx.defaultLocale, data),
        data: data as never,
        locale: ctx.defaultLocale as TypedLocale,
      })
      perLocale = translationsOfNew(plan, ctx)
    } else {
      assertSameItem(plan, stored)
      const diff = compare(plan, image, stored, ctx)
      if (!diff.changes.length) return { outcome: 'unchanged' as const }
      changes = diff.changes
      if (Object.keys(diff.base).length) {
        await payload.update({
          ...write,
          context: withSentDescription(ctx.defaultLocale, diff.base),
          data: diff.base as never,
          id: plan.id,
          locale: ctx.defaultLocale as TypedLocale,
        })
      }
      perLocale = diff.locales
    }
    for (const [locale, data] of Object.entries(perLocale)) {
      await payload.update({
        ...write,
        context: withSentDescription(locale, data),
        data: withRequired(data, plan, locale, ctx) as never,
        id: plan.id,
        locale: locale as TypedLocale,
      })
    }
    if (Object.keys(timestamps).length && (stored || Object.keys(perLocale).length)) {
      await payload.db.updateOne({ collection, data: timestamps, id: plan.id, req } as never)
    }
    return stored ? { changes, outcome: 'updated' as const } : { outcome: 'created' as const }
  })
}

/**
 * The plan with its HTML values as Lexical: the stored value itself where it already reads as
 * that HTML (so nothing is converted, and nothing changes), else the HTML converted.
 */
async function withLexical(
  plan: ItemPlan,
  stored: null | Record<string, unknown>,
  ctx: WriteContext,
): Promise<ItemPlan> {
  const localized: ItemPlan['localized'] = {}
  for (const [field, values] of Object.entries(plan.localized)) {
    const storedValues = (stored?.[field] ?? {}) as Record<string, unknown>
    localized[field] = {}
    for (const [locale, value] of Object.entries(values)) {
      if (!(value instanceof HtmlValue)) {
        localized[field][locale] = value
        continue
      }
      const have =
        isEmpty(storedValues[locale]) && ctx.mode === 'source'
          ? storedValues[ctx.defaultLocale]
          : storedValues[locale]
      const same = stored && lexicalToHtml((have ?? null) as never).trim() === value.html.trim()
      localized[field][locale] = same ? (have ?? null) : await ctx.toLexical(value.html)
    }
  }
  return { ...plan, localized }
}

/** HTML a site already rendered, as a custom-HTML block: the original and src/lib/postContent.ts render such a block as written. */
const asRenderedHtml = (html: string) =>
  html.trim() ? `<!-- wp:html -->${html}<!-- /wp:html -->` : ''

/** A dry run writes nothing, so Payload checks no required field: the plan's own empty required values fail here instead. */
function assertRequired(plan: ItemPlan, stored: null | Record<string, unknown>, ctx: WriteContext) {
  for (const info of ctx.fields.values()) {
    if (!info.required) continue
    const value = info.localized
      ? plan.localized[info.name]?.[ctx.defaultLocale]
      : plan.fields[info.name]
    if (isEmpty(value) && (value !== undefined || (info.localized && !stored))) {
      throw Object.assign(new Error(`${info.name} is required`), {
        data: { errors: [{ message: 'This field is required.', path: info.name }] },
      })
    }
  }
}

function assertSameItem(plan: ItemPlan, stored: Record<string, unknown>) {
  if (plan.isSameItem && !plan.isSameItem(stored)) {
    throw new Error(
      `id ${plan.id} is already used here by another ${NOUN[plan.kind]}, which is left as it is`,
    )
  }
}

/** The other locales of a new item: what differs from the default locale (`source`), or every value given (`exact`). */
function translationsOfNew(
  plan: ItemPlan,
  ctx: WriteContext,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [field, values] of Object.entries(plan.localized)) {
    for (const [locale, value] of Object.entries(values)) {
      if (locale === ctx.defaultLocale || value === undefined || value === null) continue
      if (
        ctx.mode === 'source' &&
        sameValue(ctx.fields.get(field), value, values[ctx.defaultLocale])
      )
        continue
      ;(out[locale] ??= {})[field] = value
    }
  }
  return out
}

/** A write in another locale must carry that locale's required fields (a title), or Payload refuses it. */
function withRequired(
  data: Record<string, unknown>,
  plan: ItemPlan,
  locale: string,
  ctx: WriteContext,
): Record<string, unknown> {
  const out = { ...data }
  for (const info of ctx.fields.values()) {
    if (!info.localized || !info.required || info.name in out) continue
    const values = plan.localized[info.name]
    const value =
      values?.[locale] ?? (ctx.mode === 'source' ? values?.[ctx.defaultLocale] : undefined)
    if (value !== undefined && value !== null) out[info.name] = value
  }
  return out
}

type Diff = {
  /** Non-localized fields and default-locale values to write. */
  base: Record<string, unknown>
  changes: string[]
  locales: Record<string, Record<string, unknown>>
}

/** What differs between the plan and the stored item (read with every locale, depth 0). */
function compare(
  plan: ItemPlan,
  image: null | number | undefined,
  stored: Record<string, unknown>,
  ctx: WriteContext,
): Diff {
  const diff: Diff = { base: {}, changes: [], locales: {} }
  const set = (name: string, value: unknown) => {
    diff.base[name] = value
    diff.changes.push(name)
  }
  const source = ctx.mode === 'source'
  for (const [name, value] of Object.entries(plan.fields)) {
    const same =
      name === 'slug' && source
        ? sameSlug(stored.slug, value)
        : sameValue(ctx.fields.get(name), stored[name], value)
    if (!same) set(name, value)
  }
  for (const [name, value] of Object.entries(plan.defaults ?? {})) {
    if (isEmpty(stored[name])) set(name, value)
  }
  if (image !== undefined && !sameValue(ctx.fields.get('image'), stored.image, image))
    set('image', image)

  const otherLocales = source ? ctx.locales.filter((locale) => locale !== ctx.defaultLocale) : null
  for (const [field, values] of Object.entries(plan.localized)) {
    const info = ctx.fields.get(field)
    const storedValues = (stored[field] ?? {}) as Record<string, unknown>
    const wanted = values[ctx.defaultLocale]
    if (wanted !== undefined && !sameValue(info, storedValues[ctx.defaultLocale], wanted))
      set(field, wanted)
    const defaultAfter = field in diff.base ? diff.base[field] : storedValues[ctx.defaultLocale]
    for (const locale of otherLocales ?? Object.keys(values)) {
      if (locale === ctx.defaultLocale) continue
      // A source shows the default locale where it has no translation; so does Payload's fallback.
      const want = source
        ? values[locale] !== undefined
          ? values[locale]
          : wanted
        : (values[locale] ?? null)
      const have =
        source && isEmpty(storedValues[locale]) ? defaultAfter : (storedValues[locale] ?? null)
      if (want === undefined || sameValue(info, have, want)) continue
      ;(diff.locales[locale] ??= {})[field] = want
      diff.changes.push(`${field} (${locale})`)
    }
  }
  for (const name of ['createdAt', 'updatedAt'] as const) {
    if (
      plan[name] &&
      !sameValue(
        { hasMany: false, localized: false, name, required: false, type: 'date' },
        stored[name],
        plan[name],
      )
    ) {
      diff.changes.push(name)
    }
  }
  return diff
}

/** The slug hook cleans slugs and makes them unique with `-2`, `-3`…: a stored slug made so from the wanted one is the same. */
function sameSlug(stored: unknown, wanted: unknown): boolean {
  if (typeof stored !== 'string' || typeof wanted !== 'string')
    return (stored ?? null) === (wanted ?? null)
  return (
    stored === wanted ||
    (stored.startsWith(`${wanted}-`) && /^\d+$/.test(stored.slice(wanted.length + 1)))
  )
}

function sameValue(info: FieldInfo | undefined, a: unknown, b: unknown): boolean {
  const left = a ?? null
  const right = b ?? null
  switch (info?.type) {
    case 'date':
      return instant(left) === instant(right)
    case 'richText':
      return lexicalToHtml(left as never) === lexicalToHtml(right as never)
    case 'relationship':
    case 'upload':
      if (info.hasMany) return JSON.stringify(toIds(left)) === JSON.stringify(toIds(right))
      return idOf(left) === idOf(right)
    case 'checkbox':
      return Boolean(left) === Boolean(right)
    case 'number':
      return (left === null ? null : Number(left)) === (right === null ? null : Number(right))
    case 'group': {
      const stored = (left ?? {}) as Record<string, unknown>
      return Object.entries((right ?? {}) as Record<string, unknown>).every(([key, value]) =>
        sameValue(info.sub?.get(key), stored[key], value),
      )
    }
    default:
      if (Array.isArray(left) || Array.isArray(right))
        return JSON.stringify(left ?? []) === JSON.stringify(right ?? [])
      return left === right
  }
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === ''
const instant = (value: unknown) => (value === null ? null : new Date(value as string).getTime())
const idOf = (value: unknown): null | number =>
  value === null || value === undefined
    ? null
    : typeof value === 'object'
      ? Number((value as { id: unknown }).id)
      : Number(value)
const toIds = (value: unknown): (null | number)[] => (Array.isArray(value) ? value.map(idOf) : [])

/** The top-level fields of a collection: type, localization, whether required, and what they link to. */
export function describeFields(payload: Payload, collection: string): Map<string, FieldInfo> {
  const describe = (fields: FlattenedField[]): Map<string, FieldInfo> =>
    new Map(
      fields
        .filter((field) => 'name' in field && field.name)
        .map((field) => {
          const any = field as FlattenedField & {
            flattenedFields?: FlattenedField[]
            hasMany?: boolean
            localized?: boolean
            relationTo?: unknown
            required?: boolean
          }
          return [
            any.name,
            {
              hasMany: Boolean(any.hasMany),
              localized: Boolean(any.localized),
              name: any.name,
              relationTo: typeof any.relationTo === 'string' ? any.relationTo : undefined,
              required: Boolean(any.required),
              sub:
                any.type === 'group' && any.flattenedFields
                  ? describe(any.flattenedFields)
                  : undefined,
              type: any.type,
            },
          ]
        }),
    )
  return describe(payload.collections[collection as CollectionSlug]!.config.flattenedFields)
}

async function storedIds(payload: Payload, collection: string): Promise<Set<number>> {
  const { docs } = await payload.find({
    collection: collection as CollectionSlug,
    depth: 0,
    limit: 0,
    overrideAccess: true,
    pagination: false,
    select: { id: true } as never,
  })
  return new Set((docs as { id: unknown }[]).map((doc) => Number(doc.id)))
}

/** Why a write failed, in words: Payload's field errors, the database's own message, or the error's. */
export function describeError(error: unknown): string {
  const data = (error as { data?: { errors?: { message: string; path: string }[] } }).data
  if (data?.errors?.length)
    return data.errors.map((item) => `${item.path}: ${item.message}`).join('; ')
  const cause = (error as { cause?: { message?: string } }).cause
  if (cause?.message) return cause.message
  return error instanceof Error ? error.message : String(error)
}
