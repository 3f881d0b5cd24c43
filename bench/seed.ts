/**
 * Fills a fresh database for the benchmark: `node --import tsx bench/seed.ts <summary.json>`
 * with DATABASE_URL set and BENCH_EVENTS (default 10,000; 0 creates the accounts alone).
 *
 * The schema comes from the committed migrations (applied by booting Payload) and the few rows
 * whose values need Payload's own code (the administrator's password hash, an application
 * password) go through the Local API. Everything else is written with batched SQL in the shape
 * Payload itself writes (checked against rows the Local API wrote), because creating 100,000
 * events one by one through hooks would take hours: venues, organizers, categories with parents,
 * tags, images, events with translations, costs, relations and a realistic mix of statuses.
 * Random choices come from a seeded generator, so two runs with the same N hold the same data.
 */
import fs from 'node:fs/promises'
import pg from 'pg'

import { wholeSecond } from '../src/lib/postDate'
import { localWallTime } from '../src/lib/wallTimes'
import { parseCost } from '../src/lib/cost'
import { toSlug } from '../src/lib/wpSlug'

export type SeedSummary = {
  admin: { email: string; password: string; username: string }
  appPassword: string
  categories: number
  events: number
  /** A category and a venue that share many upcoming published events, for the filter scenario. */
  filter: { category: number; venue: number }
  organizers: number
  /** Published, listed, unprotected events starting in the default window, for single reads. */
  sample: { id: number; slug: string }[]
  seconds: number
  tags: number
  venues: number
}

const DAY = 86_400_000
const BATCH = 5_000

/** mulberry32: small, fast, seeded. */
export function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const chance = (p: number) => next() < p
  const weighted = <T extends string>(weights: Record<T, number>): T => {
    let roll = next()
    for (const [key, weight] of Object.entries(weights) as [T, number][]) {
      roll -= weight
      if (roll < 0) return key
    }
    return Object.keys(weights)[0] as T
  }
  const some = <T>(items: readonly T[], count: number): T[] => {
    const chosen = new Set<T>()
    while (chosen.size < Math.min(count, items.length)) chosen.add(pick(items))
    return [...chosen]
  }
  return { chance, int, next, pick, some, weighted }
}

const ADJECTIVES = [
  'Summer',
  'Winter',
  'Late-night',
  'Open-air',
  'Acoustic',
  'Family',
  'Community',
  'Grand',
  'Little',
  'Annual',
  'Midweek',
  'Sunday',
  'Candlelit',
  'Riverside',
  'Downtown',
]
const NOUNS = [
  'Jazz Night',
  'Book Club',
  'Farmers Market',
  'Film Screening',
  'Yoga Class',
  'Wine Tasting',
  'Poetry Reading',
  'Street Fair',
  'Concert',
  'Workshop',
  'Lecture',
  'Quiz Night',
  'Craft Fair',
  'Dance Party',
  'Gallery Opening',
  'Choir Rehearsal',
  'Hackathon',
  'Charity Run',
]
const FR_NOUNS = [
  'Soirée jazz',
  'Club de lecture',
  'Marché fermier',
  'Projection',
  'Cours de yoga',
  'Dégustation',
  'Lecture de poèmes',
  'Fête de rue',
  'Concert',
  'Atelier',
  'Conférence',
]
const ES_NOUNS = [
  'Noche de jazz',
  'Club de lectura',
  'Mercado',
  'Proyección',
  'Clase de yoga',
  'Cata de vinos',
  'Recital',
  'Feria',
  'Concierto',
  'Taller',
  'Conferencia',
]
const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat'.split(
    ' ',
  )
