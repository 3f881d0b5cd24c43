import type { Payload } from 'payload'

import type { Progress, RunReport } from '../../progress'
import type { ItemPlan, Kind } from '../items'
import type { EventSeriesFields } from '../../../recurrence/index'
import type { SeriesStart } from '../../../recurrence/types'
import type { WxrAuthor, WxrPost, WxrTerm } from './readWxr'

import { formatCost, parseCost } from '../../../lib/cost'
import { renderExcerpt, renderPostContent } from '../../../lib/postContent'
import { pluginOptionsOf } from '../../../pluginOptions'
import { RecurrenceError, horizonAfter, seriesStartOf } from '../../../recurrence/index'
import { instantToWall } from '../../../recurrence/wallTime'
import { COLLECTION_OF } from '../items'
import { localUsers, matchUser } from '../users'
import { type MapContext, mapItem } from '../wordpress'
import { readPhpValue } from './phpValue'
import { type ListedOccurrence, type PlannedSeries, planSeries } from './series'

type Wire = Record<string, unknown>

const POST_TYPES: Record<string, Kind> = {
  tribe_events: 'events',
  tribe_organizer: 'organizers',
  tribe_venue: 'venues',
}
const TAXONOMIES: Record<string, Kind> = { post_tag: 'tags', tribe_events_cat: 'categories' }

/** What a WordPress export file's events calendar becomes here: the plans to write, and what became of each recurring series. */
export type WxrPlans = {
  plans: ItemPlan[]
  series: PlannedSeries[]
  /** The highest id of the file's events, venues and organizers, occurrence posts included. */
  highest: number
}

/**
 * The events, venues, organizers, event categories and tags of a WordPress export, as plans in
 * the shape the REST import makes (each post given to `mapItem` as the REST API would show it), so
 * that both write the same fields the same way. Each recurring series of Pro 5.8 (a first event
 * with `_EventRecurrence`, its other occurrences posts whose `post_parent` it is) becomes one event
 * with its recurrence when our model says the same dates (./series.ts); else its posts stay
 * separate events, as the REST import brings them.
 */
export async function planWxr(
  payload: Payload,
  file: { posts: WxrPost[]; terms: WxrTerm[]; authors: WxrAuthor[] },
  options: { now?: Date; sourceTimezone?: string },
  report: RunReport,
  progress: Progress,
): Promise<WxrPlans> {
  const plugin = pluginOptionsOf(payload)
  const now = options.now ?? new Date()
  const localization = payload.config.localization
  const authors = await matchAuthors(payload, file, report)
  const ctx: MapContext = {
    authors: authors.users,
    defaultLocale: localization ? localization.defaultLocale : 'en',
    now,
    protectedIds: new Map(),
    siteTimezone: plugin.siteTimezone,
    sourceTimezone: options.sourceTimezone ?? plugin.siteTimezone,
    summaries: new WeakMap(),
    translations: new Map(),
  }
  const plans: ItemPlan[] = []
  const termIds = new Map<string, number>()
  for (const term of file.terms) {
    if (TAXONOMIES[term.taxonomy]) termIds.set(`${term.taxonomy}:${term.slug}`, term.id)
  }
  for (const term of file.terms) {
    const kind = TAXONOMIES[term.taxonomy]
    if (!kind) continue
    const parent = termIds.get(`${term.taxonomy}:${term.parentSlug}`) ?? 0
    plans.push(
      mapItem(
        kind,
        { description: term.description, id: term.id, name: term.name, parent, slug: term.slug },
        ctx,
      ),
    )
  }

  const images = new Map(
    file.posts.filter((post) => post.type === 'attachment').map((post) => [post.id, post]),
  )
  const posts = file.posts.filter((post) => POST_TYPES[post.type])
  const counts = Object.entries(POST_TYPES).map(
    ([type, kind]) => `${posts.filter((post) => post.type === type).length} ${kind}`,
  )
  progress.note(`  ${counts.join(', ')}, ${plans.length} categories and tags`)

  const events = new Map(
    posts.filter((post) => post.type === 'tribe_events' && post.id).map((post) => [post.id, post]),
  )
  const planned = new Map<number, ItemPlan>()
  for (const post of posts) {
    const kind = POST_TYPES[post.type]!
    const wire = wireOf(post, kind, { authors: authors.ids, images, termIds })
    const plan = mapItem(kind, wire, ctx)
    if (!post.id)
      plan.problem = `item ${post.index} of the file (line ${post.line}) has no valid post id`
    if (post.password && !plan.problem) {
      // The export carries the password itself, which the REST API never shows.
      plan.defaults = { password: post.password }
    }
    if (kind === 'events' && post.id) planned.set(post.id, plan)
    plans.push(plan)
  }

  const horizon = horizonAfter(now, plugin.recurrence.horizonMonths)
  const series: PlannedSeries[] = []
  const childrenOf = new Map<number, WxrPost[]>()
  for (const post of events.values()) {
    if (!post.parent) continue
    const siblings = childrenOf.get(post.parent)
    if (siblings) siblings.push(post)
    else childrenOf.set(post.parent, [post])
  }
  const occurrencePosts = new Set<number>()
  for (const first of events.values()) {
    const meta = first.meta.get('_EventRecurrence')?.[0]
    if (first.parent || !meta) continue
    const plan = planned.get(first.id)!
    if (plan.problem) continue
    const children = childrenOf.get(first.id) ?? []
    const result = seriesOf(plan, meta, {
      children: children.map(listedOccurrence),
      first: listedOccurrence(first),
      horizon,
    })
    series.push(result)
    if ('recurrence' in result) {
      plan.fields.recurrence = {
        exdates: result.recurrence.exdates,
        rdates: result.recurrence.rdates,
        rule: result.recurrence.ruleText,
      }
      for (const id of result.children) occurrencePosts.add(id)
    }
  }
  await warnOfImportedOccurrences(payload, series, report)
  const highest = posts.reduce((most, post) => Math.max(most, post.id), 0)
  // A series' occurrence posts are its occurrences here, not events.
  const kept = plans.filter((plan) => plan.kind !== 'events' || !occurrencePosts.has(plan.id))
  return { highest, plans: kept, series }
}

