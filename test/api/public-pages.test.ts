import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serveAllApis, sessionCookie, type TestServer } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'
import { lexicalParagraph } from '../helpers/lexical'

/*
 * The events' public pages (`src/public/`) at the addresses the API's `url` gives, over HTTP
 * behind the product's Express front: a visitor reads a published event, and nothing of a draft,
 * pending, scheduled, private, trashed or password-protected one; an editor signed in to the admin
 * (its session cookie) previews what they may read. The test clock is 2026-11-21 (test/setupEnv.ts).
 */

describe('public event pages', () => {
  let payload: Payload
  let server: TestServer
  let editor: TestUser
  let contributor: TestUser
  const marker = unique('pagemark')
  const events: Record<string, { id: number; secret: string; slug: string; title: string }> = {}

  const page = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: 'manual' })
  const sessionOf = (user: TestUser) => sessionCookie(server, payload, user)

  beforeAll(async () => {
    payload = await getTestPayload()
    server = await serveAllApis(payload)
    editor = await createUser(payload, 'editor')
    contributor = await createUser(payload, 'contributor')
    const venue = await payload.create({
      collection: 'venues',
      data: {
        name: `Blue Note <b>& Co</b> ${marker}`,
        address: '131 W 3rd St',
        city: 'New York',
        country: 'United States',
        status: 'publish',
      } as never,
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: `Village Jazz ${marker}`, status: 'publish' } as never,
    })
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: `Bebop ${marker}` } as never,
    })
    const make = async (key: string, data: Record<string, unknown>) => {
      const secret = `Secret words of ${key} ${marker}`
      const title = `${key} night ${marker}`
      const doc = await payload.create({
        collection: 'events',
        data: {
          title,
          status: 'publish',
          startDate: '2026-12-12T18:00:00.000Z',
          endDate: '2026-12-12T21:30:00.000Z',
          timezone: 'Europe/Paris',
          description: lexicalParagraph(secret),
          venue: venue.id,
          organizers: [organizer.id],
          categories: [category.id],
          ...data,
        } as never,
      })
      events[key] = {
        id: doc.id as number,
        secret,
        slug: String((doc as { slug?: string }).slug),
        title,
      }
    }
    await make('published', {})
    await make('linked', {
      title: `Tom & Jerry <em>live</em> ${marker}`,
      website: 'https://example.test/tickets?a=1&b=2',
    })
    await make('protected', { password: 'door-code' })
    for (const status of ['draft', 'pending', 'private']) await make(status, { status })
    await make('scheduled', { publishedAt: '2027-01-05T09:00:00.000Z', status: 'future' })
    await make('trashed', {})
    await payload.update({
      collection: 'events',
      id: events.trashed!.id,
      data: { status: 'trash' } as never,
    })
    await payload.update({
      collection: 'events',
      id: events.published!.id,
      locale: 'fr',
      data: { title: `Soirée publiée ${marker}` } as never,
    })
  })
  afterAll(() => server?.close())

  it('shows a visitor a published event at its permalink: title, time in its zone, venue, organizer, category, description', async () => {
    const { id, secret, slug, title } = events.published!
    const response = await page(`/event/${slug}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await response.text()
    expect(html).toContain(`<h1>${title}</h1>`)
    // 18:00 UTC is 19:00 in Paris, where the event is.
    expect(html).toMatch(/Saturday, December 12, 2026, 7:00\s?PM – 10:30\s?PM CET/)
    // Names are text, never markup.
    expect(html).toContain(`Blue Note &#60;b&#62;&#38; Co&#60;/b&#62; ${marker}`)
    expect(html).toContain(`Village Jazz ${marker}`)
    expect(html).toContain(`Bebop ${marker}`)
    expect(html).toContain(secret)
    expect(html).not.toContain('class="preview"')
    // The API's `url` for this event is this very page.
    const api = await (await fetch(`${server.url}/wp-json/vendor/events/v1/events/${id}`)).json()
    expect(new URL(api.url).pathname).toBe(`/event/${slug}/`)
    // Without the trailing slash, and by its plain link, the same page.
    expect((await page(`/event/${slug}`)).status).toBe(200)
    expect(await (await page(`/?post_type=tribe_events&p=${id}`)).text()).toContain(
      `<h1>${title}</h1>`,
    )
  })

  it('shows an event’s own website, never a link to the page itself, and its title as text', async () => {
    const html = await (await page(`/event/${events.linked!.slug}/`)).text()
    expect(html).toContain('<a href="https://example.test/tickets?a=1&#38;b=2" rel="nofollow">')
    // The markup an editor may keep in a title is shown as text, never rendered.
    expect(html).toContain(`<h1>Tom &#38; Jerry &#60;em&#62;live&#60;/em&#62; ${marker}</h1>`)
    expect(html).not.toContain('<script>')
    // Without a website of its own, the API's `website` is the event's own address: not shown.
    const plain = await (await page(`/event/${events.published!.slug}/`)).text()
    expect(plain).not.toContain('rel="nofollow"')
  })

  it('serves the French and Spanish pages under /fr/ and /es/, falling back to the default language', async () => {
    const { slug, title } = events.published!
    const french = await (await page(`/fr/event/${slug}/`)).text()
    expect(french).toContain('<html lang="fr">')
    expect(french).toContain(`<h1>Soirée publiée ${marker}</h1>`)
    expect(french).toMatch(/samedi 12 décembre 2026, 19:00 – 22:30 CET/)
    expect(french).toContain('Lieu')
    const spanish = await (await page(`/es/event/${slug}/`)).text()
    expect(spanish).toContain('<html lang="es">')
    expect(spanish).toContain(`<h1>${title}</h1>`)
    expect(spanish).toContain('Lugar')
  })

  it('tells clients where the API is, as WordPress and The Events Calendar do on their pages', async () => {
    const { id, slug } = events.published!
    const api = await (await fetch(`${server.url}/wp-json/vendor/events/v1/events/${id}`)).json()
    const site = new URL(api.url).origin
    const told = async (path: string) => {
      const response = await page(path)
      const html = await response.text()
      return {
        headers: ['link', 'x-tec-api-version', 'x-tec-api-root', 'x-tec-api-origin'].map((name) =>
          response.headers.get(name),
        ),
        head: html.slice(0, html.indexOf('</head>')),
        status: response.status,
      }
    }
    // An event's page: the REST root, and the event's own route as the calendar's root.
    const shown = await told(`/event/${slug}/`)
    expect(shown.status).toBe(200)
    expect(shown.headers).toEqual([
      `<${site}/wp-json/>; rel="https://api.w.org/"`,
      'v1',
      `${site}/wp-json/vendor/events/v1/events/${id}`,
      site,
    ])
    expect(shown.head).toContain(`<link rel="https://api.w.org/" href="${site}/wp-json/">`)
    expect(shown.head).toContain('<meta name="tec-api-version" content="v1">')
    expect(shown.head).toContain(`<meta name="tec-api-origin" content="${site}">`)
    expect(shown.head).toContain(
      `<link rel="alternate" href="${site}/wp-json/vendor/events/v1/events/${id}">`,
    )
    // In another language, that language's REST root.
    expect((await told(`/fr/event/${slug}/`)).headers.slice(0, 3)).toEqual([
      `<${site}/fr/wp-json/>; rel="https://api.w.org/"`,
      'v1',
      `${site}/fr/wp-json/vendor/events/v1/events/${id}`,
    ])
    // A page that shows no event (a draft to a visitor, an unknown slug) names no event: the
    // calendar's root, as the original's 404 page does.
    for (const path of [`/event/${events.draft!.slug}/`, `/event/${unique('nothing')}/`]) {
      const missing = await told(path)
      expect(missing.status).toBe(404)
      expect(missing.headers.slice(1, 3)).toEqual(['v1', `${site}/wp-json/vendor/events/v1/`])
      expect(missing.head).toContain(
        `<link rel="alternate" href="${site}/wp-json/vendor/events/v1/">`,
      )
    }
  })

  it('shows a visitor nothing of a draft, pending, scheduled, private, trashed or password-protected event', async () => {
    for (const key of ['draft', 'pending', 'scheduled', 'private', 'trashed', 'protected']) {
      const { id, secret, slug, title } = events[key]!
      for (const path of [
        `/event/${slug}/`,
        `/?post_type=tribe_events&p=${id}`,
        `/fr/event/${slug}/`,
        `/fr/?post_type=tribe_events&p=${id}`,
      ]) {
        const response = await page(path)
        expect(response.status, `${key} ${path}`).toBe(404)
        const html = await response.text()
        expect(html, `${key} ${path}`).not.toContain(title)
        expect(html, `${key} ${path}`).not.toContain(secret)
        expect(html, `${key} ${path}`).not.toContain('Village Jazz')
      }
    }
    // A protected event says only that a password protects it.
    expect(await (await page(`/event/${events.protected!.slug}/`)).text()).toContain(
      'protected by a password',
    )
    // An unknown slug or id, and an id that is not one, are the same 404.
    for (const path of [
      `/event/no-such-${marker}/`,
      '/?post_type=tribe_events&p=999999999',
      '/?post_type=tribe_events&p=abc',
    ]) {
      expect((await page(path)).status, path).toBe(404)
    }
  })

  it('shows a published event whose venue and organizer are password-protected without them, as the API blanks them', async () => {
    const hidden = unique('Hidden hall')
    const venue = await payload.create({
      collection: 'venues',
      data: {
        name: hidden,
        address: `${hidden} street`,
        password: 'pw',
        status: 'publish',
      } as never,
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: `${hidden} crew`, password: 'pw', status: 'publish' } as never,
    })
    const title = unique('Event at a protected venue')
    const event = await payload.create({
      collection: 'events',
      data: {
        title,
        status: 'publish',
        startDate: '2026-12-12T18:00:00.000Z',
        endDate: '2026-12-12T21:30:00.000Z',
        venue: venue.id,
        organizers: [organizer.id],
      } as never,
    })
    const response = await page(`/event/${event.slug}/`)
    const html = await response.text()
    expect(response.status, html).toBe(200)
    expect(html).toContain(title)
    expect(html).not.toContain(hidden)
  })

  it('lets a signed-in editor preview drafts, pending and scheduled events, marked as a preview and never cached', async () => {
    const session = await sessionOf(editor)
    for (const key of ['draft', 'pending', 'scheduled', 'protected']) {
      const { id, secret, title } = events[key]!
      const response = await page(`/?post_type=tribe_events&p=${id}`, session)
      expect(response.status, key).toBe(200)
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      const html = await response.text()
      expect(html).toContain(`<h1>${title}</h1>`)
      expect(html).toContain(secret)
      if (key !== 'protected') expect(html).toContain('class="preview"')
    }
    // Trash stays out of every page, as on the API.
    expect((await page(`/?post_type=tribe_events&p=${events.trashed!.id}`, session)).status).toBe(
      404,
    )
    // A visitor's page of a published event may be cached; an editor's is theirs.
    expect((await page(`/event/${events.published!.slug}/`)).headers.get('cache-control')).toBe(
      'public, max-age=60',
    )
  })

  it('shows a contributor no one else’s draft, and a forged or foreign credential nothing more than a visitor', async () => {
    const session = await sessionOf(contributor)
    const { id, secret } = events.draft!
    const asContributor = await page(`/?post_type=tribe_events&p=${id}`, session)
    expect(asContributor.status).toBe(404)
    expect(await asContributor.text()).not.toContain(secret)
    const forged = await page(`/?post_type=tribe_events&p=${id}`, {
      Cookie: `${payload.config.cookiePrefix}-token=not-a-token`,
    })
    expect(forged.status).toBe(404)
    // HTTP Basic is not how a browser reads the site's pages: it is not honoured here.
    const basicAuth = await page(`/?post_type=tribe_events&p=${id}`, {
      Authorization: `Basic ${Buffer.from(`${editor.email}:${editor.password}`).toString('base64')}`,
    })
    expect(basicAuth.status).toBe(404)
  })

  it('leaves the feeds and every other address alone', async () => {
    const { slug } = events.published!
    const feed = await page(`/event/${slug}.ics`)
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect((await page(`/event/${slug}/?ical=1`)).headers.get('content-type')).toBe(
      'text/calendar; charset=utf-8',
    )
    expect((await page('/event/')).status).not.toBe(200)
    expect((await page(`/event/${slug}/`, {})).status).toBe(200)
    const post = await fetch(`${server.url}/event/${slug}/`, { method: 'POST' })
    expect(post.status).not.toBe(200)
  })
})
