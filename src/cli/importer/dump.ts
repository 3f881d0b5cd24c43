import type { CollectionSlug, Payload } from 'payload'

import fs from 'node:fs/promises'
import path from 'node:path'

import type { Progress, RunReport } from '../progress'
import type { ImageFacts, ImageRef, ItemPlan, Kind } from './items'

import { TRUSTED_READ } from '../../hooks/context'
import { isExternalImage, isWebAddress } from '../../lib/externalImage'
import { describeFields } from './apply'
import { COLLECTION_OF, KINDS } from './items'
import { SourceError } from './sourceClient'
import { localUsers, matchUser } from './users'
import { pluginOptionsOf } from '../../pluginOptions'

export const DUMP_FORMAT = 'payload-events-calendar-dump'
export const DUMP_VERSION = 1

type Doc = Record<string, unknown> & { id: number }
/** An image with its file (base64), or one kept by its outside address (`url`, `facts`). */
type DumpMedia = {
  alt?: unknown
  createdAt?: string
  data: null | string
  facts?: ImageFacts
  filename: string
  id: number
  mimeType?: string
  updatedAt?: string
  url?: string
}

/**
 * A dump: every event, venue, organizer, category and tag with all its fields and languages
 * (trashed items too), the images with their files, and the authors' e-mails and usernames
 * (users themselves, their passwords and application passwords are not in it).
 */
export type Dump = {
  authors: { email?: null | string; id: number; username?: null | string }[]
  defaultLocale: string
  exportedAt: string
  format: typeof DUMP_FORMAT
  media: DumpMedia[]
  site: { siteTimezone: string; siteUrl: string }
  version: typeof DUMP_VERSION
} & Record<Kind, Doc[]>

/** Fields the hooks derive from others: written again by the import, so not dumped. */
const DERIVED = new Set(['descriptionText', 'passwordProtected'])

export async function exportDump(
  payload: Payload,
  out: string,
  progress: Progress,
): Promise<Record<Kind | 'images', number>> {
  const plugin = pluginOptionsOf(payload)
  const all = async (collection: string) =>
    (
      await payload.find({
        collection: collection as CollectionSlug,
        context: { [TRUSTED_READ]: true },
        depth: 0,
        limit: 0,
        locale: 'all',
        overrideAccess: true,
        pagination: false,
        sort: 'id',
      })
    ).docs as unknown as Doc[]
  const dump = {
    authors: [],
    defaultLocale: payload.config.localization ? payload.config.localization.defaultLocale : 'en',
    exportedAt: new Date().toISOString(),
    format: DUMP_FORMAT,
    media: [],
    site: { siteTimezone: plugin.siteTimezone, siteUrl: plugin.siteUrl },
    version: DUMP_VERSION,
  } as unknown as Dump
  for (const kind of KINDS) {
    dump[kind] = (await all(COLLECTION_OF[kind])).map(
      (doc) => Object.fromEntries(Object.entries(doc).filter(([key]) => !DERIVED.has(key))) as Doc,
    )
    progress.note(`${dump[kind].length} ${kind}`)
  }
  const authorIds = [
    ...new Set(
      KINDS.flatMap((kind) => dump[kind].map((doc) => doc.author)).filter(
        (id): id is number => typeof id === 'number',
      ),
    ),
  ]
  if (authorIds.length) {
    const { docs } = await payload.find({
      collection: plugin.usersCollection as CollectionSlug,
      depth: 0,
      limit: 0,
      overrideAccess: true,
      pagination: false,
      where: { id: { in: authorIds } },
    })
    dump.authors = (docs as unknown as { email?: string; id: number; username?: string }[]).map(
      ({ email, id, username }) => ({ email, id, username }),
    )
  }
  const staticDir =
    payload.collections[plugin.mediaCollection as CollectionSlug]?.config.upload?.staticDir
  for (const media of await all(plugin.mediaCollection)) {
    if (isExternalImage(media as never)) {
      const facts = {
        filesize: media.filesize,
        height: media.height,
        mimeType: media.mimeType,
        sizes: media.externalSizes ?? undefined,
        width: media.width,
      } as ImageFacts
      dump.media.push({
        alt: media.alt,
        createdAt: media.createdAt as string,
        data: null,
        facts,
        filename: '',
        id: media.id,
        updatedAt: media.updatedAt as string,
        url: media.externalUrl as string,
      })
      continue
    }
    const filename = String(media.filename ?? '')
    let data: null | string = null
    try {
      if (staticDir && filename)
        data = (await fs.readFile(path.join(staticDir, filename))).toString('base64')
    } catch {
      progress.warn(
        `image ${media.id}: its file ${filename} is missing; the dump has the image without it`,
      )
    }
    dump.media.push({
      alt: media.alt,
      createdAt: media.createdAt as string,
      data,
      filename,
      id: media.id,
      mimeType: media.mimeType as string,
      updatedAt: media.updatedAt as string,
    })
  }
  progress.note(`${dump.media.length} images`)
  await writeWhole(out, JSON.stringify(dump))
  return {
    ...(Object.fromEntries(KINDS.map((kind) => [kind, dump[kind].length])) as Record<Kind, number>),
    images: dump.media.length,
  }
}

/**
 * A file written beside and then renamed over `out`, so that a dump is complete or not there at
 * all; but what is not a regular file (`/dev/stdout`, a pipe, `/dev/null`) is written as it is:
 * a rename would put a file in its place, which for a device run as root breaks the machine.
 */
