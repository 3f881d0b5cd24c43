import type { Payload } from 'payload'

import { randomBytes } from 'node:crypto'
import path from 'node:path'

import type { Progress, RunReport } from '../progress'
import type { ImageFacts, ImageRef, ItemPlan, Kind } from './items'

import { normalizeEventDates } from '../../../collections/Events/hooks/normalizeEventDates'
import { validateOptionalUrl } from '../../fields/postFields'
import { formatCost, parseCost } from '../../lib/cost'
import { parsePhpDateTime, wallTimeToInstant } from '../../lib/phpDate'
import { toSlug } from '../../lib/wpSlug'
import { decideStatus, POST_STATUSES } from '../../lib/statuses'
import { isEventTimeZone } from '../../lib/timezone'
import { MAX_CHOSEN_ID } from '../../hooks/guardChosenIds'
import {
  htmlDepth,
  isNestedDeeperThan,
  MAX_HTML_DEPTH,
  MAX_JSON_DEPTH,
  MAX_PROBES,
  PROBES_PER_POST,
} from './bounds'
import { HtmlValue, KINDS } from './items'
import { mapConcurrently } from './pool'
import { SourceClient, SourceError } from './sourceClient'
import { describeError } from './apply'
import { createUserFor, localUsers, matchUser, type RoleMap, roleOf } from './users'
import {
  decodeEntities,
  decodeSlug,
  excerptAsTyped,
  importedTitle,
  summaryFromJsonLd,
} from './text'
import { pluginOptionsOf } from '../../pluginOptions'

export type WordPressOptions = {
  /** Report the users that would be created for unmatched authors, without creating them. */
  dryRun?: boolean
  from: string
  /** Our locales to read, the default first: it is read from the plain REST root, the others from theirs. */
  languages: string[]
  namespace: string
  password?: string
  /** Try the ids between known posts for events hidden from lists (`hide_from_listings`), which no list shows. */
  probeHidden: boolean
  /** Source roles given as such to the users created for unmatched authors (`--map-roles`); any other is contributor at most. */
  roles?: RoleMap
  /** The source site's timezone, for the dates of never-published drafts; else asked from WordPress's REST index. */
  sourceTimezone?: string
  user?: string
}

type Wire = Record<string, unknown>
type WireSet = Record<Kind, Map<number, Wire>>

const LIST_KEY: Record<Kind, string> = {
  categories: 'categories',
  events: 'events',
  organizers: 'organizers',
  tags: 'tags',
  venues: 'venues',
}
const LIST_QUERY: Record<Kind, Record<string, string>> = {
  categories: { hide_empty: 'false' },
  // The list's default window is "from yesterday, two years ahead": ask for everything instead.
  events: { end_date: '2200-12-31', start_date: '1900-01-01' },
  organizers: {},
  tags: { hide_empty: 'false' },
  venues: {},
}
const POST_KINDS = ['venues', 'organizers', 'events'] as const
const PROBE_MARGIN = 100
const PROBE_CONCURRENCY = 8
/** A post's password, as WordPress's `post_password` column holds it. */
const MAX_POST_PASSWORD = 255
/** Writes without a user are the server's own: statuses as given, after the workflow's date rules. */
const SERVER = { id: 0, role: 'administrator' }
const ZERO_DATE = '0000-00-00 00:00:00'
const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const HIDDEN_CONTENT =
  'it is password-protected and the source hides its content from this account; import with the --user and --password of an editor'

/**
 * Reads a site's events calendar through its REST API (`tribe/events/v1` of The Events Calendar,
 * or our own `vendor/events/v1`) and turns every item into a plan of what it should be here.
 */
