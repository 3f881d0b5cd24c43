import type { Payload } from 'payload'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { requireDrizzle } from '../../src/db/payloadInternals/adapter'
import { serveCompatApi, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'
import { lexicalParagraph } from '../helpers/lexical'

/*
 * `search` on the events list (and on venues, organizers and terms) over HTTP: which items match,
 * whatever index serves the look-up (`src/db/calendarSchema/searchIndexes.ts`). Events: every word
 * must be found, case-insensitively, in the title, the excerpt or the description's text, in the
 * language asked.
 */

describe('search', () => {
  let payload: Payload
  let api: TestServer
  const tag = unique('srch').replace(/[^a-z0-9]/gi, '')
  const ids: Record<string, number> = {}
  const DATES = { startDate: '2027-05-01T10:00:00.000Z', endDate: '2027-05-01T12:00:00.000Z' }

  const listed = async (path: string, root = '/wp-json') => {
    const response = await fetch(`${api.url}${root}/vendor/events/v1${path}`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { events?: { id: number }[]; total?: number }
    const names = Object.entries(ids)
    return (body.events ?? [])
      .map((event) => names.find(([, id]) => id === event.id)?.[0] ?? `other ${event.id}`)
      .sort()
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveCompatApi(payload)
    const create = async (name: string, data: Record<string, unknown>) => {
      ids[name] = (
        await payload.create({
          collection: 'events',
          data: { ...DATES, status: 'publish', ...data } as never,
          overrideAccess: true,
        })
      ).id as number
    }
    await create('inTitle', { title: `${tag} Saxophone Quartet` })
    await create('inExcerpt', {
      title: `${tag} Evening`,
      excerpt: 'A night of SAXOPHONE standards',
    })
    await create('inDescription', {
      title: `${tag} Matinee`,
      description: lexicalParagraph('Bring your own saxophone and a chair.'),
    })
    await create('otherWords', { title: `${tag} Piano recital`, excerpt: 'Quiet keys' })
    await create('draft', { title: `${tag} Saxophone draft`, status: 'draft' })
    await payload.update({
      collection: 'events',
      id: ids.otherWords!,
      locale: 'fr',
      data: { title: `${tag} Récital de saxophone` } as never,
      overrideAccess: true,
    })
  })
  afterAll(() => api.close())

  it('finds every word in the title, the excerpt or the description text, case-insensitively', async () => {
    expect(await listed(`/events?search=${tag}`)).toEqual([
      'inDescription',
      'inExcerpt',
      'inTitle',
      'otherWords',
    ])
    expect(await listed(`/events?search=${tag}%20saxophone`)).toEqual([
      'inDescription',
      'inExcerpt',
      'inTitle',
    ])
    expect(await listed(`/events?search=${tag}%20SAXO`)).toEqual([
      'inDescription',
      'inExcerpt',
      'inTitle',
    ])
    expect(await listed(`/events?search=${tag}%20saxophone%20quartet`)).toEqual(['inTitle'])
    expect(await listed(`/events?search=${tag}%20chair`)).toEqual(['inDescription'])
    expect(await listed(`/events?search=${tag}%20trombone`)).toEqual([])
    // Words of two fields: each word somewhere.
    expect(await listed(`/events?search=${tag}%20evening%20standards`)).toEqual(['inExcerpt'])
  })

  it('searches the language asked', async () => {
    expect(await listed(`/events?search=${tag}%20r%C3%A9cital%20saxophone`, '/fr/wp-json')).toEqual(
      ['otherWords'],
    )
    expect(await listed(`/events?search=${tag}%20r%C3%A9cital%20saxophone`)).toEqual([])
    // Accents do not count (`test/search-semantics.test.ts`): the English "Piano recital".
    expect(await listed(`/events?search=${tag}%20r%C3%A9cital`)).toEqual(['otherWords'])
  })

  it('answers short, odd and wildcard-like searches without failing', async () => {
    for (const search of ['a', 'sa', '%25', '_', '%5C', "'", 'x'.repeat(300), '%E2%9C%93']) {
      const response = await fetch(
        `${api.url}/wp-json/vendor/events/v1/events?search=${tag}%20${search}`,
      )
      expect(response.status, search).toBe(200)
    }
    expect(await listed(`/events?search=${tag}%20sa`)).toEqual([
      'inDescription',
      'inExcerpt',
      'inTitle',
    ])
  })

  // Venues and organizers: every fragment in one of the fields (`SEARCH_FIELDS` in `endpoints/linkedPosts/controller.ts`).
  it('searches venues, organizers and terms', async () => {
    const venue = await payload.create({
      collection: 'venues',
      data: { name: `${tag} Québec Hall`, city: 'Québec', status: 'publish' } as never,
      overrideAccess: true,
    })
    const organizer = await payload.create({
      collection: 'organizers',
      data: { name: `${tag} Society`, email: `${tag}@example.org`, status: 'publish' } as never,
      overrideAccess: true,
    })
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: `${tag} Brass` } as never,
      overrideAccess: true,
    })
    const get = async (path: string) =>
      (await (await fetch(`${api.url}/wp-json/vendor/events/v1${path}`)).json()) as Record<
        string,
        { id: number }[]
      >
    expect(
      (await get(`/venues?search=${tag}%20qu%C3%A9bec`)).venues!.map((item) => item.id),
    ).toEqual([venue.id])
    expect((await get(`/venues?search=${tag}%20montreal`)).venues).toEqual([])
    expect((await get(`/venues?search=${tag}%20hall`)).venues!.map((item) => item.id)).toEqual([
      venue.id,
    ])
    expect(
      (await get(`/organizers?search=${tag}%40example`)).organizers!.map((item) => item.id),
    ).toEqual([organizer.id])
    expect(
      (await get(`/categories?search=${tag}&hide_empty=false`)).categories!.map((item) => item.id),
    ).toEqual([category.id])
  })

  it('has a trigram index of each searched text, folded, where pg_trgm is available (and of the raw title, for the admin search)', async () => {
    const db = requireDrizzle(payload)
    const { rows } = (await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available,
        (SELECT array_agg(indexname::text ORDER BY indexname) FROM pg_indexes
          WHERE tablename IN ('events_locales', 'venues', 'venues_locales', 'organizers', 'organizers_locales') AND indexdef LIKE '%gin_trgm_ops%') AS indexes`)) as {
      rows: { available: boolean; indexes: null | string[] }[]
    }
    expect(rows[0]!.available).toBe(true)
    expect(rows[0]!.indexes).toEqual([
      'events_locales_description_text_fold_trgm_idx',
      'events_locales_excerpt_fold_trgm_idx',
      'events_locales_title_fold_trgm_idx',
      'events_locales_title_trgm_idx',
      'organizers_email_fold_trgm_idx',
      'organizers_locales_description_text_fold_trgm_idx',
      'organizers_locales_excerpt_fold_trgm_idx',
      'organizers_locales_name_fold_trgm_idx',
      'organizers_phone_fold_trgm_idx',
      'organizers_slug_trgm_idx',
      'organizers_website_fold_trgm_idx',
      'venues_address_fold_trgm_idx',
      'venues_city_fold_trgm_idx',
      'venues_locales_description_text_fold_trgm_idx',
      'venues_locales_excerpt_fold_trgm_idx',
      'venues_locales_name_fold_trgm_idx',
      'venues_phone_fold_trgm_idx',
      'venues_province_fold_trgm_idx',
      'venues_slug_trgm_idx',
      'venues_state_fold_trgm_idx',
      'venues_state_province_fold_trgm_idx',
      'venues_zip_fold_trgm_idx',
    ])
    // The fold is declared at its real cost, so that the planner reads a rare word's matches through these indexes (`searchCosts.ts`).
    const cost = (await db.execute(
      sql`SELECT procost FROM pg_proc WHERE oid = to_regprocedure('calendar_unaccent(regdictionary, text)')`,
    )) as { rows: { procost: number }[] }
    expect(cost.rows.map((row) => Number(row.procost))).toEqual([100])
  })
})
