import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { poolOf } from '../../src/db/pool'
import { pluginOptionsOf } from '../../src/pluginOptions'
import { htmlToLexical } from '../../src/lib/richText'
import { basic, serveCompatApi, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * Single events read in one SQL statement (`src/calendar/events/leanEvent.ts`) against the same reads
 * through Payload (the plugin's `reads.sql` option off), over HTTP: every status of the event, of its venue
 * and of its organizers (draft, pending, scheduled, private, trashed, password-protected, an
 * author's own), every kind of caller, by id and by slug, with and without the password, in the
 * default language and in another one with missing translations. Both answers must be the same,
 * byte for byte, and who may read what is also asserted on its own.
 */

type Caller =
  'visitor' | 'subscriber' | 'contributor' | 'author' | 'otherAuthor' | 'editor' | 'administrator'

describe('single events read in one statement: the same answers and rules as through Payload', () => {
  let payload: Payload
  let api: TestServer
  const users = {} as Record<Exclude<Caller, 'visitor'>, TestUser>
  const tag = unique('lean').replace(/[^a-z0-9]/gi, '')
  const events: Record<string, { id: number; slug: string }> = {}
  const ids = { category: 0, parentCategory: 0, tag: 0, venue: 0, organizer: 0, draftVenue: 0 }
  const PASSWORD = 'open sesame'
  let venueSlug = ''
  const FUTURE = { startDate: '2027-03-01T15:00:00.000Z', endDate: '2027-03-01T17:00:00.000Z' }

  /** A new epoch for what the server keeps for visitors: nothing of a pass is served to the next. */
  const forgetKept = () =>
    poolOf(payload)!.query('INSERT INTO calendar_changes (txid) VALUES (pg_current_xact_id())')

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    // The administrator first: the first user of a database becomes one, whatever the role asked.
    for (const role of ['administrator', 'subscriber', 'contributor', 'author', 'editor'] as const)
      users[role] = await createUser(payload, role)
    users.otherAuthor = await createUser(payload, 'author')
    const admin = users.administrator

    const linked = async (
      collection: 'organizers' | 'venues',
      name: string,
      data: Record<string, unknown>,
    ) => {
      const item = await payload.create({
        collection,
        data: {
          name: `${tag} ${collection} ${name}`,
          description: await htmlToLexical(`<p>${name} described</p>`, payload.config),
          excerpt: `${name} excerpt`,
          phone: '555-0100',
          website: 'https://example.com/',
          author: admin.id,
          ...data,
        } as never,
        overrideAccess: true,
      })
      return item.id as number
    }
    const linkedStatuses = {
      published: { status: 'publish' },
      draft: { status: 'draft' },
      private: { status: 'private' },
      trashed: { status: 'trash' },
      protected: { status: 'publish', password: PASSWORD },
      authorsDraft: { status: 'draft', author: users.author.id },
      authorsPrivate: { status: 'private', author: users.author.id },
    }
    const venues: Record<string, number> = {}
    const organizers: Record<string, number> = {}
    for (const [name, data] of Object.entries(linkedStatuses)) {
      venues[name] = await linked('venues', name, {
        ...data,
        address: '1 Main St',
        city: 'Springfield',
        country: 'United States',
        state: 'IL',
        zip: '62701',
        latitude: 39.78,
        longitude: -89.65,
      })
      organizers[name] = await linked('organizers', name, { ...data, email: `${name}@example.com` })
    }
    venueSlug = String(
      (
        (await payload.findByID({
          collection: 'venues',
          id: venues.published!,
          depth: 0,
          overrideAccess: true,
        })) as { slug?: string }
      ).slug,
    )
    await payload.update({
      collection: 'venues',
      id: venues.published!,
      locale: 'fr',
      data: { name: `${tag} lieu publié` } as never,
      overrideAccess: true,
    })

    const parent = await payload.create({
      collection: 'event-categories',
      data: { name: `${tag} Music & Arts`, description: 'All music' },
      overrideAccess: true,
    })
    const child = await payload.create({
      collection: 'event-categories',
      data: { name: `${tag} Jazz`, parent: parent.id } as never,
      overrideAccess: true,
    })
    await payload.update({
      collection: 'event-categories',
      id: child.id,
      locale: 'fr',
      data: { name: `${tag} Jazz (fr)` } as never,
      overrideAccess: true,
    })
    const tagItem = await payload.create({
      collection: 'event-tags',
      data: { name: `${tag} outdoors` },
      overrideAccess: true,
    })
    Object.assign(ids, {
      category: child.id,
      parentCategory: parent.id,
      tag: tagItem.id,
      venue: venues.published,
      organizer: organizers.published,
      draftVenue: venues.draft,
    })

    const make = async (key: string, data: Record<string, unknown>) => {
      const doc = await payload.create({
        collection: 'events',
        data: {
          title: `${tag} ${key}`,
          description: await htmlToLexical(
            `<p>The <strong>${key}</strong> event.</p>`,
            payload.config,
          ),
          excerpt: `${key} in short`,
          ...FUTURE,
          timezone: 'America/New_York',
          status: 'publish',
          author: admin.id,
          venue: venues.published,
          organizers: [organizers.published],
          categories: [child.id, parent.id],
          tags: [tagItem.id],
          cost: '$10 – $25',
          website: 'https://tickets.example.com/',
          ...data,
        } as never,
        overrideAccess: true,
      })
      events[key] = { id: doc.id as number, slug: String((doc as { slug?: string }).slug) }
    }
    await make('published', { featured: true, sticky: true, showMap: true, allDay: false })
    await make('draft', { status: 'draft' })
    await make('pending', { status: 'pending' })
    await make('scheduled', { status: 'future', publishedAt: '2027-01-01T00:00:00.000Z' })
    await make('private', { status: 'private' })
    await make('trashed', { status: 'trash' })
    await make('protected', { password: PASSWORD })
    await make('hidden', { hideFromListings: true, cost: 'Free' })
    await make('authorsDraft', { status: 'draft', author: users.author.id })
    await make('authorsPrivate', { status: 'private', author: users.author.id })
    await make('authorsPublished', { author: users.author.id })
    await make('contributorsPending', { status: 'pending', author: users.contributor.id })
    await make('bare', {
      venue: null,
      organizers: [],
      categories: [],
      tags: [],
      cost: '',
      website: '',
    })
    // Its venue and organizers in every status: each caller sees only the ones they may read.
    for (const name of Object.keys(linkedStatuses)) {
      await make(`venue-${name}`, { venue: venues[name], organizers: Object.values(organizers) })
    }
    // Translated: the French title and excerpt, an empty French excerpt (falls back), no French description.
    await payload.update({
      collection: 'events',
      id: events.published!.id,
      locale: 'fr',
      data: { title: `${tag} publié`, excerpt: '' } as never,
      overrideAccess: true,
    })
    await payload.update({
      collection: 'events',
      id: events.protected!.id,
      locale: 'fr',
      data: { title: `${tag} protégé` } as never,
      overrideAccess: true,
    })
  })
  afterAll(async () => {
    pluginOptionsOf(payload).reads.sql = true
    await api?.close()
  })

  const CALLERS: Caller[] = [
    'visitor',
    'subscriber',
    'contributor',
    'author',
    'otherAuthor',
    'editor',
    'administrator',
  ]
  const headersOf = (caller: Caller): Record<string, string> =>
    caller === 'visitor' ? {} : basic(users[caller].email, users[caller].password)
  /**
   * The single reads of an event: by id and by slug, in three languages, with the right and a
   * wrong password. Every path for the protected event; for the other statuses, a right password
   * and a wrong one (which change nothing of a refusal); for the events that differ only by their
   * venue's and organizers' statuses (what is embedded), one read plain, one in another language
   * and one with the password, which the protected venue shares.
   */
  const pathsOf = (key: string) => {
    const { id, slug } = events[key]!
    const password = encodeURIComponent(PASSWORD)
    const [byId, bySlug, byIdFr, bySlugEs] = [
      `/events/${id}`,
      `/events/by-slug/${slug}`,
      `/events/${id}?i18n_language=fr`,
      `/events/by-slug/${slug}?i18n_language=es`,
    ]
    const [rightById, wrongById, rightBySlug, wrongBySlugFr] = [
      `/events/${id}?password=${password}`,
      `/events/${id}?password=wrong`,
      `/events/by-slug/${slug}?password=${password}`,
      `/events/by-slug/${slug}?password=wrong&i18n_language=fr`,
    ]
    const [editById, editBySlug] = [
      `/events/${id}?context=edit`,
      `/events/by-slug/${slug}?context=edit`,
    ]
    if (key.startsWith('venue-')) return [byId, bySlugEs, rightById]
    const plain = [byId, bySlug, byIdFr, bySlugEs]
    if (key !== 'protected') return [...plain, rightById, wrongBySlugFr]
    return [...plain, rightById, wrongById, rightBySlug, wrongBySlugFr, editById, editBySlug]
  }

  /** Lists with every filter of the events list, alone and together, in this test's events or the whole calendar. */
  const lists = () => {
    const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    return [
      `/events?search=${tag}&per_page=50`,
      `/events?search=${tag}&per_page=50&context=edit`,
      `/events?search=${tag}&per_page=7&page=2&i18n_language=fr`,
      // A search's first pages: the first stretch of the walk (`occurrencePage`).
      `/events?search=${tag}&per_page=3`,
      `/events?search=${tag}%20-published&per_page=2&page=2`,
      `/events?search=${tag}%20published&per_page=50`,
      `/events?search=${tag.toUpperCase()}%20-published&per_page=50`,
      `/events?search=${tag}&status=publish,private,draft,pending,future&per_page=50`,
      `/events?search=publi%C3%A9&i18n_language=fr&per_page=50`,
      `/events?search=${tag}&categories=${ids.category}&per_page=50`,
      `/events?categories=${ids.parentCategory},${slugOf(`${tag} Jazz`)}&per_page=50`,
      `/events?tags=${ids.tag}&venue=${ids.venue}&per_page=50`,
      `/events?organizer=${ids.organizer}&featured=1&per_page=50`,
      `/events?search=${tag}&featured=0&venue=${ids.draftVenue},${ids.venue}&per_page=50`,
      `/events?include=${Object.values(events)
        .map((event) => event.id)
        .join(',')}&per_page=50`,
      `/events?search=${tag}&start_date=2027-03-01&end_date=2027-03-02&per_page=50`,
      `/events?search=${tag}&starts_after=2027-02-28&ends_before=2027-03-02&per_page=50`,
      `/events?search=${tag}&starts_before=2027-03-01%2011:00:00&ends_after=2027-03-01%2009:00:00&per_page=50`,
      `/events?search=${tag}&geoloc=1&per_page=50`,
      `/events?search=${tag}&post_parent=3&per_page=50`,
      `/events?per_page=5&page=3`,
      // A slug that names no event, and a venue's (the slug's look-up reads events only).
      `/events/by-slug/${tag.toLowerCase()}-no-such-event`,
      `/events/by-slug/${venueSlug}`,
      // Venue and organizer searches read their pages and totals in SQL of their own (`endpoints/linkedPosts/leanLinkedList.ts`).
      `/venues?search=${tag}&per_page=50`,
      `/venues?search=${tag}%20excerpt&per_page=50&context=edit`,
      `/venues?search=${tag.toUpperCase()}%20PUBLI&per_page=2&page=2`,
      `/venues?search=${tag}%20excerpt&status=publish,draft,private,pending,future&per_page=50&i18n_language=fr`,
      `/venues?search=555-0100&per_page=50`,
      `/venues?search=${tag}&has_events=1&per_page=50`,
      `/organizers?search=${tag}%20described&per_page=50`,
      `/organizers?search=${tag}&only_with_upcoming=1&per_page=50`,
      `/organizers?search=example&status=draft,private&per_page=50`,
      `/organizers?search=${tag}nowhere&per_page=50`,
    ]
  }

  /** Every answer (status and body) for every caller, event and path, with the lean path on or off. */
  const answers = async (lean: boolean) => {
    pluginOptionsOf(payload).reads.sql = lean
    await forgetKept()
    const requests: { caller: Caller; key: string; path: string }[] = []
    for (const caller of CALLERS) {
      for (const key of Object.keys(events))
        for (const path of pathsOf(key))
          requests.push({ caller, key: `${caller} ${key} ${path}`, path })
      // Lists read their pages' events the same way.
      for (const list of lists())
        requests.push({ caller, key: `${caller} list ${list}`, path: list })
    }
    const all: Record<string, { body: string; status: number }> = {}
    // A few at a time: the server's work on one overlaps the database's on another.
    let next = 0
    const worker = async () => {
      for (let request = requests[next++]; request; request = requests[next++]) {
        const response = await fetch(`${api.url}/wp-json/vendor/events/v1${request.path}`, {
          headers: headersOf(request.caller),
        })
        // `include` echoes a window that ends at the clock's now, to the second: not part of the comparison.
        const body = (await response.text()).replace(
          /end_date=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g,
          'end_date=(now)',
        )
        all[request.key] = { body, status: response.status }
      }
    }
    await Promise.all(Array.from({ length: 4 }, worker))
    pluginOptionsOf(payload).reads.sql = true
    return all
  }

  let lean: Awaited<ReturnType<typeof answers>>
  let throughPayload: Awaited<ReturnType<typeof answers>>

  it('gives the same answers as the reads through Payload, for every caller, event, language and password, and in lists', async () => {
    lean = await answers(true)
    throughPayload = await answers(false)
    const perCaller = Object.keys(events).reduce((sum, key) => sum + pathsOf(key).length, 0)
    expect(Object.keys(lean).length).toBe(CALLERS.length * (perCaller + lists().length))
    // The lists are not empty: the visitor's has every published, listed event of this test but the
    // password-protected one, which a visitor's search never finds (docs/compatibility.md, "Search").
    expect(JSON.parse(lean[`visitor list /events?search=${tag}&per_page=50`]!.body).total).toBe(10)
    for (const list of lists().slice(6, 14))
      expect(JSON.parse(lean[`editor list ${list}`]!.body).total, list).toBeGreaterThan(0)
    for (const [request, answer] of Object.entries(lean))
      expect({ request, ...answer }).toEqual({ request, ...throughPayload[request] })
  })

  it('reads a search page in its own statement, the folded comparison that the trigram indexes serve', async () => {
    // Otherwise a search page falls back to Payload's DISTINCT over the translations join, and the comparison above compares Payload with itself.
    // Every statement the server sends while `request` runs, nothing kept beforehand.
    const statementsOf = async (request: () => Promise<void>): Promise<string[]> => {
      const pool = poolOf(payload)! as unknown as {
        query: (...args: unknown[]) => Promise<unknown>
      }
      const query = pool.query
      const sent: string[] = []
      pool.query = function (this: unknown, ...args: unknown[]) {
        const text =
          typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text
        if (text) sent.push(text)
        return query.apply(this, args)
      }
      try {
        await forgetKept()
        await request()
      } finally {
        pool.query = query
      }
      return sent
    }
    const search = async (paging: string) =>
      statementsOf(async () => {
        const response = await fetch(
          `${api.url}/wp-json/vendor/events/v1/events?search=${tag}%20-nowhere&${paging}`,
        )
        expect(response.status).toBe(200)
      })
    // A visitor's search's first pages try the first stretch of the walk first
    // (`occurrencePage`'s `firstStretch`): the window's first occurrences, each one's event's
    // texts checked before the event, as the walk below.
    const stretch = (await search('per_page=3')).find((text) =>
      text.startsWith('WITH w AS MATERIALIZED (SELECT e.id AS event_id, o.id, o.start_local'),
    )
    expect(stretch).toMatch(
      /\(SELECT true FROM calendar_event_folded_texts l WHERE l\.parent_id = o\.event_id AND [^]*? LIMIT 1\)/,
    )
    expect(stretch).not.toContain('search_1')
    // Not the events the term's matches give (`SqlWhere.parts.from`), which the statement below reads.
    expect(stretch).not.toContain('OFFSET 0) s JOIN events e ON e.id = s.parent_id')
    expect(stretch).toContain('NOT EXISTS (SELECT l.parent_id FROM calendar_event_folded_texts l')
    expect(stretch).toContain("(e.password IS NULL OR e.password = '')")
    // A page beyond them (30 items): the page reads first, where they are few, the events of the
    // translations whose texts hold the term, and otherwise checks each occurrence its walk
    // meets against its event's texts before reading the event; the total counts the
    // occurrences of each event of the set of its matches, found once, first.
    const sent = await search('per_page=30')
    expect(sent.some((text) => text.startsWith('WITH w AS MATERIALIZED'))).toBe(false)
    const page = sent.find(
      (text) =>
        text.startsWith(
          'WITH texts AS MATERIALIZED (SELECT l.parent_id FROM calendar_event_folded_texts l',
        ) &&
        text.includes('SELECT e.id AS event_id, o.id FROM calendar_occurrences o JOIN events e'),
    )
    expect(page).toMatch(
      /\(SELECT true FROM calendar_event_folded_texts l WHERE l\.parent_id = o\.event_id AND [^]*? LIMIT 1\)/,
    )
    expect(page).not.toContain('search_1')
    expect(page).toContain('l.title LIKE calendar_search_fold(')
    const total = sent.find((text) =>
      text.startsWith(
        'WITH search_1 AS MATERIALIZED (SELECT l.parent_id FROM calendar_event_folded_texts l',
      ),
    )
    expect(total).toContain('FROM (SELECT DISTINCT parent_id FROM search_1) s')
    expect(total).toContain(
      'SELECT count(*) AS n FROM calendar_occurrences o WHERE o.event_id = e.id AND',
    )
    expect(page).toContain('NOT EXISTS (SELECT l.parent_id FROM calendar_event_folded_texts l')
    expect(page).toContain("(e.password IS NULL OR e.password = '')")
    const venueSent = await statementsOf(async () => {
      expect((await fetch(`${api.url}/wp-json/vendor/events/v1/venues?search=${tag}`)).status).toBe(
        200,
      )
    })
    const venuePage = venueSent.find((text) => text.startsWith('SELECT v.id FROM venues v'))
    expect(venuePage).toContain('v.id IN (SELECT l._parent_id FROM venues_locales l')
    expect(venuePage).toContain('calendar_search_fold(l.name) LIKE calendar_search_fold(')
    // Its total only: a page with an item needs no question whether anything matches.
    expect(
      venueSent.filter((text) => text.startsWith('SELECT count(*) AS count FROM venues v')),
    ).toHaveLength(1)
  })

  it('applies the read rules on its own: who reads which event', () => {
    const readable = (caller: Caller) =>
      Object.keys(events)
        .filter((key) => lean[`${caller} ${key} /events/${events[key]!.id}`]!.status === 200)
        .sort()
    // A protected event alone is refused without its password (below), even to those who may edit
    // it unless they ask in the edit context.
    const published = [
      'published',
      'hidden',
      'authorsPublished',
      'bare',
      ...Object.keys(events).filter((key) => key.startsWith('venue-')),
    ]
    const sorted = (keys: string[]) => [...keys].sort()
    expect(readable('visitor')).toEqual(sorted(published))
    expect(readable('subscriber')).toEqual(sorted(published))
    expect(readable('contributor')).toEqual(sorted([...published, 'contributorsPending']))
    // An author edits their own protected events only; this one is the administrator's.
    expect(readable('author')).toEqual(sorted([...published, 'authorsDraft', 'authorsPrivate']))
    expect(readable('otherAuthor')).toEqual(sorted(published))
    const everyButTrashed = Object.keys(events).filter((key) => key !== 'trashed')
    const unprotected = everyButTrashed.filter((key) => key !== 'protected')
    expect(everyButTrashed).toContain('protected')
    expect(readable('editor')).toEqual(sorted(unprotected))
    expect(readable('administrator')).toEqual(sorted(unprotected))
    const inEditContext = (caller: Caller) =>
      lean[`${caller} protected /events/${events.protected!.id}?context=edit`]!.status
    expect(inEditContext('editor')).toBe(200)
    expect(inEditContext('administrator')).toBe(200)
    expect(inEditContext('visitor')).toBe(403)
    expect(inEditContext('author')).toBe(403)
    // Nothing of an unreadable event in its refusal.
    for (const key of ['draft', 'pending', 'scheduled', 'private', 'trashed']) {
      expect(lean[`visitor ${key} /events/${events[key]!.id}`]!.body).not.toContain(`${tag} ${key}`)
    }
  })

  it('refuses a protected event without its password, and embeds only the venues and organizers the caller may read', () => {
    const body = (request: string) =>
      JSON.parse(lean[request]!.body) as Record<string, unknown> & {
        organizer: { id: number }[]
        venue: unknown
      }
    const locked = body(`visitor protected /events/${events.protected!.id}`)
    expect(locked).toMatchObject({ code: 'event-password-protected' })
    expect(lean[`visitor protected /events/${events.protected!.id}`]!.body).not.toContain(
      '<strong>protected</strong>',
    )
    const unlocked = body(
      `visitor protected /events/${events.protected!.id}?password=${encodeURIComponent(PASSWORD)}`,
    )
    expect(unlocked.description).toContain('<strong>protected</strong>')
    expect(body(`visitor protected /events/${events.protected!.id}?password=wrong`)).toMatchObject({
      code: 'event-password-protected',
    })
    expect(body(`editor protected /events/${events.protected!.id}`)).toMatchObject({
      code: 'event-password-protected',
    })
    expect(
      body(`editor protected /events/${events.protected!.id}?context=edit`).description,
    ).toContain('<strong>protected</strong>')

    const venueOf = (caller: Caller, name: string) =>
      body(`${caller} venue-${name} /events/${events[`venue-${name}`]!.id}`).venue
    for (const name of ['draft', 'private', 'trashed', 'authorsDraft', 'authorsPrivate'])
      expect(venueOf('visitor', name)).toEqual([])
    expect(venueOf('visitor', 'published')).toMatchObject({ venue: `${tag} venues published` })
    expect(venueOf('visitor', 'protected')).toMatchObject({ venue: [], address: '' })
    expect(venueOf('author', 'authorsDraft')).toMatchObject({ venue: `${tag} venues authorsDraft` })
    expect(venueOf('otherAuthor', 'authorsDraft')).toEqual([])
    expect(venueOf('administrator', 'private')).toMatchObject({ venue: `${tag} venues private` })
    // A trashed venue is never embedded, whoever asks.
    expect(venueOf('administrator', 'trashed')).toEqual([])

    const organizerNames = (caller: Caller) =>
      body(`${caller} venue-published /events/${events['venue-published']!.id}`).organizer.map(
        (item) => (item as { organizer?: unknown }).organizer,
      )
    expect(organizerNames('visitor')).toEqual([`${tag} organizers published`, []])
    expect(organizerNames('author')).toEqual([
      `${tag} organizers published`,
      [],
      `${tag} organizers authorsDraft`,
      `${tag} organizers authorsPrivate`,
    ])
    // Embedded, a protected organizer is blanked even for editors, as the original has it.
    expect(organizerNames('editor')).toEqual([
      `${tag} organizers published`,
      `${tag} organizers draft`,
      `${tag} organizers private`,
      [],
      `${tag} organizers authorsDraft`,
      `${tag} organizers authorsPrivate`,
    ])
  })

  it('reads translations with the default language as fallback', () => {
    const body = (request: string) =>
      JSON.parse(lean[request]!.body) as Record<string, unknown> & {
        categories: { name: string }[]
        venue: { venue: string }
      }
    const french = body(`visitor published /events/${events.published!.id}?i18n_language=fr`)
    expect(french.title).toBe(`${tag} publié`)
    // An empty translation falls back, as a missing one.
    expect(french.excerpt).toBe('<p>published in short</p>')
    expect(french.description).toContain('<strong>published</strong>')
    expect(french.venue.venue).toBe(`${tag} lieu publié`)
    expect(french.categories.map((term) => term.name)).toEqual([
      `${tag} Jazz (fr)`,
      `${tag} Music &amp; Arts`,
    ])
  })

  it('falls back to Payload when a site replaces the events’ read access', async () => {
    const access = payload.collections.events.config.access as { read: unknown }
    const original = access.read
    // A site's own rule (here: visitors read nothing) must apply, which only Payload knows.
    access.read = ({ req }: { req: { user?: unknown } }) =>
      req.user ? (original as (args: unknown) => unknown)({ req }) : false
    try {
      await forgetKept()
      const response = await fetch(
        `${api.url}/wp-json/vendor/events/v1/events/${events.published!.id}?fallback=1`,
      )
      expect(response.status).toBe(401)
      expect(await response.text()).not.toContain(`${tag} published`)
      const signedIn = await fetch(
        `${api.url}/wp-json/vendor/events/v1/events/${events.published!.id}`,
        { headers: headersOf('editor') },
      )
      expect(signedIn.status).toBe(200)
    } finally {
      access.read = original
      await forgetKept()
    }
  })
})