export async function readWordPress(
  payload: Payload,
  options: WordPressOptions,
  progress: Progress,
  report: RunReport,
): Promise<ItemPlan[]> {
  const client = new SourceClient(options)
  const plugin = pluginOptionsOf(payload)
  progress.note(
    `Reading ${client.root}/${client.namespace} ${client.authenticated ? `as ${options.user}` : 'anonymously (drafts, pending, private, scheduled and trashed items are not visible; give --user and --password to include them)'}`,
  )
  const timed = <T>(phase: string, work: () => Promise<T>) => timePhase(report, phase, work)
  await timed('checking the source', () => client.checkAccess())
  const [defaultLocale, ...asked] = options.languages as [string, ...string[]]
  const others: string[] = []
  await timed('finding the languages', () =>
    mapConcurrently(asked, asked.length, async (language) => {
      const where = await client.discoverLanguage(language)
      if (where) {
        others.push(language)
        progress.note(`  ${language} is read from ${where}`)
      } else
        report.warn(
          `the source answers ?i18n_language=${language} in its default language (it has no translation plugin): items are imported without a ${language} version, and ${language} is not read`,
        )
    }),
  )
  others.sort((a, b) => asked.indexOf(a) - asked.indexOf(b))
  const sourceTimezone =
    options.sourceTimezone ?? (await client.siteTimezone()) ?? plugin.siteTimezone
  if (sourceTimezone !== plugin.siteTimezone)
    report.warn(
      `the source's time zone is ${sourceTimezone}, this site's (SITE_TIMEZONE) is ${plugin.siteTimezone}: each event keeps its own zone, but lists, feeds, "today" and the dates of events without a zone follow ${plugin.siteTimezone}; set SITE_TIMEZONE=${sourceTimezone} for the calendar to read as it did at the source`,
    )

  const base = await timed('reading the lists', () => readLists(client, undefined, progress))
  const hidden = options.probeHidden
    ? await timed('looking for hidden events', () =>
        probeHiddenEvents(client, base, progress, report),
      )
    : []
  const translations = new Map<string, WireSet>()
  await timed('reading the translations', () =>
    mapConcurrently(others, others.length, async (language) => {
      const set = await readLists(client, language, progress)
      const events = await mapConcurrently(hidden, PROBE_CONCURRENCY, (id) =>
        unlessUnreadable(client.item(`/events/${id}`, { language }), (why) =>
          report.warn(
            `event ${id}: its ${language} version could not be read (${why}): it is imported without it`,
          ),
        ),
      )
      events.forEach((event, index) => event && set.events.set(hidden[index]!, event))
      const extra = KINDS.reduce(
        (sum, kind) => sum + [...set[kind].keys()].filter((id) => !base[kind].has(id)).length,
        0,
      )
      if (extra)
        report.warn(
          `${extra} item(s) listed only in ${language} were not imported: items are imported from the default language`,
        )
      translations.set(language, set)
    }),
  )
  const summaries = new WeakMap<Wire, string>()
  await timed('reading the JSON-LD summaries', async () => {
    await readSummaries(client, base, undefined, summaries, { progress, report })
    await mapConcurrently(others, others.length, (language) =>
      readSummaries(client, translations.get(language)!, language, summaries, {
        base,
        progress,
        report,
      }),
    )
  })
  const protectedIds = await timed('looking for password-protected items', () =>
    findProtected(client, base, hidden, { progress, report }),
  )
  warnOfOccurrences(base, report)
  const authors = await timed('matching the authors', () =>
    matchAuthors(
      client,
      payload,
      {
        dryRun: options.dryRun ?? false,
        roles: options.roles ?? {},
        usersSlug: plugin.usersCollection,
      },
      base,
      { progress, report },
    ),
  )

  const ctx: MapContext = {
    authors,
    defaultLocale,
    now: new Date(),
    protectedIds,
    siteTimezone: plugin.siteTimezone,
    sourceTimezone,
    summaries,
    translations,
  }
  const plans: ItemPlan[] = []
  for (const kind of KINDS) {
    for (const wire of base[kind].values()) plans.push(mapItem(kind, wire, ctx))
  }
  for (const wire of base.invalid)
    plans.push({ ...emptyPlan(wire.kind, wire.item), problem: 'it has no valid id at the source' })
  return plans
}

/** `work`, its duration noted in the run's summary under `phase`. */
async function timePhase<T>(report: RunReport, phase: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await work()
  } finally {
    report.time(phase, performance.now() - started)
  }
}

/**
 * The text an event's JSON-LD summary is made of (its `summaryText`, see
 * collections/Events/hooks/storeSummaryText.ts) is the description as it was written, which the
 * lists do not give (they give it rendered, with line breaks between blocks that the summary does
 * not have): it is read back from the summary the source's single read gives in `json_ld`, for
 * each event without an excerpt (whose summary is the excerpt instead), one request each, unless
 * the event was read alone already (a hidden one: its answer has its `json_ld`) or, in another
 * language, has the default language's description as it is (its summary is that one's).
 */
async function readSummaries(
  client: SourceClient,
  set: WireSet,
  language: string | undefined,
  summaries: WeakMap<Wire, string>,
  { base, progress, report }: { base?: WireSet; progress: Progress; report: RunReport },
) {
  const needed = [...set.events.values()].filter(
    (event) => !String(event.excerpt ?? '').trim() && String(event.description ?? '').trim(),
  )
  const wanted = needed.filter((event) => {
    // Events read one by one (hidden ones) came with their `json_ld` already; a translation
    // whose description is the default language's (not translated) has that language's summary.
    const original = base?.events.get(Number(event.id))
    const summary =
      summaryFromJsonLd((event.json_ld as Wire | undefined)?.description) ??
      (original && original.description === event.description && !original.excerpt
        ? summaries.get(original)
        : undefined)
    if (summary) summaries.set(event, summary)
    return !summary
  })
  if (!wanted.length) return
  progress.note(
    `  reading the JSON-LD summaries of ${wanted.length} events${language ? ` (${language})` : ''}`,
  )
  const singles = await mapConcurrently(wanted, PROBE_CONCURRENCY, (event) =>
    unlessUnreadable(client.item(`/events/${Number(event.id)}`, { language }), (why) =>
      report.warn(
        `event ${Number(event.id)}: its JSON-LD summary${language ? ` (${language})` : ''} could not be read (${why}): its summary is made here from its description`,
      ),
    ),
  )
  singles.forEach((single, index) => {
    const summary = summaryFromJsonLd((single?.json_ld as Wire | undefined)?.description)
    if (summary) summaries.set(wanted[index]!, summary)
  })
}

type ReadSet = WireSet & { invalid: { item: Wire; kind: Kind }[] }