/** An occurrence as the original listed it: its post, its start and end as wall times in its zone. */
function listedOccurrence(post: WxrPost): ListedOccurrence {
  const start = post.meta.get('_EventStartDate')?.[0] ?? ''
  const end = post.meta.get('_EventEndDate')?.[0] ?? ''
  return {
    allDay: isYes(post.meta.get('_EventAllDay')?.[0]),
    end: end.replace(' ', 'T'),
    id: post.id,
    start: start.replace(' ', 'T'),
  }
}

/** What becomes of the series `plan` starts: read from its `_EventRecurrence` and compared with its listed occurrences. */
function seriesOf(
  plan: ItemPlan,
  meta: string,
  listed: { children: ListedOccurrence[]; first: ListedOccurrence; horizon: Date },
): PlannedSeries {
  const base = {
    children: listed.children.map((child) => child.id),
    id: plan.id,
    title: plan.label,
  }
  let value: unknown
  try {
    value = readPhpValue(meta)
  } catch (error) {
    return { ...base, reason: `its _EventRecurrence cannot be read: ${(error as Error).message}` }
  }
  let series: SeriesStart
  try {
    series = seriesStartOf(plan.fields as EventSeriesFields)
  } catch (error) {
    if (!(error instanceof RecurrenceError)) throw error
    return { ...base, reason: `it cannot recur here: ${error.message}` }
  }
  const end = instantToWall(new Date(String(plan.fields.endDate)), series.timeZone)
  return planSeries({ ...listed, firstEnd: end, meta: value, series, title: plan.label })
}

/**
 * A post as the REST API shows it (`tribe/events/v1`), from its export: its meta under the API's
 * names, its content laid out as `the_content` lays it out, its terms and links by id.
 */
