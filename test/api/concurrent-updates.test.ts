import type { CollectionSlug, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { plainDoc } from '../../src/lib/plainDoc'
import { basic, serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/** Where an update is sent: the compatibility API (in a language, or on Payload's mount) or Payload's REST. */
type Surface =
  'compat' | 'compat-es' | 'compat-fr' | 'mount' | 'rest' | 'rest-bulk' | 'rest-es' | 'rest-fr'

/** One update of a burst: how it is sent, what it sends, and where the stored item must show it. */
type Change = {
  body: Record<string, unknown>
  method: 'PATCH' | 'POST' | 'PUT'
  surface: Surface
  stored: [field: string, locale: null | string, value: unknown]
}

const ROUNDS = Number(process.env.BURST_ROUNDS ?? 3)

/**
 * Issue 25, finding 13: twelve updates of one item at once, each changing a different field
 * through every way in (the compatibility API's POST, PUT and PATCH, in French and Spanish, on
 * Payload's `/api/vendor` mount, and Payload's REST in each language). Every one is acknowledged,
 * so every change must still be there afterwards.
 */
describe('concurrent writes of one item or one name through every surface', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let admin: TestUser

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    admin = await createUser(payload, 'administrator')
  })
  afterAll(() => api.close())

  const send = (collection: string, plural: string, id: number, change: Change) => {
    const headers = { 'content-type': 'application/json', ...basic(admin.email, admin.password) }
    const body = JSON.stringify(change.body)
    const restLocale =
      change.surface === 'rest-fr' ? '?locale=fr' : change.surface === 'rest-es' ? '?locale=es' : ''
    const url =
      change.surface === 'rest-bulk'
        ? `${api.url}/api/${collection}?where[id][equals]=${id}`
        : change.surface.startsWith('rest')
          ? `${api.url}/api/${collection}/${id}${restLocale}`
          : change.surface === 'mount'
            ? `${api.url}/api/vendor/events/v1/${plural}/${id}`
            : `${api.url}${change.surface === 'compat-fr' ? '/fr' : change.surface === 'compat-es' ? '/es' : ''}/wp-json/vendor/events/v1/${plural}/${id}`
    return fetch(url, { body, headers, method: change.method, signal: AbortSignal.timeout(30_000) })
  }

  /** Runs the burst `ROUNDS` times on a fresh item and lists every acknowledged change the item lost. */
  async function burst(
    collection: string,
    plural: string,
    create: () => Promise<number>,
    changes: (n: number) => Change[],
  ) {
    const lost: unknown[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const id = await create()
      const sent = changes(round)
      const responses = await Promise.all(
        sent.map((change) => send(collection, plural, id, change)),
      )
      const statuses = await Promise.all(
        responses.map(
          async (response) =>
            [response.status, response.status >= 300 ? await response.text() : ''] as const,
        ),
      )
      expect(statuses.filter(([status]) => status >= 300)).toEqual([])
      const stored = plainDoc(
        await payload.findByID({
          collection: collection as CollectionSlug,
          depth: 0,
          id,
          locale: 'all',
        }),
      )
      for (const change of sent) {
        const [field, locale, value] = change.stored
        const at = locale
          ? (stored[field] as Record<string, unknown> | undefined)?.[locale]
          : stored[field]
        if (at !== value) lost.push({ round, sent: change, stored: at })
      }
    }
    return lost
  }

  /** Gives the item its French and Spanish texts first: a translation's other fields need its title (or name). */
  async function translate(collection: string, id: number, field: string, text: string) {
    for (const locale of ['fr', 'es']) {
      await payload.update({
        collection: collection as CollectionSlug,
        data: { [field]: `${text} ${locale}` } as never,
        id,
        locale: locale as never,
      })
    }
  }

  it('keeps every field each acknowledged update of an event changed', async () => {
    const create = async () => {
      const { id } = await payload.create({
        collection: 'events',
        data: {
          endDate: '2027-08-01T11:00:00.000Z',
          startDate: '2027-08-01T10:00:00.000Z',
          status: 'publish',
          title: unique('Burst event'),
        } as never,
      })
      await translate('events', id as number, 'title', 'Événement')
      return id as number
    }
    const lost = await burst('events', 'events', create, (n) => [
      { method: 'POST', surface: 'compat', body: { cost: '42' }, stored: ['cost', null, '42'] },
      {
        method: 'PUT',
        surface: 'compat',
        body: { website: `https://put${n}.example` },
        stored: ['website', null, `https://put${n}.example`],
      },
      {
        method: 'PATCH',
        surface: 'compat',
        body: { show_map: true },
        stored: ['showMap', null, true],
      },
      {
        method: 'POST',
        surface: 'compat-fr',
        body: { title: `Titre ${n}` },
        stored: ['title', 'fr', `Titre ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'compat-es',
        body: { excerpt: `Resumen ${n}` },
        stored: ['excerpt', 'es', `Resumen ${n}`],
      },
      {
        method: 'POST',
        surface: 'mount',
        body: { featured: true },
        stored: ['featured', null, true],
      },
      { method: 'PUT', surface: 'compat', body: { sticky: true }, stored: ['sticky', null, true] },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { showMapLink: true },
        stored: ['showMapLink', null, true],
      },
      {
        method: 'PATCH',
        surface: 'rest-bulk',
        body: { hideFromListings: true },
        stored: ['hideFromListings', null, true],
      },
      {
        method: 'PATCH',
        surface: 'rest-es',
        body: { title: `Título ${n}` },
        stored: ['title', 'es', `Título ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest-fr',
        body: { excerpt: `Résumé ${n}` },
        stored: ['excerpt', 'fr', `Résumé ${n}`],
      },
      {
        method: 'POST',
        surface: 'compat',
        body: { excerpt: `Summary ${n}` },
        stored: ['excerpt', 'en', `Summary ${n}`],
      },
    ])
    expect(lost).toEqual([])
  }, 180_000)

  it('keeps every field each acknowledged update of a venue changed', async () => {
    const create = async () => {
      const { id } = await payload.create({
        collection: 'venues',
        data: { name: unique('Burst venue'), status: 'publish' } as never,
      })
      await translate('venues', id as number, 'name', 'Lieu')
      return id as number
    }
    const lost = await burst('venues', 'venues', create, (n) => [
      {
        method: 'POST',
        surface: 'compat',
        body: { address: `${n} Main Street` },
        stored: ['address', null, `${n} Main Street`],
      },
      {
        method: 'PUT',
        surface: 'compat',
        body: { city: `City ${n}` },
        stored: ['city', null, `City ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'compat',
        body: { zip: `0${n}000` },
        stored: ['zip', null, `0${n}000`],
      },
      {
        method: 'POST',
        surface: 'compat-fr',
        body: { venue: `Salle ${n}` },
        stored: ['name', 'fr', `Salle ${n}`],
      },
      {
        method: 'POST',
        surface: 'mount',
        body: { phone: `555-000${n}` },
        stored: ['phone', null, `555-000${n}`],
      },
      {
        method: 'PUT',
        surface: 'compat',
        body: { website: `https://v${n}.example` },
        stored: ['website', null, `https://v${n}.example`],
      },
      {
        method: 'PATCH',
        surface: 'compat',
        body: { country: 'France' },
        stored: ['country', null, 'France'],
      },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { showMap: false },
        stored: ['showMap', null, false],
      },
      {
        method: 'PATCH',
        surface: 'rest-bulk',
        body: { showMapLink: false },
        stored: ['showMapLink', null, false],
      },
      {
        method: 'PATCH',
        surface: 'rest-es',
        body: { name: `Sala ${n}` },
        stored: ['name', 'es', `Sala ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest-fr',
        body: { excerpt: `Résumé ${n}` },
        stored: ['excerpt', 'fr', `Résumé ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { excerpt: `Summary ${n}` },
        stored: ['excerpt', 'en', `Summary ${n}`],
      },
    ])
    expect(lost).toEqual([])
  }, 180_000)

  it('keeps every field each acknowledged update of an organizer changed', async () => {
    const create = async () => {
      const { id } = await payload.create({
        collection: 'organizers',
        data: { name: unique('Burst organizer'), status: 'publish' } as never,
      })
      await translate('organizers', id as number, 'name', 'Organisateur')
      return id as number
    }
    const author = await createUser(payload, 'author')
    const stamp = Date.now().toString(36)
    const lost = await burst('organizers', 'organizers', create, (n) => [
      {
        method: 'POST',
        surface: 'compat',
        body: { phone: `555-100${n}` },
        stored: ['phone', null, `555-100${n}`],
      },
      {
        method: 'PUT',
        surface: 'compat',
        body: { website: `https://o${n}.example` },
        stored: ['website', null, `https://o${n}.example`],
      },
      {
        method: 'PATCH',
        surface: 'compat',
        body: { email: `o${n}@example.test` },
        stored: ['email', null, `o${n}@example.test`],
      },
      {
        method: 'POST',
        surface: 'compat-fr',
        body: { organizer: `Organisatrice ${n}` },
        stored: ['name', 'fr', `Organisatrice ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'compat-es',
        body: { organizer: `Organizadora ${n}` },
        stored: ['name', 'es', `Organizadora ${n}`],
      },
      {
        method: 'POST',
        surface: 'mount',
        body: { status: 'draft' },
        stored: ['status', null, 'draft'],
      },
      {
        method: 'PATCH',
        surface: 'rest-fr',
        body: { excerpt: `Résumé ${n}` },
        stored: ['excerpt', 'fr', `Résumé ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest-es',
        body: { excerpt: `Resumen ${n}` },
        stored: ['excerpt', 'es', `Resumen ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { excerpt: `Summary ${n}` },
        stored: ['excerpt', 'en', `Summary ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { slug: `burst-organizer-${stamp}-${n}` },
        stored: ['slug', null, `burst-organizer-${stamp}-${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest-bulk',
        body: { publishedAt: '2026-01-02T03:04:05.000Z' },
        stored: ['publishedAt', null, '2026-01-02T03:04:05.000Z'],
      },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { author: author.id },
        stored: ['author', null, author.id],
      },
    ])
    expect(lost).toEqual([])
  }, 180_000)

  it('keeps every field each acknowledged update of a category changed', async () => {
    const parent = await payload.create({
      collection: 'event-categories' as CollectionSlug,
      data: { name: unique('Parent') } as never,
    })
    const create = async () => {
      const { id } = await payload.create({
        collection: 'event-categories' as CollectionSlug,
        data: { name: unique('Burst category') } as never,
      })
      await translate('event-categories', id as number, 'name', 'Catégorie')
      return id as number
    }
    const stamp = Date.now().toString(36)
    const lost = await burst('event-categories', 'categories', create, (n) => [
      {
        method: 'POST',
        surface: 'compat',
        body: { description: `About ${n}` },
        stored: ['description', 'en', `About ${n}`],
      },
      {
        method: 'PUT',
        surface: 'compat-fr',
        body: { name: `Catégorie ${n}` },
        stored: ['name', 'fr', `Catégorie ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'compat-es',
        body: { description: `Sobre ${n}` },
        stored: ['description', 'es', `Sobre ${n}`],
      },
      {
        method: 'POST',
        surface: 'mount',
        body: { parent: parent.id },
        stored: ['parent', null, parent.id],
      },
      {
        method: 'PATCH',
        surface: 'rest-es',
        body: { name: `Categoría ${n}` },
        stored: ['name', 'es', `Categoría ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest-fr',
        body: { description: `À propos ${n}` },
        stored: ['description', 'fr', `À propos ${n}`],
      },
      {
        method: 'PATCH',
        surface: 'rest',
        body: { slug: `burst-category-${stamp}-${n}` },
        stored: ['slug', null, `burst-category-${stamp}-${n}`],
      },
    ])
    expect(lost).toEqual([])
  }, 180_000)

  /** Issue 25, finding 12: twelve creates naming one new venue or organizer at once make it once. */
  it.each([
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ])(
    'creates a %s named inline by twelve events at once only once, whatever the case or spacing',
    async (plural, word) => {
      const name = unique(`Shared ${word}`)
      const spellings = [name, name.toUpperCase(), ` ${name} `, name.toLowerCase()]
      const wire = (n: number) =>
        plural === 'venues'
          ? { venue: { venue: spellings[n % 4] } }
          : { organizer: [{ organizer: spellings[n % 4] }] }
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          fetch(`${api.url}/wp-json/vendor/events/v1/events`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
            body: JSON.stringify({
              title: unique('Inline'),
              start_date: '2027-08-02 10:00',
              end_date: '2027-08-02 11:00',
              ...wire(n),
            }),
          }),
        ),
      )
      expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201))
      const { totalDocs } = await payload.count({
        collection: plural as CollectionSlug,
        where: { name: { like: name } },
      })
      expect(totalDocs).toBe(1)
    },
    120_000,
  )

  it.each(['venues', 'organizers'])(
    'creates a %s posted twelve times at once only once',
    async (plural) => {
      const name = unique(`Posted ${plural}`)
      const responses = await Promise.all(
        Array.from({ length: 12 }, () =>
          fetch(`${api.url}/wp-json/vendor/events/v1/${plural}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...basic(admin.email, admin.password) },
            body: JSON.stringify({ [plural === 'venues' ? 'venue' : 'organizer']: name }),
          }),
        ),
      )
      expect(responses.every((response) => response.status < 300)).toBe(true)
      const ids = new Set(
        await Promise.all(
          responses.map(async (response) => ((await response.json()) as { id: number }).id),
        ),
      )
      expect(ids.size).toBe(1)
      expect(
        (
          await payload.count({
            collection: plural as CollectionSlug,
            where: { name: { equals: name } },
          })
        ).totalDocs,
      ).toBe(1)
    },
    120_000,
  )
})