/** Every list of one language, plus the venues, organizers and terms that events embed but the lists leave out. */
async function readLists(
  client: SourceClient,
  language: string | undefined,
  progress: Progress,
): Promise<ReadSet> {
  const set: ReadSet = {
    categories: new Map(),
    events: new Map(),
    invalid: [],
    organizers: new Map(),
    tags: new Map(),
    venues: new Map(),
  }
  // The five lists, and their trash, side by side; each list reads its pages a few at a time.
  const lists = await mapConcurrently([...KINDS], KINDS.length, async (kind) => {
    const [items, trashed] = await Promise.all([
      client.list(`/${kind}`, LIST_KEY[kind], LIST_QUERY[kind], { language }),
      readTrash(client, kind, language, progress),
    ])
    items.push(...trashed)
    progress.note(
      `  ${items.length} ${kind}${trashed.length ? `, ${trashed.length} of them in the trash` : ''}${language ? ` (${language})` : ''}`,
    )
    return items
  })
  for (const [index, kind] of KINDS.entries()) {
    for (const item of lists[index]!) {
      const id = Number(item.id)
      if (Number.isInteger(id) && id > 0) set[kind].set(id, item)
      else set.invalid.push({ item, kind })
    }
  }
  const adopt = (kind: Kind, item: unknown) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return
    const id = Number((item as Wire).id)
    if (Number.isInteger(id) && id > 0 && !set[kind].has(id)) set[kind].set(id, item as Wire)
  }
  for (const event of set.events.values()) {
    for (const venue of Array.isArray(event.venue) ? event.venue : [event.venue])
      adopt('venues', venue)
    for (const organizer of asArray(event.organizer)) adopt('organizers', organizer)
    for (const term of asArray(event.categories)) adopt('categories', term)
    for (const term of asArray(event.tags)) adopt('tags', term)
  }
  return set
}

/**
 * Posts in the trash, which lists leave out unless an editor asks for `status=trash`
 * (`docs/compatibility.md`, "Importing trashed items"). Anonymously there is no way to see them;
 * a source that refuses the status is read without them, as it says.
 */
async function readTrash(
  client: SourceClient,
  kind: Kind,
  language: string | undefined,
  progress: Progress,
): Promise<Wire[]> {
  if (!client.authenticated || !(POST_KINDS as readonly string[]).includes(kind)) return []
  try {
    return (
      await client.list(
        `/${kind}`,
        LIST_KEY[kind],
        { ...LIST_QUERY[kind], status: 'trash' },
        { language },
      )
    ).filter((item) => item.status === 'trash')
  } catch (error) {
    if (!(error instanceof SourceError)) throw error
    progress.note(
      `  trashed ${kind} could not be listed, so they are not imported: ${error.message}`,
    )
    return []
  }
}

/** A recurring event's occurrence, by its permalink: `/event/{slug}/{YYYY-MM-DD}/` (and `/{n}/`), as Pro gives them. */
const OCCURRENCE_PERMALINK = /\/event\/[^/]+\/\d{4}-\d{2}-\d{2}\/(?:\d+\/)?$/

/**
 * The REST API carries no recurrence rule, so a Pro site's recurring events arrive one event per
 * occurrence; the summary says how many, and how to bring them as series (docs/recurrence.md,
 * "WXR import").
 */
export function warnOfOccurrences(set: Pick<WireSet, 'events'>, report: RunReport): void {
  const occurrences = [...set.events.values()].filter((event) =>
    OCCURRENCE_PERMALINK.test(String(event.url ?? '')),
  ).length
  if (occurrences)
    report.warn(
      `${occurrences} event(s) are occurrences of recurring events (their addresses end in a date): the source's REST API carries no recurrence rule, so they came over as separate events; import the site's WordPress export with --wxr to bring them as series`,
    )
}

/**
 * Events hidden from listings appear in no list, only at `/events/{id}`. Posts share one id
 * space, so the ids no listed post has, up to a little past the highest, are tried one by one:
 * at most `PROBES_PER_POST` per listed post (`bounds.ts`), from the lowest, so that one listed id
 * near a billion does not make a billion requests. An id whose answer cannot be read fails alone.
 */
async function probeHiddenEvents(
  client: SourceClient,
  set: WireSet,
  progress: Progress,
  report: RunReport,
): Promise<number[]> {
  const known = new Set(POST_KINDS.flatMap((kind) => [...set[kind].keys()]))
  const imageIds = POST_KINDS.flatMap((kind) =>
    [...set[kind].values()].map((item) => Number((item.image as Wire | undefined)?.id ?? 0)),
  )
  const highest = [...known, ...imageIds]
    .filter(Number.isSafeInteger)
    .reduce((most, id) => Math.max(most, id), 0)
  const budget = Math.min(MAX_PROBES, PROBES_PER_POST * known.size + PROBE_MARGIN)
  const candidates: number[] = []
  let id = 1
  for (; id <= highest + PROBE_MARGIN && candidates.length < budget; id++)
    if (!known.has(id)) candidates.push(id)
  progress.note(
    `  looking for events hidden from lists: trying ${candidates.length} unlisted id(s) (--skip-hidden skips this)`,
  )
  if (id <= highest + PROBE_MARGIN) {
    report.warn(
      `events hidden from lists were looked for up to id ${id - 1} only (${budget} unlisted ids, ${PROBES_PER_POST} per listed post), not up to ${highest}, the highest id the source lists: any hidden event above is not imported`,
    )
  }
  const found = await mapConcurrently(candidates, PROBE_CONCURRENCY, (candidate) =>
    unlessUnreadable(client.item(`/events/${candidate}`), (why) =>
      report.record({
        id: candidate,
        kind: 'events',
        label: '',
        outcome: 'failed',
        reason: `it could not be read: ${why}`,
      }),
    ),
  )
  const hidden: number[] = []
  found.forEach((event, index) => {
    const candidate = candidates[index]!
    if (event && Number(event.id) === candidate) {
      set.events.set(candidate, event)
      hidden.push(candidate)
    }
  })
  if (hidden.length) progress.note(`  found ${hidden.length} hidden event(s)`)
  return hidden
}

