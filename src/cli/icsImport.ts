import type { CollectionSlug, Payload } from 'payload'

import fs from 'node:fs/promises'
import path from 'node:path'

import type { ImportIcs } from './options'

import { ImageDownloadError } from '../lib/imageDownload'
import { FeedError } from '../icsImport/parseFeed'
import { readSourceFeed, runCalendarSource } from '../icsImport/runSource'
import { CALENDAR_SOURCES_SLUG, MAX_FEED_BYTES } from '../icsImport/sources'
import { UsageError } from './options'

const ADDRESS = /^(https?|webcal):\/\//i

/**
 * `import --ics <file or URL>`: the feed imported as a calendar source of its own (found again by
 * its address, or by its file's name, so that a second run updates what the first imported), run
 * at once by the rules of every source (docs/calendar-sources.md). The operator chose the feed:
 * it may be fetched from any address, as the WordPress import's images are. A dry run writes
 * nothing, not even the source. Returns the exit code.
 */
export async function runIcsImport(
  payload: Payload,
  command: ImportIcs,
  write: (line: string) => void,
): Promise<number> {
  const isAddress = ADDRESS.test(command.ics)
  const ics = isAddress ? undefined : await readBoundedFile(command.ics)
  const name = isAddress ? command.ics : `file:${path.basename(command.ics)}`
  const { docs } = await payload.find({
    collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
    depth: 0,
    limit: 1,
    overrideAccess: true,
    pagination: false,
    select: {},
    sort: 'id',
    where: isAddress ? { url: { equals: command.ics } } : { name: { equals: name } },
  })
  let id = docs[0]?.id as number | undefined
  const download = { anyAddress: true }
  if (!id && command.dryRun) {
    try {
      const feed = await readSourceFeed(
        payload,
        { ics, url: isAddress ? command.ics : null },
        { download },
      )
      for (const line of [`dry run: would be ${feed.events.length} created`, ...feed.notes])
        write(line)
      return 0
    } catch (error) {
      if (!(error instanceof FeedError || error instanceof ImageDownloadError)) throw error
      write(`the feed could not be read: ${error.message}`)
      return 1
    }
  }
  if (!id) {
    const created = await payload.create({
      collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
      data: { name, schedule: 'manual', ...(isAddress ? { url: command.ics } : { ics }) } as never,
      overrideAccess: true,
    })
    id = created.id as number
  } else if (ics !== undefined && !command.dryRun) {
    await payload.update({
      collection: CALENDAR_SOURCES_SLUG as CollectionSlug,
      data: { ics } as never,
      id,
      overrideAccess: true,
    })
  }
  const run = await runCalendarSource(payload, id, { download, dryRun: command.dryRun })
  for (const line of run.log) write(line)
  return run.ok ? 0 : 1
}

async function readBoundedFile(file: string): Promise<string> {
  const stat = await fs.stat(file).catch(() => null)
  if (!stat?.isFile()) throw new UsageError(`--ics: ${file} is not a file`)
  if (stat.size > MAX_FEED_BYTES)
    throw new UsageError(`--ics: ${file} is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`)
  return fs.readFile(file, 'utf8')
}