async function writeWhole(out: string, text: string): Promise<void> {
  const existing = await fs.lstat(out).catch(() => null)
  if (existing && !existing.isFile()) {
    await fs.writeFile(out, text)
    return
  }
  await fs.writeFile(`${out}.partial`, text)
  await fs.rename(`${out}.partial`, out)
}

export async function readDumpFile(file: string): Promise<Dump> {
  let dump: Dump
  try {
    dump = JSON.parse(await fs.readFile(file, 'utf8')) as Dump
  } catch (error) {
    throw new SourceError(`${file} could not be read as a dump: ${(error as Error).message}`)
  }
  if (dump?.format !== DUMP_FORMAT || dump.version !== DUMP_VERSION) {
    throw new SourceError(
      `${file} is not a dump of this version (${DUMP_FORMAT} ${DUMP_VERSION}); make one with \`export --out\``,
    )
  }
  return dump
}

/**
 * A dump's items as plans: every field and language as it was, the same ids and dates. An item
 * here with the same id but another creation date is a different item, and is not overwritten.
 * With them, every image of the dump, shown by an item or not.
 */
export async function dumpPlans(
  payload: Payload,
  dump: Dump,
  report: RunReport,
): Promise<{ images: ImageRef[]; plans: ItemPlan[] }> {
  const plugin = pluginOptionsOf(payload)
  const authors = await matchDumpAuthors(payload, plugin.usersCollection, dump, report)
  const media = new Map(dump.media.map((item) => [item.id, item]))
  const kindOf = new Map(KINDS.map((kind) => [COLLECTION_OF[kind], kind]))
  const plans: ItemPlan[] = []
  for (const kind of KINDS) {
    const fields = describeFields(payload, COLLECTION_OF[kind])
    for (const doc of dump[kind] ?? []) {
      const label = String(pickLocale(doc.title ?? doc.name, dump.defaultLocale) ?? '')
      const plan: ItemPlan = {
        fields: {},
        id: doc.id,
        kind,
        label,
        links: [],
        localized: {},
        warnings: [],
      }
      const createdAt = typeof doc.createdAt === 'string' ? doc.createdAt : null
      plan.createdAt = createdAt
      plan.updatedAt = typeof doc.updatedAt === 'string' ? doc.updatedAt : null
      if (createdAt)
        plan.isSameItem = (stored) =>
          new Date(String(stored.createdAt)).getTime() === new Date(createdAt).getTime()
      for (const [name, value] of Object.entries(doc)) {
        const info = fields.get(name)
        if (
          !info ||
          name === 'id' ||
          name === 'createdAt' ||
          name === 'updatedAt' ||
          DERIVED.has(name)
        )
          continue
        if (name === 'author') {
          const local = value === null || value === undefined ? null : authors.get(Number(value))
          if (local !== undefined) plan.fields.author = local
        } else if (info.type === 'upload') {
          plan.image = imageRef(value, media, plan)
        } else if (info.localized) {
          plan.localized[name] = (value ?? {}) as Record<string, unknown>
        } else {
          plan.fields[name] = value
          const linked = info.relationTo ? kindOf.get(info.relationTo as never) : undefined
          if (linked) {
            for (const id of Array.isArray(value) ? value : [value])
              if (typeof id === 'number') plan.links.push({ id, kind: linked })
          }
        }
      }
      plans.push(plan)
    }
  }
  const images = dump.media.filter(isRestorable).map((item) => toImageRef(item))
  return { images, plans }
}

function imageRef(
  value: unknown,
  media: Map<number, DumpMedia>,
  plan: ItemPlan,
): ImageRef | null | undefined {
  if (value === null || value === undefined) return null
  const item = media.get(Number(value))
  if (!item || !isRestorable(item)) {
    plan.warnings.push(
      `its image ${String(value)} is not in the dump (or has no file): the image is left as it is here`,
    )
    return undefined
  }
  return toImageRef(item)
}

const isRestorable = (item: DumpMedia) => Boolean(item.data) || isWebAddress(item.url)

function toImageRef(item: DumpMedia): ImageRef {
  const alt = pickLocale(item.alt, undefined) as null | string
  if (!item.data)
    return {
      alt,
      external: true,
      facts: item.facts,
      filename: path.basename(new URL(String(item.url)).pathname),
      sourceId: item.id,
      url: item.url,
    }
  return {
    alt,
    data: Buffer.from(item.data, 'base64'),
    filename: item.filename,
    mimeType: item.mimeType,
    sourceId: item.id,
  }
}

function pickLocale(value: unknown, locale: string | undefined): unknown {
  if (!value || typeof value !== 'object') return value
  const values = value as Record<string, unknown>
  return (
    (locale ? values[locale] : undefined) ??
    Object.values(values).find((entry) => entry !== null && entry !== undefined) ??
    null
  )
}

/** Authors by e-mail, then username; an author with neither here leaves the item's author as it is. */
async function matchDumpAuthors(
  payload: Payload,
  usersSlug: string,
  dump: Dump,
  report: RunReport,
): Promise<Map<number, number>> {
  const matched = new Map<number, number>()
  if (!dump.authors?.length) return matched
  const users = await localUsers(payload, usersSlug)
  for (const author of dump.authors) {
    const user = matchUser(users, { email: author.email, usernames: [author.username] })
    if (user) matched.set(author.id, user.id)
    else
      report.warn(
        `author ${author.id} (${author.email ?? author.username}) matches no user here by e-mail or username: their items keep the author they have here`,
      )
  }
  return matched
}