/** What `read` gives, or null when the source's answer cannot be read (`onError` tells why): one item's failure, not the run's. */
async function unlessUnreadable<T>(
  read: Promise<T>,
  onError: (why: string) => void,
): Promise<null | T> {
  try {
    return await read
  } catch (error) {
    if (!(error instanceof SourceError)) throw error
    onError(error.message)
    return null
  }
}

/**
 * Password-protected items: the API never shows a password, and shows visitors a blanked copy.
 * Read as an editor, they are found by reading the lists (and hidden events) anonymously too.
 */
async function findProtected(
  client: SourceClient,
  set: WireSet,
  hidden: number[],
  { progress, report }: { progress: Progress; report: RunReport },
): Promise<Map<string, null | string>> {
  const found = new Set<string>()
  if (!client.authenticated) return new Map()
  progress.note('  looking for password-protected items (anonymously)')
  const lists = await Promise.all(
    POST_KINDS.map((kind) =>
      client.list(`/${kind}`, LIST_KEY[kind], LIST_QUERY[kind], { auth: false }),
    ),
  )
  for (const [index, kind] of POST_KINDS.entries()) {
    for (const item of lists[index]!) {
      if (isBlanked(kind, item)) found.add(`${kind}:${Number(item.id)}`)
    }
  }
  await mapConcurrently(hidden, PROBE_CONCURRENCY, async (id) => {
    const response = await unlessUnreadable(
      client.get(client.url(`/events/${id}`), { auth: false }),
      (why) => {
        // Whether it is protected is unknown: it is not imported, rather than imported unprotected.
        set.events.delete(id)
        report.record({
          id,
          kind: 'events',
          label: '',
          outcome: 'failed',
          reason: `whether it is password-protected could not be read: ${why}`,
        })
      },
    )
    if ((response?.body as { code?: unknown } | null)?.code === 'event-password-protected')
      found.add(`events:${id}`)
  })
  const passwords = new Map<string, null | string>()
  await mapConcurrently([...found], PROBE_CONCURRENCY, async (key) => {
    passwords.set(key, await sourcePassword(client, key))
  })
  return passwords
}

/** WordPress's own post types of the calendar's kinds, as `wp/v2` names them. */
const POST_TYPES: Record<string, string> = {
  events: 'tribe_events',
  organizers: 'tribe_organizer',
  venues: 'tribe_venue',
}

/**
 * A protected item's password as WordPress's core API shows it to an editor
 * (`wp/v2/tribe_events/{id}?context=edit`, `password`), so that it opens here with the same one;
 * null where the source does not show it (another instance of this app, a user who may not edit).
 */
async function sourcePassword(client: SourceClient, key: string): Promise<null | string> {
  const [kind, id] = key.split(':')
  const response = await client
    .get(`${client.root}/wp/v2/${POST_TYPES[kind!]}/${Number(id)}?context=edit`)
    .catch(() => null)
  const password = (response?.body as { password?: unknown } | null)?.password
  return response?.status === 200 &&
    typeof password === 'string' &&
    password !== '' &&
    password.length <= MAX_POST_PASSWORD
    ? password
    : null
}

/**
 * What the original shows visitors of a protected item (`docs/compatibility.md`,
 * "Password-protected items").
 */
function isBlanked(kind: Kind, item: Wire): boolean {
  if (kind === 'events') return item.all_day === null
  if (kind === 'venues') return Array.isArray(item.venue)
  if (kind === 'organizers') return Array.isArray(item.organizer)
  return false
}

/**
 * Authors are matched to users here through WordPress's `wp/v2/users/{id}`: by e-mail (visible
 * to an editor), then by username (or the public slug, which WordPress derives from it). An
 * author who matches nobody gets a user here when the source shows their e-mail
 * (`docs/compatibility.md`, "Authors"); else their items come without an author, as reported.
 */
