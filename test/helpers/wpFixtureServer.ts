import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

import {
  dateDetails,
  formatWallTime,
  timezoneAbbreviation,
  wallTimeToInstant,
} from '../../src/lib/phpDate'

import { asWordPressRenders } from '../../endpoints/descriptionFormat'
import { convertChars, texturize, texturizeHtml } from '../../src/lib/texturize'
import { summaryTextOf } from '../../src/lib/summaryText'
import { jsonLdDescription } from '../../endpoints/events/jsonLdDescription'

/**
 * Post content as the original returns it, through `the_content` (typeset, then wpautop's layout:
 * blocks and list items on their own lines), as recorded with the oracle (test/fixtures/oracle, class f).
 */
const asTheContent = (html: string) => asWordPressRenders(texturizeHtml(html))
/** An excerpt as the original returns it, through `the_excerpt`: typeset, `&`s as entities, in a paragraph. */
const asTheExcerpt = (text: string) => paragraph(convertChars(texturizeHtml(text)))

/*
 * A stand-in for a WordPress site with The Events Calendar: it serves `tribe/events/v1` in the
 * original's wire format (the shapes of `test/fixtures/reference/responses/`) from plain data,
 * under `/wp-json/` and the language roots `/fr/wp-json/`, `/es/wp-json/`. Lists are paged with
 * `X-TEC-Total`/`X-TEC-TotalPages` and `next_rest_url`; drafts, pending, private and scheduled
 * items need HTTP Basic; password-protected items are blanked unless a signed-in caller asks with
 * `context=edit`, and always when embedded in an event, as the original does; events hidden from
 * listings are only readable one by one. It also serves WordPress's REST index, `wp/v2/users`
 * and the images in `wp-content/uploads`.
 */

export const FIXTURE_TIMEZONE = 'America/New_York'
const NAMESPACE = 'tribe/events/v1'
const LANGUAGES = ['fr', 'es'] as const
type Language = (typeof LANGUAGES)[number]
type Translations = Partial<Record<Language, Record<string, string>>>

type PostRecord = {
  author: number
  created: Date
  id: number
  image?: null | number
  lineage?: string[]
  modified: Date
  password?: string
  /** null: never published (a draft or pending item WordPress gives no UTC dates and no slug). */
  published: Date | null
  slug: string
  status: string
  tr?: Translations
  /** Replaces keys of the serialized object: how broken items are made. */
  wire?: Record<string, unknown>
}
export type FixtureCost = {
  code: string
  position: string
  symbol: string
  text: string
  values: string[]
}
export type EventRecord = PostRecord & {
  allDay: boolean
  categories: number[]
  cost: FixtureCost
  customFields?: Record<string, { label: string; value: string }>
  description: string
  end: Date
  excerpt: string
  featured: boolean
  hidden: boolean
  organizers: number[]
  showMap: boolean
  showMapLink: boolean
  start: Date
  sticky: boolean
  tags: number[]
  timezone: string
  title: string
  venue: null | number
  /** null: no website of its own (the original then shows the permalink). */
  website: null | string
}
export type VenueRecord = PostRecord & {
  address: string
  city: string
  country: string
  description: string
  excerpt: string
  lat?: number
  lng?: number
  name: string
  phone: string
  province: string
  showMap: boolean
  showMapLink: boolean
  state: string
  website: string
  zip: string
}
export type OrganizerRecord = PostRecord & {
  description: string
  email: string
  excerpt: string
  name: string
  phone: string
  website: string
}
export type TermRecord = {
  description: string
  id: number
  name: string
  parent: number
  slug: string
  tr?: Translations
}
/** `sizes`: the smaller copies WordPress made, as its API lists them (by their file names). */
export type ImageRecord = {
  data: Buffer
  filename: string
  height: number
  id: number
  reachable: boolean
  sizes?: Record<string, { filesize: number; filename: string; height: number; width: number }>
  width: number
}
export type UserRecord = {
  email: string
  id: number
  name: string
  roles: string[]
  slug: string
  username: string
}

export type FixtureSite = {
  auth: { password: string; user: string }
  categories: Map<number, TermRecord>
  events: Map<number, EventRecord>
  images: Map<number, ImageRecord>
  organizers: Map<number, OrganizerRecord>
  tags: Map<number, TermRecord>
  users: Map<number, UserRecord>
  venues: Map<number, VenueRecord>
}

/**
 * A site of only `events` and `users`: each event a plain published one of the fixture's (no venue,
 * organizers, terms, image, translations or custom fields), with what `events` gives it.
 */
export async function siteOfPlainEvents(
  events: (Partial<EventRecord> & { id: number })[],
  users: UserRecord[],
): Promise<FixtureSite> {
  const site = await buildFixtureSite()
  const model = [...site.events.values()].find(
    (event) => event.status === 'publish' && !event.hidden && !event.password && !event.wire,
  )!
  for (const map of [
    site.events,
    site.venues,
    site.organizers,
    site.categories,
    site.tags,
    site.users,
  ] as Map<number, unknown>[])
    map.clear()
  for (const user of users) site.users.set(user.id, user)
  for (const event of events)
    site.events.set(event.id, {
      ...model,
      categories: [],
      customFields: undefined,
      excerpt: 'An excerpt',
      image: null,
      lineage: undefined,
      organizers: [],
      tags: [],
      tr: undefined,
      venue: null,
      wire: undefined,
      ...event,
    })
  return site
}

