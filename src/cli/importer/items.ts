import { CALENDAR_SLUGS } from '../../slugs'

/** What an import writes, in the order it writes them: an item's links are written before it. */
export const KINDS = ['categories', 'tags', 'venues', 'organizers', 'events'] as const
export type Kind = (typeof KINDS)[number]
/** What the summary counts: the kinds, and the images downloaded for them. */
export type ReportKind = Kind | 'images'
export const REPORT_KINDS: readonly ReportKind[] = [...KINDS, 'images']

export const COLLECTION_OF: Record<Kind, string> = {
  categories: CALENDAR_SLUGS.eventCategories,
  events: CALENDAR_SLUGS.events,
  organizers: CALENDAR_SLUGS.organizers,
  tags: CALENDAR_SLUGS.eventTags,
  venues: CALENDAR_SLUGS.venues,
}

export const NOUN: Record<ReportKind, string> = {
  categories: 'category',
  events: 'event',
  images: 'image',
  organizers: 'organizer',
  tags: 'tag',
  venues: 'venue',
}

/**
 * A rich-text value the source gave as HTML. Converting HTML to Lexical is the slow part of
 * reading a site, so it is done only where the stored text does not already read as this HTML.
 */
export class HtmlValue {
  constructor(readonly html: string) {}
}

/** An image an item shows: found in Media by its id or file name, else downloaded (or taken from a dump) into it. */
export type ImageRef = {
  /** The image's id on the source (a WordPress attachment, or our own media id): kept as the media id here when it is free. */
  sourceId: number
  filename: string
  /** Where to download it from; dumps carry the file itself instead. */
  url?: string
  data?: Buffer
  mimeType?: string
  alt?: null | string
  /** The source itself keeps the image by its outside address (`url`), with no file: it is kept so here too, not downloaded. */
  external?: boolean
  /** What the source tells of the image besides its file: kept with its address when the file cannot be downloaded. */
  facts?: ImageFacts
}

/** An image as the source's API describes it (the original's image object, or a dump's media item). */
export type ImageFacts = {
  filesize?: number
  height?: number
  mimeType?: string
  sizes?: Record<string, unknown>
  width?: number
}

/** One item of the source, as it should be here. The engine compares it with what is stored and writes the difference. */
export type ItemPlan = {
  kind: Kind
  id: number
  /** Title or name, for messages. */
  label: string
  /** Non-localized values. Fields left out are not touched, so local-only data survives a re-import. */
  fields: Record<string, unknown>
  /** Values used only where the stored item has none (a new password for a protected item whose password the source does not tell). */
  defaults?: Record<string, unknown>
  /**
   * Localized values: field → locale → value. In a `source` run a locale left out of a field
   * shows the default locale's value (as the source showed it, falling back); in an `exact` run
   * every locale is given as stored.
   */
  localized: Record<string, Record<string, unknown>>
  /** Items this one links to (venue, organizers, terms, parent), which must be here first. */
  links: { kind: Kind; id: number }[]
  /** undefined: the import does not manage the image; null: no image. */
  image?: ImageRef | null
  createdAt?: null | string
  updatedAt?: null | string
  /** For `--since`: when the source last changed the item (terms have no such date). */
  modifiedAt?: Date | null
  /** Tells the source's item from a different item that has the same id here, which is never overwritten. */
  isSameItem?: (stored: Record<string, unknown>) => boolean
  /** Set when the item cannot be imported: it is reported with this reason and skipped. */
  problem?: string
  /** Imported, but with something to tell (an unknown author, custom fields left behind, …). */
  warnings: string[]
}

/** `event 12 "Title"`: how messages name an item. */
export const describeItem = (item: { id: number; kind: ReportKind; label: string }) =>
  `${NOUN[item.kind]} ${item.id}${item.label ? ` "${item.label}"` : ''}`