async function matchAuthors(
  client: SourceClient,
  payload: Payload,
  target: { dryRun: boolean; roles: RoleMap; usersSlug: string },
  set: WireSet,
  { progress, report }: { progress: Progress; report: RunReport },
) {
  const uses = new Map<number, number>()
  for (const kind of POST_KINDS) {
    for (const item of set[kind].values()) {
      const id = Number(item.author ?? 0)
      if (Number.isInteger(id) && id > 0) uses.set(id, (uses.get(id) ?? 0) + 1)
    }
  }
  const matched = new Map<number, null | number>()
  if (!uses.size) return matched
  progress.note(`  matching ${uses.size} author(s) with users here`)
  const users = await localUsers(payload, target.usersSlug)
  // A site without users yet gets no administrator from its source: its operator makes their own.
  const empty = users.length === 0
  let administrator = false
  for (const [id, count] of uses) {
    const author = await unlessUnreadable(client.user(id), (why) =>
      report.warn(`author ${id} could not be read (${why})`),
    )
    const user = author
      ? matchUser(users, { email: author.email, usernames: [author.username, author.slug] })
      : undefined
    matched.set(id, user?.id ?? null)
    if (user || !author) {
      if (!user)
        report.warn(
          `author ${id} is not shown by the source: their ${count} item(s) are imported without an author`,
        )
      continue
    }
    const who = `author ${id} (${[author.name, author.email ?? author.username ?? author.slug].filter(Boolean).join(', ')})`
    const role = roleOf(author, target.roles)
    const theirs = Array.isArray(author.roles)
      ? author.roles.filter((name): name is string => typeof name === 'string')
      : []
    const lowered =
      theirs.length && !theirs.includes(role)
        ? ` (${theirs.join(', ')} at the source: a source's role is taken only through --map-roles)`
        : ''
    if (!author.email) {
      report.warn(
        `${who} matches no user here by e-mail or username, and the source shows their e-mail only to an editor (--user and --password): their ${count} item(s) are imported without an author`,
      )
      continue
    }
    if (target.dryRun) {
      report.warn(
        `${who} matches no user here: a user ${author.email} (${role}${lowered}) would be created for their ${count} item(s)`,
      )
      continue
    }
    try {
      const created = await createUserFor(payload, target.usersSlug, author, target.roles)
      users.push(created)
      matched.set(id, created.id)
      if (role === 'administrator') administrator = true
      report.warn(
        `${who} matched no user here: created user ${author.email} (${role}${lowered}) for their ${count} item(s), with a random password (they sign in after resetting it)`,
      )
    } catch (error) {
      report.warn(
        `${who} matches no user here, and no user could be created (${describeError(error)}): their ${count} item(s) are imported without an author`,
      )
    }
  }
  if (empty && users.length && !administrator)
    report.warn(
      "this site had no users: it has no administrator now either (the users created for the source's authors keep the roles above); create yours before importing (ADMIN_EMAIL and ADMIN_PASSWORD on the first start, or the admin panel's first account), or map a role you trust with --map-roles",
    )
  return matched
}

export type MapContext = {
  authors: Map<number, null | number>
  defaultLocale: string
  now: Date
  /** Protected items (`kind:id`), with the source's password where it shows it. */
  protectedIds: Map<string, null | string>
  /** Ours: event dates are normalized in it as our hooks will. */
  siteTimezone: string
  /** The source's: local dates without a UTC copy are read in it. */
  sourceTimezone: string
  /** The text of each event's description as the source's JSON-LD summarizes it (`readSummaries`). */
  summaries: WeakMap<Wire, string>
  translations: Map<string, WireSet>
}

function emptyPlan(kind: Kind, wire: Wire): ItemPlan {
  const id = Number(wire.id)
  const name = [wire.title, wire.name, wire.venue, wire.organizer].find(
    (value) => typeof value === 'string',
  )
  const label = decodeEntities(String(name ?? ''))
  return {
    fields: {},
    id: Number.isInteger(id) && id > 0 ? id : 0,
    kind,
    label,
    links: [],
    localized: {},
    warnings: [],
  }
}

export function mapItem(kind: Kind, wire: Wire, ctx: MapContext): ItemPlan {
  const plan = emptyPlan(kind, wire)
  try {
    if (plan.id > MAX_CHOSEN_ID)
      plan.problem = `its id is above ${MAX_CHOSEN_ID}, the highest id an import keeps (above it, the ids this site gives would run out)`
    else if (isNestedDeeperThan(wire, MAX_JSON_DEPTH))
      plan.problem = `the source gives it with values nested deeper than ${MAX_JSON_DEPTH} levels`
    else if (kind === 'categories' || kind === 'tags') mapTerm(plan, wire, ctx)
    else if (isBlanked(kind, wire)) plan.problem = HIDDEN_CONTENT
    else {
      mapPost(plan, wire, ctx)
      if (!plan.problem && kind === 'events') mapEvent(plan, wire, ctx)
      if (!plan.problem && kind === 'venues') mapVenue(plan, wire, ctx)
      if (!plan.problem && kind === 'organizers') mapOrganizer(plan, wire, ctx)
      if (!plan.problem) {
        plan.localized.description = localize(
          plan,
          wire,
          ctx,
          (item) => new HtmlValue(String(item.description ?? '')),
        )
        const deepest = Math.max(
          ...Object.values(plan.localized.description).map((value) =>
            htmlDepth((value as HtmlValue).html),
          ),
        )
        if (deepest > MAX_HTML_DEPTH)
          return {
            ...plan,
            problem: `its description nests elements ${deepest} levels deep, more than the ${MAX_HTML_DEPTH} imported`,
          }
        // An excerpt is HTML, which the source returns laid out in paragraphs: laid out again here, it reads the same (src/lib/postContent.ts).
        plan.localized.excerpt = localize(
          plan,
          wire,
          ctx,
          (item) => excerptAsTyped(String(item.excerpt ?? '').trim()) || null,
        )
        plan.image = imageOf(plan, wire.image)
      }
    }
  } catch (error) {
    plan.problem = `it could not be read: ${(error as Error).message}`
  }
  return plan
}