/** Ids of the items that cannot be imported, and why. */
export const BROKEN = {
  categories: [13], // its parent 99 does not exist
  events: [235, 236, 237, 238, 239, 240], // bad dates, unknown timezone, no title, broken venue, odd status, broken category
  venues: [7], // its website is no URL
}
export const HIDDEN_EVENTS = [62, 122, 182, 232]
export const PROTECTED = { events: 120, venues: 9 }
export const UNREACHABLE_IMAGE = 323
/**
 * In the trash: listed only to an editor asking for `status=trash`. Published events still link
 * (and embed) the trashed venue and organizer, as WordPress keeps the link when a post is trashed
 * in its admin.
 */
export const TRASHED = { events: 70, organizers: 40, venues: 20 }
/** Scheduled at the source with a date that has passed: published here, as the workflow does. */
export const LATE_SCHEDULED_EVENT = 100

const at = (text: string) => new Date(text)
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000)
const inZone = (wall: string, zone: string) => wallTimeToInstant(wall, zone)

/** A few hundred items of every kind and status, in three languages, with broken ones among them. */
export async function buildFixtureSite(): Promise<FixtureSite> {
  const site: FixtureSite = {
    auth: { password: 'abcd EFGH 1234 ijkl MNOP 5678', user: 'importer' },
    categories: new Map(),
    events: new Map(),
    images: new Map(),
    organizers: new Map(),
    tags: new Map(),
    users: new Map(),
    venues: new Map(),
  }
  for (const user of [
    {
      email: 'admin@old.example',
      id: 1,
      name: 'Site Admin',
      roles: ['administrator'],
      slug: 'siteadmin',
      username: 'siteadmin',
    },
    {
      email: 'jane.doe@elsewhere.example',
      id: 2,
      name: 'Jane Doe',
      roles: ['editor'],
      slug: 'jane',
      username: 'jane',
    },
    {
      email: 'ghost@old.example',
      id: 3,
      name: 'Ghost Writer',
      roles: ['author'],
      slug: 'ghost',
      username: 'ghost',
    },
  ]) {
    site.users.set(user.id, user)
  }

  const categories: [number, string, number, string, string?][] = [
    [1, 'Music', 0, 'Musique', 'Música'],
    [2, 'Jazz', 1, 'Jazz'],
    [3, 'Rock & Roll', 1, 'Rock & Roll'],
    [4, 'Arts', 0, 'Arts', 'Artes'],
    [5, 'Theatre', 4, 'Théâtre', 'Teatro'],
    [6, 'Painting', 4, 'Peinture'],
    [7, 'Sports', 0, 'Sports', 'Deportes'],
    [8, 'Football', 7, 'Football', 'Fútbol'],
    [9, 'Tennis', 7, 'Tennis'],
    [10, 'Kids', 0, 'Enfants', 'Niños'],
    [11, 'Workshops', 0, 'Ateliers', 'Talleres'],
    [12, 'Food & Drink', 0, 'Cuisine & boissons'],
    [13, 'Orphan', 99, 'Orphelin'],
  ]
  for (const [id, name, parent, fr, es] of categories) {
    const tr: Translations = { fr: { description: `Catégorie ${fr}`, name: fr } }
    if (es) tr.es = { name: es }
    site.categories.set(id, {
      description: id % 3 ? `${name} events` : '',
      id,
      name,
      parent,
      slug: slugOf(name),
      tr,
    })
  }
  const tags = [
    'free',
    'outdoor',
    'family',
    'evening',
    'weekend',
    'accessible',
    'premiere',
    'late night',
    'members',
    'bilingual',
  ]
  tags.forEach((name, index) => {
    const id = 14 + index
    site.tags.set(id, {
      description: index % 4 === 0 ? `Tagged ${name}` : '',
      id,
      name,
      parent: 0,
      slug: slugOf(name),
      tr: index % 2 ? { es: { name: `${name} (es)` } } : undefined,
    })
  })

  for (let index = 0; index < 8; index++) {
    const id = 320 + index
    const width = 40 + index
    const height = 30
    const data = await sharp({
      create: { background: { b: 40, g: 20 * index, r: 200 }, channels: 3, height, width },
    })
      .png()
      .toBuffer()
    site.images.set(id, {
      data,
      filename: `poster-${id}.png`,
      height,
      id,
      reachable: id !== UNREACHABLE_IMAGE,
      width,
    })
  }
  // The image that cannot be downloaded is a large one, with the sizes WordPress made of it.
  site.images.set(UNREACHABLE_IMAGE, {
    ...site.images.get(UNREACHABLE_IMAGE)!,
    height: 1200,
    sizes: {
      medium: {
        filesize: 18_211,
        filename: `poster-${UNREACHABLE_IMAGE}-300x225.png`,
        height: 225,
        width: 300,
      },
      thumbnail: {
        filesize: 6_020,
        filename: `poster-${UNREACHABLE_IMAGE}-150x150.png`,
        height: 150,
        width: 150,
      },
    },
    width: 1600,
  })

  const base = at('2026-03-02T15:00:00Z')
  const post = (id: number, index: number, status: string, slug: string): PostRecord => {
    const created = addDays(base, index)
    const neverPublished = (status === 'draft' && index % 32 === 3) || status === 'pending'
    return {
      author: index % 17 === 0 ? 3 : index % 5 === 2 ? 2 : 1,
      created,
      id,
      modified: new Date(created.getTime() + 3_600_000 * (1 + (index % 5))),
      published: neverPublished ? null : created,
      // WordPress frees a trashed post's slug with this suffix.
      slug: status === 'trash' ? `${slug}__trashed` : slug,
      status,
    }
  }

  const cities = [
    ['New York', 'NY', '', 'United States', '10012'],
    ['Boston', 'MA', '', 'United States', '02110'],
    ['Toronto', '', 'Ontario', 'Canada', 'M5V 2T6'],
    ['Paris', '', 'Île-de-France', 'France', '75004'],
  ]
  for (let index = 0; index < 24; index++) {
    const id = 1 + index
    const [city, state, province, country, zip] = cities[index % 4]!
    const status =
      index === 3
        ? 'draft'
        : index === 11
          ? 'private'
          : index === 15
            ? 'draft'
            : id === TRASHED.venues
              ? 'trash'
              : 'publish'
    const name = `${['Blue Note', 'Riverside', 'Harbor', 'Grand'][index % 4]} Hall ${id}`
    site.venues.set(id, {
      ...post(id, index, status, slugOf(name)),
      address: `${100 + id} Main Street`,
      city: city!,
      country: country!,
      description: index % 3 ? `<p>The <em>${name}</em> seats ${id * 50} people.</p>` : '',
      excerpt: index % 4 === 1 ? `Near the ${city} river` : '',
      lat: index % 2 ? 40 + index / 10 : undefined,
      lng: index % 2 ? -73 - index / 10 : undefined,
      name,
      password: id === PROTECTED.venues ? 'venue-secret' : undefined,
      phone: index % 5 ? `+1 555 010${index % 10}` : '',
      province: province!,
      showMap: index % 3 !== 0,
      showMapLink: index % 4 !== 0,
      state: state!,
      tr: index % 2 === 0 ? { fr: { name: `Salle ${id}` } } : undefined,
      website: id === 7 ? 'not a url at all' : index % 3 === 2 ? `https://venue${id}.example` : '',
      zip: zip!,
    })
  }
  for (let index = 0; index < 20; index++) {
    const id = 25 + index
    const name = `${['City Arts Council', 'Jazz Guild', 'Sports League', 'Family Club'][index % 4]} ${id}`
    site.organizers.set(id, {
      ...post(
        id,
        index,
        index === 5 ? 'draft' : id === TRASHED.organizers ? 'trash' : 'publish',
        slugOf(name),
      ),
      description: index % 2 ? `<p>Organizer ${id} organizes.</p>` : '',
      email: index % 3 ? `org${id}@example.com` : '',
      excerpt: '',
      name,
      phone: index % 4 ? `+1 555 02${String(index).padStart(2, '0')}` : '',
      website: index % 5 ? `https://org${id}.example` : '',
    })
  }

  const zones = [
    'America/New_York',
    'America/New_York',
    'Europe/Paris',
    'Asia/Tokyo',
    'UTC',
    'America/Los_Angeles',
  ]
  const costs: FixtureCost[] = [
    { code: '', position: '', symbol: '', text: '', values: [] },
    { code: 'USD', position: 'prefix', symbol: '$', text: '$25', values: ['25'] },
    { code: 'USD', position: 'prefix', symbol: '$', text: 'Free', values: ['0'] },
    { code: 'USD', position: 'prefix', symbol: '$', text: '$10 – $20', values: ['10', '20'] },
    { code: 'EUR', position: 'postfix', symbol: '€', text: '15€', values: ['15'] },
    { code: '', position: 'postfix', symbol: '$', text: 'Free – 30$', values: ['0', '30'] },
    { code: '', position: '', symbol: '', text: 'Donation', values: ['donation'] },
    // Lists as the original cuts them: `5, 10, 15` and `10 - 20, 30` typed in its cost field.
    { code: '', position: '', symbol: '', text: '$15', values: ['5.', '10.', '15'] },
    { code: '', position: '', symbol: '', text: '$10 – $30', values: ['10', '20.', '30'] },
  ]
  const categoryPool = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
  for (let index = 0; index < 200; index++) {
    const id = 45 + index
    let status = 'publish'
    if (index % 16 === 3) status = 'draft'
    else if (index % 16 === 7) status = 'pending'
    else if (index % 25 === 11) status = 'private'
    else if (index % 30 === 13) status = 'future'
    if (id === LATE_SCHEDULED_EVENT) status = 'future'
    if (id === TRASHED.events) status = 'trash'
    const amp = index % 10 === 4
    // Typed straight (which the source typesets) and typed curly (which it keeps).
    const title = amp
      ? `Rock & Roll Night ${index}`
      : index % 10 === 6
        ? `Jane's "Open" Studio -- ${index}...`
        : index % 10 === 8
          ? `Jane’s “Open” Studio ${index}`
          : `Event number ${index}`
    const timezone = zones[index % zones.length]!
    const day = formatWallTime(addDays(at('2026-01-05T12:00:00Z'), index * 3), 'UTC').slice(0, 10)
    const allDay = index % 13 === 0
    const start = inZone(
      allDay ? `${day} 00:00:00` : `${day} ${String(9 + (index % 8)).padStart(2, '0')}:30:00`,
      timezone,
    )
    const end = allDay
      ? inZone(
          `${formatWallTime(addDays(start, index % 2), timezone).slice(0, 10)} 23:59:59`,
          timezone,
        )
      : new Date(start.getTime() + (2 + (index % 3)) * 3_600_000)
    const record: EventRecord = {
      ...post(id, index, status, slugOf(title)),
      allDay,
      categories:
        index % 6 === 5
          ? []
          : [
              categoryPool[index % 12]!,
              ...(index % 4 === 0 ? [categoryPool[(index + 5) % 12]!] : []),
            ],
      cost: costs[index % costs.length]!,
      description:
        index % 5 === 0
          ? ''
          : index % 2
            ? `<p>Event <strong>${index}</strong> is about <em>things</em>, see <a href="https://example.com/e/${index}">the page</a>.</p><ul><li>One</li><li>Two</li></ul>`
            : index % 4 === 2
              ? // Typed as editors type, which the original typesets (curly quotes, dashes, `&#038;`, also in the link).
                `<h2>About</h2><p>Event ${index}'s "description" -- 2x3 & more...</p><p>Second <a href="https://example.com/e/${index}?a=1&b=2">paragraph</a>.</p>`
              : `<h2>About</h2><p>Event ${index} description.</p><p>Second paragraph.</p>`,
      end,
      excerpt: index % 3 === 1 ? `Short excerpt ${index}` : '',
      featured: index % 9 === 0,
      hidden: HIDDEN_EVENTS.includes(id),
      image: index % 40 === 5 ? 320 + Math.floor(index / 40) : null,
      lineage: index % 50 === 0 ? [`aggregator.example?id=${1000 + index}`] : undefined,
      organizers:
        index % 3 === 0
          ? [25 + (index % 20)]
          : index % 3 === 1
            ? [25 + (index % 20), 25 + ((index + 7) % 20)]
            : [],
      password: id === PROTECTED.events ? 'event-secret' : undefined,
      showMap: index % 2 === 0,
      showMapLink: index % 3 === 0,
      start,
      sticky: index % 11 === 0,
      tags:
        index % 5 === 4
          ? []
          : [14 + (index % 10), ...(index % 3 === 0 ? [14 + ((index + 3) % 10)] : [])],
      timezone,
      title,
      tr: {
        ...(index % 3 === 0
          ? {
              fr: {
                description: `<p>Description en français ${index}.</p>`,
                title: `Événement ${index}`,
                ...(index % 9 === 0 ? { excerpt: `Résumé ${index}` } : {}),
              },
            }
          : {}),
        ...(index % 4 === 0 ? { es: { title: `Evento ${index}` } } : {}),
      },
      venue: index % 10 === 9 ? null : 1 + ((index % 24 === 6 ? 7 : index) % 24),
      website: [
        null,
        `https://events.example/e${index}?a=1&b=2`,
        '',
        `https://events.example/e${index}`,
      ][index % 4]!,
    }
    if (record.venue === 7) record.venue = 8
    if (status === 'future') record.published = addDays(at('2027-06-01T12:00:00Z'), index)
    if (id === LATE_SCHEDULED_EVENT) {
      record.published = at('2026-05-01T12:00:00Z')
      record.categories = []
      record.tags = []
    }
    if (id === 150)
      record.customFields = { _ecp_custom_2: { label: 'Dress code', value: 'Formal' } }
    site.events.set(id, record)
  }
  // Broken events: none of them may land, and none may leave anything half-written.
  const broken = (id: number, change: Partial<EventRecord>) =>
    Object.assign(site.events.get(id)!, { categories: [], tags: [] }, change)
  broken(235, { wire: { start_date: 'not a date', utc_start_date: 'not a date either' } })
  broken(236, { wire: { timezone: 'Mars/Olympus_Mons' } })
  broken(237, { image: 326, title: '' })
  broken(238, { venue: 7 })
  broken(239, { status: 'inherit' })
  broken(240, { categories: [13] })
  return site
}