const CITIES: [string, string, string, string, string][] = [
  // city, state, province, country, zip prefix
  ['New York', 'NY', '', 'United States', '100'],
  ['Boston', 'MA', '', 'United States', '021'],
  ['Chicago', 'IL', '', 'United States', '606'],
  ['Austin', 'TX', '', 'United States', '787'],
  ['Paris', '', 'Île-de-France', 'France', '750'],
  ['Lyon', '', 'Auvergne-Rhône-Alpes', 'France', '690'],
  ['Madrid', '', 'Comunidad de Madrid', 'Spain', '280'],
  ['Montréal', '', 'Québec', 'Canada', 'H2X'],
]
const COSTS = ['', '', '', '', 'Free', '$15', '$10 - $25', '20€', '5', '$45.50', 'Donation', '€12']
const STATUS_WEIGHTS = {
  publish: 0.8,
  draft: 0.04,
  pending: 0.03,
  future: 0.02,
  private: 0.03,
  trash: 0.08,
}
const CATEGORY_TREE: [string, string[]][] = [
  ['Music', ['Jazz', 'Classical', 'Rock', 'Folk']],
  ['Arts', ['Theatre & Drama', 'Painting', 'Photography']],
  ['Family', ['Kids', 'Outdoors']],
  ['Learning', ['Workshops', 'Lectures', 'Languages']],
  ['Food & Drink', ['Tastings', 'Markets']],
  ['Sports', ['Running', 'Yoga', 'Cycling']],
]

type Rng = ReturnType<typeof generator>

function sentence(rng: Rng, words: number): string {
  const text = Array.from({ length: words }, () => rng.pick(WORDS)).join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1) + '.'
}

/** A Lexical state as the admin editor stores it: paragraphs, some bold or italic text, a link now and then. */
function lexical(rng: Rng, title: string): { json: unknown; text: string } {
  const paragraphs = Array.from({ length: rng.int(1, 3) }, (_, index) => {
    const children: Record<string, unknown>[] = [
      textNode(
        index === 0 ? `${title}: ${sentence(rng, rng.int(8, 20))}` : sentence(rng, rng.int(10, 30)),
        0,
      ),
    ]
    if (rng.chance(0.4))
      children.push(textNode(` ${sentence(rng, rng.int(3, 8))}`, rng.pick([1, 2, 3])))
    if (rng.chance(0.15)) {
      children.push({
        type: 'link',
        children: [textNode('More information', 0)],
        direction: 'ltr',
        fields: {
          linkType: 'custom',
          newTab: rng.chance(0.5),
          url: `https://example.org/info/${rng.int(1, 9999)}`,
        },
        format: '',
        indent: 0,
        version: 3,
      })
    }
    return {
      type: 'paragraph',
      children,
      direction: 'ltr',
      format: '',
      indent: 0,
      textFormat: 0,
      textStyle: '',
      version: 1,
    }
  })
  const text = paragraphs
    .map((paragraph) =>
      paragraph.children
        .map((child) => (child.text as string | undefined) ?? 'More information')
        .join(''),
    )
    .join('\n\n')
  return {
    json: {
      root: {
        type: 'root',
        children: paragraphs,
        direction: 'ltr',
        format: '',
        indent: 0,
        version: 1,
      },
    },
    text,
  }
}

function textNode(text: string, format: number) {
  return { type: 'text', detail: 0, format, mode: 'normal', style: '', text, version: 1 }
}

/** The single events' one occurrence each, as the occurrences' migration backfills it. */
export const SINGLE_OCCURRENCES = `
  INSERT INTO calendar_occurrences (id, event_id, original_start, start_local, end_local, start_utc, end_utc)
  SELECT e.id, e.id, e.start_local::timestamp, e.start_local::timestamp, GREATEST(e.end_local::timestamp, e.start_local::timestamp), e.start_date, GREATEST(e.end_date, e.start_date)
  FROM events e WHERE e.recurrence_rule IS NULL AND e.start_date IS NOT NULL AND e.end_date IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM calendar_occurrences o WHERE o.event_id = e.id)`

/** Inserts rows column-wise through `unnest`, one statement per batch. */
async function insert(
  client: pg.ClientBase,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
) {
  const names = Object.keys(columns)
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH)
    const values = names.map((name) =>
      batch.map((row) => (row[name] === undefined ? null : row[name])),
    )
    const casts = names.map((name, index) => `$${index + 1}::${columns[name]}[]`).join(', ')
    const quoted = names.map((name) => `"${name}"`).join(', ')
    await client.query(`INSERT INTO "${table}" (${quoted}) SELECT * FROM unnest(${casts})`, values)
  }
}