/** What every post has: status and dates, slug, author, the id lineage, and password protection. */
function mapPost(plan: ItemPlan, wire: Wire, ctx: MapContext) {
  const published = wallTime(wire.date_utc, 'UTC')
  const date = published ?? wallTime(wire.date, ctx.sourceTimezone)
  const modified = wallTime(wire.modified_utc, 'UTC') ?? wallTime(wire.modified, ctx.sourceTimezone)
  plan.createdAt = date?.toISOString() ?? null
  plan.updatedAt = modified?.toISOString() ?? null
  plan.modifiedAt = modified
  const status = String(wire.status ?? '')
  if (!(POST_STATUSES as readonly string[]).includes(status)) {
    plan.problem = `its status "${status}" is not one that is imported`
    return
  }
  const publishedAt = published ?? (['future', 'private', 'publish'].includes(status) ? date : null)
  if (status === 'trash') {
    // In our trash too, with its links; the workflow hook keeps the `__trashed` slug.
    plan.fields.status = 'trash'
    plan.fields.publishedAt = publishedAt?.toISOString() ?? null
  } else {
    const decision = decideStatus({
      now: ctx.now,
      publishedAt: publishedAt?.toISOString() ?? null,
      requested: status as never,
      user: SERVER,
    })
    plan.fields.status = decision.status
    plan.fields.publishedAt = decision.publishedAt ?? publishedAt?.toISOString() ?? null
  }

  // Drafts have no slug on the wire until published: the title makes one here.
  const slug = typeof wire.slug === 'string' ? toSlug(decodeSlug(wire.slug)) : ''
  if (slug) plan.fields.slug = slug
  const globalId = typeof wire.global_id === 'string' ? wire.global_id : ''
  const lineage = [globalId, ...asArray(wire.global_id_lineage)].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  )
  plan.fields.globalIdLineage = [...new Set(lineage)]
  if (globalId) {
    plan.isSameItem = (stored) =>
      Array.isArray(stored.globalIdLineage) &&
      (stored.globalIdLineage as string[]).includes(globalId)
  }
  const author = ctx.authors.get(Number(wire.author ?? 0))
  if (author) plan.fields.author = author
  const key = `${plan.kind}:${plan.id}`
  const password = ctx.protectedIds.get(key)
  if (password) plan.defaults = { password }
  else if (ctx.protectedIds.has(key)) {
    plan.defaults = { password: randomBytes(9).toString('base64url') }
    plan.warnings.push(
      'it is password-protected at the source, which does not show its password: here it is protected by a new password (see or change it in the admin panel)',
    )
  }
}

function mapEvent(plan: ItemPlan, wire: Wire, ctx: MapContext) {
  plan.localized.title = localize(plan, wire, ctx, (item) =>
    importedTitle(String(item.title ?? '')),
  )
  // Only where the source has one: an event with an excerpt has no summary of its description (nor needs one).
  plan.localized.summaryText = localize(plan, wire, ctx, (item) => ctx.summaries.get(item))

  const given = typeof wire.timezone === 'string' ? wire.timezone : ''
  const timezone = given ? knownTimezone(given) : null
  if (given && !timezone)
    return void (plan.problem = `its timezone "${given}" is not a timezone this site knows`)
  const zone = timezone ?? ctx.siteTimezone
  const start = wallTime(wire.utc_start_date, 'UTC') ?? wallTime(wire.start_date, zone, ctx.now)
  if (!start)
    return void (plan.problem = `its start date "${String(wire.start_date)}" is not a date`)
  const end = wallTime(wire.utc_end_date, 'UTC') ?? wallTime(wire.end_date, zone, ctx.now)
  if (!end) return void (plan.problem = `its end date "${String(wire.end_date)}" is not a date`)
  // What the event's hooks will store (whole days for all-day events, no end before the start).
  const dates = normalizeEventDates(ctx.siteTimezone)({
    data: {
      allDay: wire.all_day === true,
      endDate: end.toISOString(),
      startDate: start.toISOString(),
      timezone: zone,
    },
  } as never) as Record<string, unknown>
  Object.assign(plan.fields, {
    allDay: dates.allDay,
    endDate: dates.endDate,
    startDate: dates.startDate,
  })
  if (timezone) plan.fields.timezone = timezone

  const cost = costOf(wire)
  plan.fields.cost = cost.cost
  plan.fields.costDetails = cost.details
  if (cost.warning) plan.warnings.push(cost.warning)

  // The original shows the permalink when the event has no website of its own.
  const website = decodeEntities(String(wire.website ?? ''))
  if (website === decodeEntities(String(wire.url ?? ''))) plan.fields.website = null
  else if (website === '') plan.fields.website = ''
  else if (!setUrl(plan, 'website', website)) return

  for (const [wireName, field] of [
    ['featured', 'featured'],
    ['sticky', 'sticky'],
    ['hide_from_listings', 'hideFromListings'],
    ['show_map', 'showMap'],
    ['show_map_link', 'showMapLink'],
  ] as const) {
    plan.fields[field] = wire[wireName] === true
  }
  plan.fields.categories = linkAll(plan, 'categories', wire.categories)
  plan.fields.tags = linkAll(plan, 'tags', wire.tags)
  plan.fields.organizers = linkAll(plan, 'organizers', wire.organizer)
  const venues = linkAll(plan, 'venues', Array.isArray(wire.venue) ? wire.venue : [wire.venue])
  if (venues.length > 1)
    plan.warnings.push(
      `it has ${venues.length} venues at the source; an event has one venue here, so only venue ${venues[0]} is kept`,
    )
  plan.links = plan.links.filter((link) => link.kind !== 'venues' || link.id === venues[0])
  plan.fields.venue = venues[0] ?? null

  const custom = wire.custom_fields
  if (
    custom &&
    typeof custom === 'object' &&
    !Array.isArray(custom) &&
    Object.keys(custom).length
  ) {
    plan.warnings.push(
      `its custom fields (${Object.keys(custom).join(', ')}) are not imported: this site has no such fields`,
    )
  }
}