function wireOf(
  post: WxrPost,
  kind: Kind,
  {
    authors,
    images,
    termIds,
  }: { authors: Map<string, number>; images: Map<number, WxrPost>; termIds: Map<string, number> },
): Wire {
  const meta = (key: string) => post.meta.get(key)?.[0] ?? ''
  const image = images.get(Number(meta('_thumbnail_id')))
  const wire: Wire = {
    author: authors.get(post.creator) ?? 0,
    date: post.date,
    date_utc: post.dateGmt,
    description: renderPostContent(post.content),
    excerpt: post.excerpt ? renderExcerpt(post.excerpt) : '',
    id: post.id,
    image: image?.attachmentUrl ? { id: image.id, url: image.attachmentUrl } : false,
    modified: post.modified,
    modified_utc: post.modifiedGmt,
    slug: post.slug,
    status: post.status,
  }
  if (kind === 'venues') {
    Object.assign(wire, {
      address: meta('_VenueAddress'),
      city: meta('_VenueCity'),
      country: meta('_VenueCountry'),
      phone: meta('_VenuePhone'),
      province: meta('_VenueProvince'),
      show_map: meta('_VenueShowMap') === '' || isYes(meta('_VenueShowMap')),
      show_map_link: meta('_VenueShowMapLink') === '' || isYes(meta('_VenueShowMapLink')),
      state: meta('_VenueState'),
      stateprovince: meta('_VenueStateProvince'),
      venue: post.title,
      website: meta('_VenueURL'),
      zip: meta('_VenueZip'),
    })
    if (meta('_VenueLat') && meta('_VenueLng'))
      Object.assign(wire, {
        geo_lat: Number(meta('_VenueLat')),
        geo_lng: Number(meta('_VenueLng')),
      })
  } else if (kind === 'organizers') {
    Object.assign(wire, {
      email: meta('_OrganizerEmail'),
      organizer: post.title,
      phone: meta('_OrganizerPhone'),
      website: meta('_OrganizerWebsite'),
    })
  } else if (kind === 'events') {
    const terms = (taxonomy: string) =>
      post.terms
        .filter((term) => term.domain === taxonomy)
        .map((term) => termIds.get(`${taxonomy}:${term.slug}`))
        .filter((id): id is number => id !== undefined)
        .map((id) => ({ id }))
    const cost = meta('_EventCost')
    const position = meta('_EventCurrencyPosition') === 'suffix' ? 'postfix' : 'prefix'
    const details = {
      currencyCode: meta('_EventCurrencyCode') || null,
      currencyPosition: position,
      currencySymbol: meta('_EventCurrencySymbol'),
      values: parseCost(cost).values,
    }
    Object.assign(wire, {
      all_day: isYes(meta('_EventAllDay')),
      categories: terms('tribe_events_cat'),
      // What the API shows: the cost with its currency, as the REST import reads it back.
      cost: formatCost({ cost, costDetails: details }).text,
      cost_details: {
        currency_code: details.currencyCode ?? '',
        currency_position: position,
        currency_symbol: details.currencySymbol,
        values: details.values,
      },
      end_date: meta('_EventEndDate'),
      featured: meta('_tribe_featured') === '1',
      hide_from_listings: isYes(meta('_EventHideFromUpcoming')),
      organizer: (post.meta.get('_EventOrganizerID') ?? [])
        .map(Number)
        .filter((id) => id > 0)
        .map((id) => ({ id })),
      show_map: isYes(meta('_EventShowMap')),
      show_map_link: isYes(meta('_EventShowMapLink')),
      start_date: meta('_EventStartDate'),
      sticky: post.menuOrder === -1,
      tags: terms('post_tag'),
      timezone: meta('_EventTimezone'),
      title: post.title,
      utc_end_date: meta('_EventEndDateUTC'),
      utc_start_date: meta('_EventStartDateUTC'),
      venue: Number(meta('_EventVenueID')) > 0 ? { id: Number(meta('_EventVenueID')) } : [],
      website: meta('_EventURL'),
    })
  }
  return wire
}

/** WordPress's yes in meta: `yes`, `1` or `true`. */
const isYes = (value: string | undefined) =>
  ['1', 'true', 'yes'].includes((value ?? '').toLowerCase())

/**
 * The export's authors, matched to users here by e-mail, else by login (`docs/compatibility.md`,
 * "Authors"). No user is created: the file is not the source's word for who may sign in here.
 */
async function matchAuthors(
  payload: Payload,
  file: { posts: WxrPost[]; authors: WxrAuthor[] },
  report: RunReport,
): Promise<{ ids: Map<string, number>; users: Map<number, null | number> }> {
  // The file's authors are numbered in its order: the plans name an author by that number.
  const ids = new Map(file.authors.map((author, index) => [author.login, index + 1]))
  const matched = new Map<number, null | number>()
  const users = await localUsers(payload, pluginOptionsOf(payload).usersCollection)
  for (const author of file.authors) {
    const user = matchUser(users, { email: author.email, usernames: [author.login] })
    matched.set(ids.get(author.login)!, user?.id ?? null)
    if (!user) {
      const count = file.posts.filter(
        (post) => post.creator === author.login && POST_TYPES[post.type],
      ).length
      if (count)
        report.warn(
          `author ${author.login} (${author.email || 'no e-mail'}) matches no user here by e-mail or username: their ${count} item(s) are imported without an author`,
        )
    }
  }
  return { ids, users: matched }
}

/**
 * Occurrence posts of a series that an earlier import (from the REST API, which shows every
 * occurrence as an event) brought here as events of their own: they are left alone, and named.
 */
async function warnOfImportedOccurrences(
  payload: Payload,
  series: PlannedSeries[],
  report: RunReport,
) {
  for (const one of series) {
    if (!('recurrence' in one) || !one.children.length) continue
    const found = await payload.find({
      collection: COLLECTION_OF.events as never,
      depth: 0,
      limit: one.children.length,
      overrideAccess: true,
      pagination: false,
      trash: true,
      where: { id: { in: one.children } },
    })
    if (found.docs.length)
      report.warn(
        `series ${one.id} "${one.title}": event(s) ${(found.docs as { id: unknown }[]).map((doc) => doc.id).join(', ')} here are its occurrence posts, imported earlier as events of their own; they are left as they are (delete them, or the series shows those dates twice)`,
      )
  }
}