export async function seed(args: {
  events: number
  log: (message: string) => void
}): Promise<SeedSummary> {
  const started = Date.now()
  const { events: eventCount, log } = args
  const rng = generator(20261121 + eventCount)
  const now = Date.now()

  const { bootPayload } = await import('../src/server/db/boot')
  const payload = await bootPayload()

  const admin = {
    email: 'bench-admin@example.test',
    password: 'bench-admin-password',
    username: 'bench-admin',
  }
  const adminUser = await payload.create({
    collection: 'users',
    data: { ...admin, role: 'administrator' } as never,
    overrideAccess: true,
  })
  const authorIds = [adminUser.id as number]
  for (const role of ['editor', 'author', 'author']) {
    const username = `bench-${role}-${authorIds.length}`
    const user = await payload.create({
      collection: 'users',
      data: {
        email: `${username}@example.test`,
        password: `${username}-password`,
        role,
        username,
      } as never,
      overrideAccess: true,
    })
    authorIds.push(user.id as number)
  }
  const issued = (await payload.create({
    collection: 'application-passwords' as never,
    data: { name: 'bench' } as never,
    overrideAccess: true,
    user: { ...adminUser, collection: 'users' },
  })) as unknown as { password: string }
  // Accounts only: the mix benchmark (bench/mix) seeds its calendar through the API, as on the original.
  if (eventCount === 0)
    return {
      admin,
      appPassword: issued.password,
      categories: 0,
      events: 0,
      filter: { category: 0, venue: 0 },
      organizers: 0,
      sample: [],
      seconds: Math.round((Date.now() - started) / 100) / 10,
      tags: 0,
      venues: 0,
    }

  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  await client.query('BEGIN')

  // Images: rows only (no files); the API shows their URLs and sizes.
  const media = Array.from({ length: 40 }, (_, index) => ({
    id: index + 1,
    filename: `bench-image-${index + 1}.jpg`,
  }))
  await insert(
    client,
    'media',
    {
      id: 'int',
      filename: 'varchar',
      mime_type: 'varchar',
      filesize: 'numeric',
      width: 'numeric',
      height: 'numeric',
      sizes_thumbnail_filename: 'varchar',
      sizes_thumbnail_width: 'numeric',
      sizes_thumbnail_height: 'numeric',
      sizes_thumbnail_mime_type: 'varchar',
      sizes_thumbnail_filesize: 'numeric',
      sizes_medium_filename: 'varchar',
      sizes_medium_width: 'numeric',
      sizes_medium_height: 'numeric',
      sizes_medium_mime_type: 'varchar',
      sizes_medium_filesize: 'numeric',
    },
    media.map((item) => ({
      ...item,
      mime_type: 'image/jpeg',
      filesize: 180_000,
      width: 1600,
      height: 1067,
      sizes_thumbnail_filename: item.filename.replace('.jpg', '-150x150.jpg'),
      sizes_thumbnail_width: 150,
      sizes_thumbnail_height: 150,
      sizes_thumbnail_mime_type: 'image/jpeg',
      sizes_thumbnail_filesize: 6_000,
      sizes_medium_filename: item.filename.replace('.jpg', '-300x200.jpg'),
      sizes_medium_width: 300,
      sizes_medium_height: 200,
      sizes_medium_mime_type: 'image/jpeg',
      sizes_medium_filesize: 14_000,
    })),
  )
  await client.query(`SELECT setval('media_id_seq', 40)`)
  const mediaIds = media.map((item) => item.id)

  // Terms share one id sequence: categories first, then tags.
  const categories: { id: number; name: string; parent: null | number }[] = []
  for (const [parentName, children] of CATEGORY_TREE) {
    const parent = { id: categories.length + 1, name: parentName, parent: null }
    categories.push(parent)
    for (const child of children)
      categories.push({ id: categories.length + 1, name: child, parent: parent.id })
  }
  const tagNames = Array.from(
    { length: 60 },
    (_, index) => `${rng.pick(WORDS)} ${rng.pick(WORDS)} ${index + 1}`,
  )
  const tags = tagNames.map((name, index) => ({ id: categories.length + index + 1, name }))
  const termStamp = new Date(now - 400 * DAY).toISOString()
  await insert(
    client,
    'event_categories',
    {
      id: 'int',
      slug: 'varchar',
      parent_id: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    categories.map((term) => ({
      id: term.id,
      slug: toSlug(term.name),
      parent_id: term.parent,
      created_at: termStamp,
      updated_at: termStamp,
    })),
  )
  await insert(
    client,
    'event_categories_locales',
    { name: 'varchar', description: 'varchar', _locale: '_locales', _parent_id: 'int' },
    categories.flatMap((term) => [
      {
        name: term.name.replace('&', '&amp;'),
        description: rng.chance(0.5) ? sentence(rng, 8) : null,
        _locale: 'en',
        _parent_id: term.id,
      },
      ...(rng.chance(0.5)
        ? [{ name: `${term.name} (fr)`, description: null, _locale: 'fr', _parent_id: term.id }]
        : []),
    ]),
  )
  await insert(
    client,
    'event_tags',
    { id: 'int', slug: 'varchar', created_at: 'timestamptz', updated_at: 'timestamptz' },
    tags.map((term) => ({
      id: term.id,
      slug: toSlug(term.name),
      created_at: termStamp,
      updated_at: termStamp,
    })),
  )
  await insert(
    client,
    'event_tags_locales',
    { name: 'varchar', _locale: '_locales', _parent_id: 'int' },
    tags.map((term) => ({ name: term.name, _locale: 'en', _parent_id: term.id })),
  )
  await client.query(`SELECT setval('calendar_term_ids', $1)`, [categories.length + tags.length])
  log(`  ${categories.length} categories, ${tags.length} tags, ${media.length} images`)

  // Posts share the other sequence: venues, organizers, then events.
  const venueCount = Math.max(20, Math.round(eventCount / 20))
  const organizerCount = Math.max(20, Math.round(eventCount / 25))
  const venueIds = Array.from({ length: venueCount }, (_, index) => index + 1)
  const organizerIds = Array.from({ length: organizerCount }, (_, index) => venueCount + index + 1)
  const firstEventId = venueCount + organizerCount + 1

  const postRow = (
    id: number,
    title: string,
    statusWeights: Record<string, number> = {
      publish: 0.9,
      draft: 0.04,
      private: 0.02,
      trash: 0.04,
    },
  ) => {
    const status = rng.weighted(statusWeights)
    const created = now - rng.int(1, 700) * DAY - rng.int(0, DAY)
    const neverPublished = status === 'draft' || status === 'pending'
    const slug = `${toSlug(title)}-${id}`
    const row = {
      id,
      slug: status === 'trash' ? `${slug}__trashed` : slug,
      status,
      status_before_trash: status === 'trash' ? 'publish' : null,
      published_at: neverPublished
        ? null
        : new Date(
            status === 'future' ? now + rng.int(1, 60) * DAY : created + rng.int(0, 3) * DAY,
          ).toISOString(),
      author_id: rng.pick(authorIds),
      password: rng.chance(0.01) ? 'secret' : null,
      created_at: new Date(created).toISOString(),
      updated_at: new Date(created + rng.int(0, 30) * DAY).toISOString(),
    }
    // What lists of events, venues and organizers order by, as `src/hooks/storePostDate.ts` keeps it.
    return { ...row, post_date: wholeSecond(String(row.published_at ?? row.created_at)) }
  }
  const POST_COLUMNS = {
    id: 'int',
    slug: 'varchar',
    published_at: 'timestamptz',
    author_id: 'int',
    password: 'varchar',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    post_date: 'timestamptz',
  }
  const localeRows = (id: number, name: string, withDescription: boolean, nameColumn: string) => {
    const rows: Record<string, unknown>[] = []
    const description = withDescription ? lexical(rng, name) : null
    rows.push({
      [nameColumn]: name,
      description: description ? JSON.stringify(description.json) : null,
      description_text: description?.text ?? null,
      excerpt: rng.chance(0.5) ? sentence(rng, rng.int(8, 16)) : null,
      _locale: 'en',
      _parent_id: id,
    })
    if (rng.chance(0.3)) {
      const french = withDescription ? lexical(rng, `${name} (fr)`) : null
      rows.push({
        [nameColumn]: `${name} (fr)`,
        description: french ? JSON.stringify(french.json) : null,
        description_text: french?.text ?? null,
        excerpt: null,
        _locale: 'fr',
        _parent_id: id,
      })
    }
    if (rng.chance(0.1))
      rows.push({
        [nameColumn]: `${name} (es)`,
        description: null,
        description_text: null,
        excerpt: null,
        _locale: 'es',
        _parent_id: id,
      })
    return rows
  }
  const LOCALE_COLUMNS = {
    description: 'jsonb',
    description_text: 'varchar',
    excerpt: 'varchar',
    _locale: '_locales',
    _parent_id: 'int',
  }

  const venues = venueIds.map((id) => {
    const [city, state, province, country, zip] = rng.pick(CITIES)
    const name = `${rng.pick(['The', 'Old', 'New', 'Central', 'North'])} ${rng.pick(['Hall', 'Theatre', 'Park', 'Library', 'Club', 'Gallery', 'Market Square', 'Church', 'Studio'])} ${id}`
    const geo = rng.chance(0.85)
    return {
      row: {
        ...postRow(id, name),
        address: `${rng.int(1, 999)} ${rng.pick(['Main St', 'Rue de la Paix', 'Calle Mayor', 'Elm Ave', 'High St'])}`,
        city,
        state: state || null,
        province: province || null,
        state_province: state || province,
        country,
        zip: `${zip}${rng.int(10, 99)}`,
        latitude: geo ? (rng.next() * 120 - 60).toFixed(6) : null,
        longitude: geo ? (rng.next() * 300 - 150).toFixed(6) : null,
        phone: rng.chance(0.6) ? `+1 555 ${rng.int(100, 999)} ${rng.int(1000, 9999)}` : null,
        website: rng.chance(0.5) ? `https://venue-${id}.example.org` : null,
        show_map: rng.chance(0.8),
        show_map_link: rng.chance(0.8),
        image_id: rng.chance(0.3) ? rng.pick(mediaIds) : null,
      },
      locales: localeRows(id, name, rng.chance(0.6), 'name'),
    }
  })
  await insert(
    client,
    'venues',
    {
      ...POST_COLUMNS,
      status: 'enum_venues_status',
      status_before_trash: 'enum_venues_status_before_trash',
      address: 'varchar',
      city: 'varchar',
      state: 'varchar',
      province: 'varchar',
      state_province: 'varchar',
      country: 'varchar',
      zip: 'varchar',
      latitude: 'numeric',
      longitude: 'numeric',
      phone: 'varchar',
      website: 'varchar',
      show_map: 'bool',
      show_map_link: 'bool',
      image_id: 'int',
    },
    venues.map((venue) => venue.row),
  )
  await insert(
    client,
    'venues_locales',
    { name: 'varchar', ...LOCALE_COLUMNS },
    venues.flatMap((venue) => venue.locales),
  )

  const organizers = organizerIds.map((id) => {
    const name = `${rng.pick(['Friends of', 'Society for', 'Club', 'Collective', 'Association'])} ${rng.pick(NOUNS)} ${id}`
    return {
      row: {
        ...postRow(id, name),
        phone: rng.chance(0.5) ? `+1 555 ${rng.int(100, 999)} ${rng.int(1000, 9999)}` : null,
        email: rng.chance(0.7) ? `organizer-${id}@example.org` : null,
        website: rng.chance(0.5) ? `https://organizer-${id}.example.org` : null,
        image_id: rng.chance(0.2) ? rng.pick(mediaIds) : null,
      },
      locales: localeRows(id, name, rng.chance(0.4), 'name'),
    }
  })
  await insert(
    client,
    'organizers',
    {
      ...POST_COLUMNS,
      status: 'enum_organizers_status',
      status_before_trash: 'enum_organizers_status_before_trash',
      phone: 'varchar',
      email: 'varchar',
      website: 'varchar',
      image_id: 'int',
    },
    organizers.map((organizer) => organizer.row),
  )
  await insert(
    client,
    'organizers_locales',
    { name: 'varchar', ...LOCALE_COLUMNS },
    organizers.flatMap((organizer) => organizer.locales),
  )
  log(`  ${venueCount} venues, ${organizerCount} organizers`)

  const childCategories = categories.filter((term) => term.parent !== null).map((term) => term.id)
  const parentCategories = categories.filter((term) => term.parent === null).map((term) => term.id)
  const costDetails = new Map(COSTS.map((cost) => [cost, parseCost(cost)]))
  const EVENT_COLUMNS = {
    ...POST_COLUMNS,
    status: 'enum_events_status',
    status_before_trash: 'enum_events_status_before_trash',
    start_date: 'timestamptz',
    end_date: 'timestamptz',
    timezone: 'varchar',
    all_day: 'bool',
    venue_id: 'int',
    cost: 'varchar',
    website: 'varchar',
    cost_details_currency_symbol: 'varchar',
    cost_details_currency_position: 'enum_events_cost_details_currency_position',
    image_id: 'int',
    featured: 'bool',
    sticky: 'bool',
    hide_from_listings: 'bool',
    show_map: 'bool',
    show_map_link: 'bool',
    start_local: 'varchar',
    end_local: 'varchar',
  }
  for (let offset = 0; offset < eventCount; offset += BATCH * 4) {
    const rows: Record<string, unknown>[] = []
    const locales: Record<string, unknown>[] = []
    const rels: Record<string, unknown>[] = []
    const texts: Record<string, unknown>[] = []
    for (let index = offset; index < Math.min(eventCount, offset + BATCH * 4); index++) {
      const id = firstEventId + index
      const title = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} #${index + 1}`
      const allDay = rng.chance(0.08)
      const day = Math.floor((now - 365 * DAY) / DAY) * DAY + rng.int(0, 3 * 365) * DAY
      const start = allDay ? day : day + rng.int(16, 42) * 1_800_000
      const end = allDay
        ? day + rng.int(0, 2) * DAY + DAY - 1000
        : start + (rng.chance(0.05) ? rng.int(1, 3) * DAY : rng.int(2, 8) * 1_800_000)
      const cost = rng.pick(COSTS)
      const details = costDetails.get(cost)!
      const post = postRow(id, title, STATUS_WEIGHTS)
      const timezone = rng.weighted({ UTC: 0.8, 'America/New_York': 0.1, 'Europe/Paris': 0.1 })
      rows.push({
        ...post,
        start_date: new Date(start).toISOString(),
        end_date: new Date(end).toISOString(),
        timezone,
        all_day: allDay,
        // What the list orders and filters by, as `collections/Events/hooks/storeListOrder.ts` keeps it.
        start_local: localWallTime(new Date(start), timezone),
        end_local: localWallTime(new Date(end), timezone),
        venue_id: rng.chance(0.9) ? rng.pick(venueIds) : null,
        cost: cost || null,
        website: rng.chance(0.3) ? `https://tickets.example.org/event/${id}` : null,
        cost_details_currency_symbol: cost ? details.currencySymbol || null : null,
        cost_details_currency_position: cost ? details.currencyPosition || null : null,
        image_id: rng.chance(0.3) ? rng.pick(mediaIds) : null,
        featured: rng.chance(0.1),
        sticky: rng.chance(0.02),
        hide_from_listings: rng.chance(0.02),
        show_map: rng.chance(0.7),
        show_map_link: rng.chance(0.7),
      })
      const description = lexical(rng, title)
      locales.push({
        title,
        description: JSON.stringify(description.json),
        description_text: description.text,
        excerpt: rng.chance(0.5) ? sentence(rng, rng.int(10, 25)) : null,
        _locale: 'en',
        _parent_id: id,
      })
      if (rng.chance(0.3)) {
        const french = `${rng.pick(FR_NOUNS)} n°${index + 1}`
        const frenchDescription = lexical(rng, french)
        locales.push({
          title: french,
          description: JSON.stringify(frenchDescription.json),
          description_text: frenchDescription.text,
          excerpt: null,
          _locale: 'fr',
          _parent_id: id,
        })
      }
      if (rng.chance(0.1))
        locales.push({
          title: `${rng.pick(ES_NOUNS)} n.º ${index + 1}`,
          description: null,
          description_text: null,
          excerpt: null,
          _locale: 'es',
          _parent_id: id,
        })
      rng
        .some(organizerIds, Number(rng.weighted({ 0: 0.2, 1: 0.6, 2: 0.2 })))
        .forEach((organizer, order) =>
          rels.push({
            order: order + 1,
            parent_id: id,
            path: 'organizers',
            organizers_id: organizer,
          }),
        )
      const eventCategories = rng.some(childCategories, rng.int(1, 2))
      if (rng.chance(0.3)) eventCategories.push(rng.pick(parentCategories))
      eventCategories.forEach((category, order) =>
        rels.push({
          order: order + 1,
          parent_id: id,
          path: 'categories',
          event_categories_id: category,
        }),
      )
      rng
        .some(
          tags.map((tag) => tag.id),
          rng.int(0, 4),
        )
        .forEach((tag, order) =>
          rels.push({ order: order + 1, parent_id: id, path: 'tags', event_tags_id: tag }),
        )
      details.values.forEach((value, order) =>
        texts.push({ order: order + 1, parent_id: id, path: 'costDetails.values', text: value }),
      )
      if (rng.chance(0.2))
        texts.push({
          order: 1,
          parent_id: id,
          path: 'globalIdLineage',
          text: `old.example.org?id=${rng.int(1, 99999)}`,
        })
    }
    await insert(client, 'events', EVENT_COLUMNS, rows)
    await insert(client, 'events_locales', { title: 'varchar', ...LOCALE_COLUMNS }, locales)
    await insert(
      client,
      'events_rels',
      {
        order: 'int',
        parent_id: 'int',
        path: 'varchar',
        organizers_id: 'int',
        event_categories_id: 'int',
        event_tags_id: 'int',
      },
      rels,
    )
    await insert(
      client,
      'events_texts',
      { order: 'int', parent_id: 'int', path: 'varchar', text: 'varchar' },
      texts,
    )
    log(`  ${Math.min(eventCount, offset + BATCH * 4)} / ${eventCount} events`)
  }
  await client.query(`SELECT setval('calendar_post_ids', $1)`, [firstEventId + eventCount - 1])
  // Lists read occurrences: each event's one, as the product stores it on save.
  await client.query(SINGLE_OCCURRENCES)
  await client.query('COMMIT')
  await client.query('VACUUM ANALYZE')

  const listed = (e: string) =>
    `${e}status = 'publish' AND NOT ${e}hide_from_listings AND ${e}password IS NULL AND ${e}start_date >= now() AND ${e}start_date < now() + interval '2 years'`
  const sample = await client.query(
    `SELECT id, slug FROM events WHERE ${listed('')} ORDER BY md5(id::text) LIMIT 500`,
  )
  const pair = await client.query(`
    SELECT e.venue_id AS venue, r.event_categories_id AS category, count(*) AS n
    FROM events e JOIN events_rels r ON r.parent_id = e.id AND r.path = 'categories'
    WHERE ${listed('e.')} AND e.venue_id IS NOT NULL
    GROUP BY 1, 2 ORDER BY n DESC, venue, category LIMIT 1`)
  await client.end()

  return {
    admin,
    appPassword: issued.password,
    categories: categories.length,
    events: eventCount,
    filter: { category: Number(pair.rows[0].category), venue: Number(pair.rows[0].venue) },
    organizers: organizerCount,
    sample: sample.rows.map((row) => ({ id: Number(row.id), slug: String(row.slug) })),
    seconds: Math.round((Date.now() - started) / 100) / 10,
    tags: tags.length,
    venues: venueCount,
  }
}

if (process.argv[1]?.endsWith('seed.ts')) {
  // Keeps the process alive while modules load: with tsx's loader hooks off the main thread,
  // Node 20 can otherwise find nothing to wait for during a dynamic import and exit early
  // (as src/server/start.ts does).
  setInterval(() => undefined, 1000)
  const out = process.argv[2]
  const events = Number(process.env.BENCH_EVENTS ?? 10_000)
  seed({ events, log: (message) => console.log(message) })
    .then(async (summary) => {
      if (out) await fs.writeFile(out, JSON.stringify(summary))
      process.exit(0)
    })
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