function mapVenue(plan: ItemPlan, wire: Wire, ctx: MapContext) {
  plan.localized.name = localize(plan, wire, ctx, (item) => importedTitle(String(item.venue ?? '')))
  for (const field of ['address', 'city', 'country', 'province', 'state', 'zip', 'phone'] as const)
    plan.fields[field] = text(wire[field])
  plan.fields.stateProvince = text(wire.stateprovince)
  const latitude = Number(wire.geo_lat)
  const longitude = Number(wire.geo_lng)
  const located =
    wire.geo_lat !== undefined &&
    wire.geo_lng !== undefined &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude)
  plan.fields.latitude = located ? latitude : null
  plan.fields.longitude = located ? longitude : null
  plan.fields.showMap = wire.show_map !== false
  plan.fields.showMapLink = wire.show_map_link !== false
  if (text(wire.website)) setUrl(plan, 'website', String(wire.website))
  else plan.fields.website = null
}

function mapOrganizer(plan: ItemPlan, wire: Wire, ctx: MapContext) {
  plan.localized.name = localize(plan, wire, ctx, (item) =>
    importedTitle(String(item.organizer ?? '')),
  )
  plan.fields.phone = text(wire.phone)
  plan.fields.email = text(wire.email)
  if (text(wire.website)) setUrl(plan, 'website', String(wire.website))
  else plan.fields.website = null
}

function mapTerm(plan: ItemPlan, wire: Wire, ctx: MapContext) {
  if (!plan.id) return void (plan.problem = 'it has no valid id at the source')
  // WordPress stores term names HTML-escaped; the API escapes them again on the way out.
  plan.localized.name = localize(plan, wire, ctx, (item) => decodeEntities(String(item.name ?? '')))
  plan.localized.description = localize(plan, wire, ctx, (item) => text(item.description))
  const slug = typeof wire.slug === 'string' ? toSlug(decodeSlug(wire.slug)) : ''
  if (slug) plan.fields.slug = slug
  if (plan.kind === 'categories') {
    const parent = Number(wire.parent ?? 0)
    plan.fields.parent = parent > 0 ? parent : null
    if (parent > 0) plan.links.push({ id: parent, kind: 'categories' })
  }
}

/** The value in each language the source has the item in; a language without it shows the default one. */
function localize<T>(
  plan: ItemPlan,
  wire: Wire,
  ctx: MapContext,
  read: (item: Wire) => T,
): Record<string, T> {
  const values: Record<string, T> = { [ctx.defaultLocale]: read(wire) }
  for (const [language, set] of ctx.translations) {
    const translated = set[plan.kind].get(plan.id)
    if (translated && !isBlanked(plan.kind, translated)) values[language] = read(translated)
  }
  return values
}

function linkAll(plan: ItemPlan, kind: Kind, value: unknown): number[] {
  const ids = asArray(value)
    .map((item) => Number(item && typeof item === 'object' ? (item as Wire).id : item))
    .filter((id) => Number.isInteger(id) && id > 0)
  const unique = [...new Set(ids)]
  plan.links.push(...unique.map((id) => ({ id, kind })))
  return unique
}

function imageOf(plan: ItemPlan, image: unknown): ImageRef | null | undefined {
  if (!image || typeof image !== 'object') return null
  const { id, url } = image as { id?: unknown; url?: unknown }
  const wire = image as Wire
  let filename = ''
  try {
    filename = decodeSlug(path.basename(new URL(String(url)).pathname))
  } catch {
    // reported below
  }
  if (!Number.isInteger(Number(id)) || Number(id) <= 0 || !filename) {
    plan.warnings.push(`its image (${String(url)}) has no usable id or URL: the image is left out`)
    return undefined
  }
  return { facts: imageFacts(wire), filename, sourceId: Number(id), url: String(url) }
}