export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export type FixtureServer = { close: () => Promise<void>; requests: () => number; url: string }

/**
 * How a hostile source departs from the site's data: `answer` takes a request over (true when it
 * answered it), `headers` and `text` change an answer's headers and JSON text (to give what
 * `JSON.stringify` cannot write, such as values nested a hundred thousand levels deep).
 */
export type FixtureHostility = {
  answer?: (url: URL, res: http.ServerResponse) => boolean
  headers?: (url: URL, headers: Record<string, string>) => Record<string, string>
  text?: (url: URL, text: string) => string
}

/** Serves `site` on a free port of 127.0.0.1. The data may be changed between requests. */
export async function startWpFixtureServer(
  site: FixtureSite,
  hostility: FixtureHostility = {},
): Promise<FixtureServer> {
  let count = 0
  let origin = ''
  const server = http.createServer((req, res) => {
    count++
    const url = new URL(req.url ?? '/', origin)
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=UTF-8',
        ...(hostility.headers?.(url, headers) ?? headers),
      })
      const text = JSON.stringify(body)
      res.end(hostility.text ? hostility.text(url, text) : text)
    }
    if (hostility.answer?.(url, res)) return
    try {
      const image = /^\/wp-content\/uploads\/2026\/11\/(.+)$/.exec(url.pathname)
      if (image) {
        const found = [...site.images.values()].find(
          (item) => item.filename === image[1] && item.reachable,
        )
        if (!found) return send(404, { code: 'not_found' })
        res.writeHead(200, {
          'Content-Length': String(found.data.length),
          'Content-Type': 'image/png',
        })
        return res.end(found.data)
      }
      const route = /^(?:\/(fr|es))?\/wp-json(\/.*)?$/.exec(url.pathname.replace(/\/+$/, ''))
      if (!route)
        return send(404, { code: 'not_found', message: 'Not a REST route', data: { status: 404 } })
      const authorization = req.headers.authorization
      let signedIn = false
      if (authorization) {
        const [login, password] = Buffer.from(authorization.replace(/^Basic /, ''), 'base64')
          .toString()
          .split(/:(.*)/s)
        if (login !== site.auth.user || password !== site.auth.password) {
          return send(401, {
            code: 'incorrect_password',
            message: 'The provided password is an invalid application password.',
            data: { status: 401 },
          })
        }
        signedIn = true
      }
      const language =
        (route[1] as Language | undefined) ??
        (url.searchParams.get('i18n_language') as Language | null) ??
        undefined
      const answer = new Api(
        site,
        origin,
        route[1] as Language | undefined,
        language && LANGUAGES.includes(language) ? language : undefined,
        signedIn,
        signedIn && url.searchParams.get('context') === 'edit',
      ).answer(route[2] ?? '/', url.searchParams)
      return send(answer.status, answer.body, answer.headers)
    } catch (error) {
      return send(500, { code: 'internal', message: String(error), data: { status: 500 } })
    }
  })
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    close: () => new Promise((resolve) => server.close(() => resolve())),
    requests: () => count,
    url: origin,
  }
}

type Answer = { body: unknown; headers?: Record<string, string>; status: number }
const error = (status: number, code: string, message: string): Answer => ({
  body: { code, message, data: { status } },
  status,
})
const ZERO = '0000-00-00 00:00:00'

/** One request's view of the site: its language, whether it is signed in, and the original's serializers. */
class Api {
  private readonly api: string
  constructor(
    private readonly site: FixtureSite,
    private readonly origin: string,
    root: Language | undefined,
    private readonly language: Language | undefined,
    private readonly signedIn: boolean,
    /** A signed-in caller asked with `context=edit`: protected items are shown in full (not when embedded). */
    private readonly editContext: boolean,
  ) {
    this.api = `${origin}${root ? `/${root}` : ''}/wp-json/${NAMESPACE}`
  }

  answer(path: string, query: URLSearchParams): Answer {
    if (path === '/')
      return {
        body: {
          name: 'Old site',
          url: this.origin,
          home: this.origin,
          gmt_offset: -5,
          timezone_string: FIXTURE_TIMEZONE,
          namespaces: ['wp/v2', NAMESPACE],
        },
        status: 200,
      }
    const user = /^\/wp\/v2\/users\/(\d+)$/.exec(path)
    if (user) {
      const found = this.site.users.get(Number(user[1]))
      if (!found) return error(404, 'rest_user_invalid_id', 'Invalid user ID.')
      const edit = query.get('context') === 'edit'
      if (edit && !this.signedIn)
        return error(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this user.')
      return {
        body: {
          id: found.id,
          name: found.name,
          slug: found.slug,
          ...(edit ? { email: found.email, roles: found.roles, username: found.username } : {}),
        },
        status: 200,
      }
    }
    if (!path.startsWith(`/${NAMESPACE}`))
      return error(404, 'rest_no_route', 'No route was found matching the URL and request method.')
    const rest = path.slice(NAMESPACE.length + 1) || '/'
    if (rest === '/') return { body: { namespace: NAMESPACE, routes: {} }, status: 200 }
    const list = /^\/(events|venues|organizers|categories|tags)$/.exec(rest)
    if (list) return this.list(list[1]!, query)
    const single = /^\/(events|venues|organizers|categories|tags)\/(\d+)$/.exec(rest)
    if (single) return this.single(single[1]!, Number(single[2]))
    return error(404, 'rest_no_route', 'No route was found matching the URL and request method.')
  }

  private visible(post: PostRecord): boolean {
    return post.status === 'publish' || (this.signedIn && post.status !== 'trash')
  }

  /** A list's statuses: the default view, or the `status` asked for (editors only, as `filter_post_status_list`). */
  private listed(post: PostRecord, query: URLSearchParams): boolean {
    const asked = query.get('status')
    if (!asked || !this.signedIn) return this.visible(post)
    return asked.split(',').includes(post.status)
  }

  /** Venues and organizers an event embeds: a trashed one still shows (the original reads it by id, whatever its status). */
  private embeddable(post: PostRecord): boolean {
    return this.visible(post) || post.status === 'trash'
  }

  private locked(post: PostRecord, embedded = false): boolean {
    return Boolean(post.password) && (embedded || !this.editContext)
  }

  private text(item: { tr?: Translations }, field: string, fallback: string): string {
    return (this.language && item.tr?.[this.language]?.[field]) ?? fallback
  }

  private list(kind: string, query: URLSearchParams): Answer {
    const perPage = Math.min(Number(query.get('per_page') ?? 10), 50)
    const page = Number(query.get('page') ?? 1)
    let items: unknown[]
    if (kind === 'events') {
      const from = query.get('start_date')
        ? inZone(`${query.get('start_date')!.slice(0, 10)} 00:00:00`, FIXTURE_TIMEZONE)
        : new Date(0)
      const to = query.get('end_date')
        ? inZone(`${query.get('end_date')!.slice(0, 10)} 23:59:59`, FIXTURE_TIMEZONE)
        : new Date(8.64e15)
      items = [...this.site.events.values()]
        .filter(
          (event) =>
            this.listed(event, query) && !event.hidden && event.start >= from && event.end <= to,
        )
        .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id - b.id)
        .map((event) => this.event(event))
    } else if (kind === 'venues' || kind === 'organizers') {
      const posts = [...(kind === 'venues' ? this.site.venues : this.site.organizers).values()] as (
        OrganizerRecord | VenueRecord
      )[]
      items = posts
        .filter((item) => this.listed(item, query))
        .sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id)
        .map((item) =>
          kind === 'venues'
            ? this.venue(item as VenueRecord)
            : this.organizer(item as OrganizerRecord),
        )
    } else {
      const terms = kind === 'categories' ? this.site.categories : this.site.tags
      const hideEmpty = !['false', '0'].includes(query.get('hide_empty') ?? '1')
      items = [...terms.values()]
        .filter((term) => !hideEmpty || this.count(kind, term.id) > 0)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((term) => this.term(kind, term))
    }
    const total = items.length
    const totalPages = total === 0 ? 0 : Math.ceil(total / perPage)
    const isTerm = kind === 'categories' || kind === 'tags'
    if (page > 1 && page > totalPages && !isTerm)
      return error(
        404,
        `${kind.slice(0, -1)}-archive-page-not-found`,
        `The requested ${kind.slice(0, -1)} archive page does not exist`,
      )
    const base = `${this.api}/${kind}/`
    const params = new URLSearchParams(query)
    params.delete('page')
    const pageUrl = (number: number) =>
      `${base}?${new URLSearchParams([...params, ['page', String(number)]]).toString()}`
    const body: Record<string, unknown> = isTerm
      ? { rest_url: base, total, total_pages: totalPages }
      : {}
    body[kind] = items.slice((page - 1) * perPage, page * perPage)
    if (!isTerm)
      body.rest_url = `${base}?${new URLSearchParams([['page', String(page)], ...params]).toString()}`
    if (page < totalPages) body.next_rest_url = pageUrl(page + 1)
    if (page > 1) body.previous_rest_url = page === 2 ? base : pageUrl(page - 1)
    if (!isTerm) Object.assign(body, { total, total_pages: totalPages })
    return {
      body,
      headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) },
      status: 200,
    }
  }

  private single(kind: string, id: number): Answer {
    if (kind === 'events') {
      const event = this.site.events.get(id)
      if (!event) {
        if (this.site.venues.has(id) || this.site.organizers.has(id))
          return error(400, 'rest-invalid-event-id', 'The specified ID is not a valid event.')
        return error(404, 'rest-event-not-found', `Event with ID ${id} does not exist.`)
      }
      if (event.status === 'trash')
        return error(403, 'event-no-longer-available', 'This event is no longer available')
      if (!this.visible(event))
        return error(403, 'event-not-accessible', 'The requested event is not accessible')
      if (this.locked(event))
        return error(
          403,
          'event-password-protected',
          'The requested event is not accessible without a password',
        )
      return {
        body: {
          ...this.event(event),
          json_ld: { '@type': 'Event', description: this.summary(event) },
        },
        status: 200,
      }
    }
    if (kind === 'venues' || kind === 'organizers') {
      const item = (kind === 'venues' ? this.site.venues : this.site.organizers).get(id)
      if (!item || !this.visible(item))
        return error(400, 'rest_invalid_param', 'Invalid parameter(s): id')
      return {
        body:
          kind === 'venues'
            ? this.venue(item as VenueRecord)
            : this.organizer(item as OrganizerRecord),
        status: 200,
      }
    }
    const term = (kind === 'categories' ? this.site.categories : this.site.tags).get(id)
    if (!term) return error(400, 'rest_invalid_param', 'Invalid parameter(s): id')
    return { body: this.term(kind, term), status: 200 }
  }

  /** Published events using the term: WordPress's stored term count. */
  private count(kind: string, id: number): number {
    return [...this.site.events.values()].filter(
      (event) =>
        event.status === 'publish' &&
        (kind === 'categories' ? event.categories : event.tags).includes(id),
    ).length
  }

  private postMeta(post: PostRecord) {
    const date = post.published ?? post.created
    return {
      author: String(post.author),
      status: post.status,
      date: formatWallTime(date, FIXTURE_TIMEZONE),
      date_utc: post.published ? formatWallTime(date, 'UTC') : ZERO,
      modified: formatWallTime(post.modified, FIXTURE_TIMEZONE),
      modified_utc: post.published ? formatWallTime(post.modified, 'UTC') : ZERO,
    }
  }

  private ids(post: PostRecord) {
    const own = `127.0.0.1?id=${post.id}`
    return { global_id: own, global_id_lineage: [own, ...(post.lineage ?? [])] }
  }

  private permalink(post: PostRecord, base: string, type: string): string {
    // As recorded with the oracle (test/fixtures/oracle, class b): scheduled posts get the plain permalink too.
    return ['publish', 'private'].includes(post.status)
      ? `${this.origin}/${base}/${post.slug}/`
      : `${this.origin}/?post_type=${type}&p=${post.id}`
  }

  /** An event has no slug until published; a venue or organizer has one from the start (oracle, class b). */
  private slug(post: PostRecord, kind: 'event' | 'linked' = 'event'): string {
    return post.published || kind === 'linked' ? post.slug : ''
  }

  private image(id: null | number | undefined): false | Record<string, unknown> {
    const image = id ? this.site.images.get(id) : undefined
    if (!image) return false
    const url = (filename: string) => `${this.origin}/wp-content/uploads/2026/11/${filename}`
    const sizes =
      image.sizes &&
      Object.fromEntries(
        Object.entries(image.sizes).map(([name, size]) => [
          name,
          {
            width: size.width,
            height: size.height,
            'mime-type': 'image/png',
            filesize: size.filesize,
            url: url(size.filename),
          },
        ]),
      )
    return {
      url: url(image.filename),
      id: image.id,
      extension: 'png',
      width: image.width,
      height: image.height,
      filesize: image.data.length,
      ...(sizes ? { sizes } : {}),
    }
  }

  /**
   * The JSON-LD description the original gives (docs/compatibility.md, "JSON-LD"): the excerpt, else
   * the description's text as written, cut after 30 words (its rules, checked with the oracle, are
   * endpoints/events/jsonLdDescription.ts's).
   */
  private summary(event: EventRecord): string {
    const written = summaryTextOf(this.text(event, 'description', event.description))
    return jsonLdDescription(
      paragraph(this.text(event, 'excerpt', event.excerpt)),
      written ? 'written' : null,
      written,
    )
  }

  private event(event: EventRecord): Record<string, unknown> {
    const wall = (instant: Date, zone: string) => formatWallTime(instant, zone)
    const [start, end, utcStart, utcEnd] = [
      wall(event.start, event.timezone),
      wall(event.end, event.timezone),
      wall(event.start, 'UTC'),
      wall(event.end, 'UTC'),
    ]
    const url = this.permalink(event, 'event', 'tribe_events')
    const object: Record<string, unknown> = {
      id: event.id,
      ...this.ids(event),
      ...this.postMeta(event),
      url,
      rest_url: `${this.api}/events/${event.id}`,
      title: wptexturize(this.text(event, 'title', event.title)),
      description: asTheContent(this.text(event, 'description', event.description)),
      excerpt: asTheExcerpt(this.text(event, 'excerpt', event.excerpt)),
      slug: this.slug(event),
      image: this.image(event.image),
      all_day: event.allDay,
      start_date: start,
      start_date_details: dateDetails(start),
      end_date: end,
      end_date_details: dateDetails(end),
      utc_start_date: utcStart,
      utc_start_date_details: dateDetails(utcStart),
      utc_end_date: utcEnd,
      utc_end_date_details: dateDetails(utcEnd),
      timezone: event.timezone,
      timezone_abbr: timezoneAbbreviation(event.start, event.timezone),
      cost: event.cost.text,
      cost_details: {
        currency_symbol: event.cost.symbol,
        currency_code: event.cost.code,
        currency_position: event.cost.position,
        values: event.cost.values,
      },
      website: event.website === null ? url : event.website.replace(/&/g, '&amp;'),
      show_map: event.showMap,
      show_map_link: event.showMapLink,
      hide_from_listings: event.hidden,
      sticky: event.sticky,
      featured: event.featured,
      categories: this.embeddedTerms('categories', event.categories),
      tags: this.embeddedTerms('tags', event.tags),
      venue: this.embeddedVenue(event.venue),
      organizer: event.organizers
        .map((id) => this.site.organizers.get(id))
        .filter((item): item is OrganizerRecord => Boolean(item) && this.embeddable(item!))
        .map((item) => this.organizer(item)),
      custom_fields: event.customFields ?? [],
      ...event.wire,
    }
    if (this.locked(event)) {
      Object.assign(object, {
        description: '',
        excerpt: '',
        image: false,
        all_day: null,
        cost: '',
        cost_details: { currency_symbol: '', currency_position: '', currency_code: '', values: [] },
        website: '',
        show_map: null,
        show_map_link: null,
        hide_from_listings: null,
        sticky: null,
        featured: null,
        categories: [],
        tags: [],
        venue: [],
        organizer: [],
        custom_fields: [],
      })
    }
    return object
  }

  private embeddedVenue(id: null | number) {
    const venue = id ? this.site.venues.get(id) : undefined
    return venue && this.embeddable(venue) ? this.venue(venue, true) : []
  }

  private embeddedTerms(kind: 'categories' | 'tags', ids: number[]) {
    const terms = kind === 'categories' ? this.site.categories : this.site.tags
    return ids
      .map((id) => terms.get(id))
      .filter((term): term is TermRecord => Boolean(term))
      .map((term) => ({ term, name: this.text(term, 'name', term.name) }))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(({ term, name }) => {
        const collection = `${this.api}/${kind}`
        return {
          name: escapeTermName(name),
          slug: term.slug,
          term_group: 0,
          term_taxonomy_id: term.id,
          taxonomy: kind === 'categories' ? 'tribe_events_cat' : 'post_tag',
          description: this.text(term, 'description', term.description),
          parent: term.parent,
          count: this.count(kind, term.id),
          filter: 'raw',
          id: term.id,
          urls: {
            self: `${collection}/${term.id}`,
            collection,
            ...(term.parent ? { up: `${collection}/${term.parent}` } : {}),
          },
        }
      })
  }

  private term(kind: string, term: TermRecord) {
    const collection = `${this.api}/${kind}`
    const path: string[] = []
    for (
      let current: TermRecord | undefined = term;
      current;
      current = this.site.categories.get(current.parent)
    ) {
      path.unshift(current.slug)
      if (kind !== 'categories') break
    }
    return {
      id: term.id,
      count: this.count(kind, term.id),
      description: this.text(term, 'description', term.description),
      name: escapeTermName(this.text(term, 'name', term.name)),
      slug: term.slug,
      taxonomy: kind === 'categories' ? 'tribe_events_cat' : 'post_tag',
      ...(kind === 'categories' ? { parent: term.parent } : {}),
      meta: [],
      url:
        kind === 'categories'
          ? `${this.origin}/events/category/${path.join('/')}/`
          : `${this.origin}/tag/${term.slug}/`,
      urls: {
        self: `${collection}/${term.id}`,
        collection,
        ...(term.parent ? { up: `${collection}/${term.parent}` } : {}),
      },
    }
  }

  private venue(venue: VenueRecord, embedded = false) {
    const american = venue.country === 'United States'
    const kept = dropEmpty({
      id: venue.id,
      ...this.postMeta(venue),
      url: this.permalink(venue, 'venue', 'tribe_venue'),
      venue: wptexturize(this.text(venue, 'name', venue.name)),
      description: asTheContent(this.text(venue, 'description', venue.description)),
      excerpt: asTheExcerpt(venue.excerpt),
      slug: this.slug(venue, 'linked'),
      image: this.image(venue.image),
      address: venue.address,
      city: venue.city,
      country: venue.country,
      province: venue.province,
      state: venue.state,
      zip: venue.zip,
      phone: venue.phone,
      website: venue.website,
      stateprovince: american ? venue.state : venue.province,
      ...(venue.lat !== undefined && venue.lng !== undefined
        ? { geo_lat: venue.lat, geo_lng: venue.lng }
        : {}),
    })
    const locked = this.locked(venue, embedded)
    if (locked) {
      // Only the keys the venue shows are blanked: none is added.
      const blanks: Record<string, unknown> = {
        venue: [],
        description: '',
        excerpt: '',
        address: '',
        city: '',
        country: '',
        province: '',
        zip: '',
        phone: '',
        website: '',
        stateprovince: '',
        geo_lat: 0,
        geo_lng: 0,
      }
      for (const key of Object.keys(blanks)) if (key in kept) kept[key] = blanks[key]
    }
    return {
      ...kept,
      show_map: locked ? null : venue.showMap,
      show_map_link: locked ? null : venue.showMapLink,
      ...this.ids(venue),
    }
  }

  private organizer(organizer: OrganizerRecord) {
    const kept = dropEmpty({
      id: organizer.id,
      ...this.postMeta(organizer),
      url: this.permalink(organizer, 'organizer', 'tribe_organizer'),
      organizer: wptexturize(this.text(organizer, 'name', organizer.name)),
      description: asTheContent(this.text(organizer, 'description', organizer.description)),
      excerpt: asTheExcerpt(organizer.excerpt),
      slug: this.slug(organizer, 'linked'),
      image: this.image(organizer.image),
      phone: organizer.phone,
      website: organizer.website,
      email: organizer.email,
    })
    return { ...kept, ...this.ids(organizer) }
  }
}

/** What WordPress's `the_title` does to a title (checked against the original: src/lib/texturize.spec.ts). */
const wptexturize = texturize

function escapeTermName(name: string): string {
  return name.replace(/&/g, '&amp;')
}

function paragraph(text: string): string {
  return text ? `<p>${text}</p>` : ''
}

function dropEmpty(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([key, value]) =>
        !(
          value === '' ||
          value === false ||
          value === '0' ||
          value === 0 ||
          value === null ||
          (Array.isArray(value) && !value.length)
        ) || key === 'id',
    ),
  )
}