/** The original's image object: its size in pixels and bytes, and its sizes as listed; the type from the first size that names one. */
function imageFacts(image: Wire): ImageFacts {
  const number = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
  const sizes =
    image.sizes && typeof image.sizes === 'object' && !Array.isArray(image.sizes)
      ? (image.sizes as Record<string, unknown>)
      : undefined
  const mimeType = Object.values(sizes ?? {})
    .map((size) => (size as Wire | null)?.['mime-type'])
    .find((type): type is string => typeof type === 'string')
  return {
    filesize: number(image.filesize),
    height: number(image.height),
    mimeType,
    sizes,
    width: number(image.width),
  }
}

/**
 * The cost as the source shows it: the text rebuilt from the parsed values (which keeps `Free` as 0
 * in ranges), else the text as shown; the currency symbol and its side taken from the source's
 * `cost_details` and stored as given (the import's writes carry `COST_DETAILS_GIVEN`), since the
 * original keeps an event's symbol for ranges too when it was set in its admin screen.
 */
function costOf(wire: Wire): {
  cost: null | string
  details: Record<string, unknown>
  warning?: string
} {
  const shown = decodeEntities(String(wire.cost ?? '')).trim()
  const source = (wire.cost_details ?? {}) as {
    currency_code?: unknown
    currency_position?: unknown
    currency_symbol?: unknown
    values?: unknown
  }
  const values = asArray(source.values).map(String)
  const currencyCode =
    typeof source.currency_code === 'string' && source.currency_code ? source.currency_code : null
  const currencySymbol = decodeEntities(String(source.currency_symbol ?? '')) || null
  const currencyPosition =
    source.currency_position === 'prefix' || source.currency_position === 'postfix'
      ? source.currency_position
      : null
  const detailsOf = (text: null | string) => ({
    currencyCode,
    currencyPosition,
    currencySymbol,
    values: text ? parseCost(text).values : [],
  })
  if (!shown && !values.length) return { cost: null, details: detailsOf(null) }
  const numbers = values.filter((value) => /^\d+(\.\d+)?$/.test(value))
  const amounts = numbers.join(' - ')
  // A cost of exactly `0` is no cost at all (formatCost): a lone free amount keeps its symbol in the text.
  const symbolled = (text: string) =>
    currencySymbol &&
    (currencyPosition === 'postfix' ? `${text}${currencySymbol}` : `${currencySymbol}${text}`)
  // The original cuts a list such as `5, 10, 15` into `5.`, `10.`, `15` (src/lib/cost.ts): a value
  // ending in a point was followed by a comma, any other by a range's dash.
  const listed = values
    .map((value, i) =>
      i === values.length - 1
        ? value
        : value.endsWith('.')
          ? `${value.slice(0, -1)}, `
          : `${value} - `,
    )
    .join('')
  const candidates = [
    ...(numbers.length ? [amounts, symbolled(amounts)] : []),
    ...(values.length > 1 ? [listed, symbolled(listed)] : []),
    shown,
  ].filter((text): text is string => Boolean(text))
  for (const candidate of candidates) {
    const details = detailsOf(candidate)
    const shownHere = formatCost({ cost: candidate, costDetails: details }).text
    if (shownHere === shown && JSON.stringify(details.values) === JSON.stringify(values))
      return { cost: candidate, details }
  }
  return {
    cost: shown,
    details: detailsOf(shown),
    warning: `its cost "${shown}" may show differently here`,
  }
}

/** A website as our URL fields accept it; one typed without a scheme gets `http://`. False (and a problem) when it is no URL. */
function setUrl(plan: ItemPlan, field: string, value: string): boolean {
  const url = value.trim()
  for (const candidate of [url, /^[a-z][a-z0-9+.-]*:/i.test(url) ? null : `http://${url}`]) {
    if (candidate && validateOptionalUrl(candidate) === true) {
      plan.fields[field] = candidate
      if (candidate !== url) plan.warnings.push(`its website "${url}" is stored as ${candidate}`)
      return true
    }
  }
  plan.problem = `its website "${url}" is not a URL`
  return false
}

/**
 * IANA names and the original's manual offsets (`UTC+2`) as they are: an offset reads here as it
 * does there (src/lib/utcOffsets.ts), so the event keeps its times and its `timezone`.
 */
function knownTimezone(name: string): null | string {
  return isEventTimeZone(name) ? name : null
}

/** A `Y-m-d H:i:s` date of the wire in `zone` (WordPress's zero date is none); with `now`, any date PHP reads. */
function wallTime(value: unknown, zone: string, now?: Date): Date | null {
  if (typeof value !== 'string' || !value || value === ZERO_DATE) return null
  if (WALL_TIME.test(value)) {
    try {
      return wallTimeToInstant(value, zone)
    } catch {
      return null
    }
  }
  return now ? parsePhpDateTime(value, { now, timeZone: zone }) : null
}

const text = (value: unknown): null | string =>
  typeof value === 'string' && value !== '' ? value : null
const asArray = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value
    : value === undefined || value === null || value === ''
      ? []
      : [value]
