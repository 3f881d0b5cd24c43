import type { Payload } from 'payload'

import { beforeAll, describe, expect, it } from 'vitest'

import { getTestPayload, unique } from '../helpers/payload'

describe('localization (en, fr, es with fallback to en)', () => {
  let payload: Payload
  beforeAll(async () => {
    payload = await getTestPayload()
  })

  it('round-trips a French translation and falls back to English for Spanish', async () => {
    const title = unique('Concert')
    const created = await payload.create({
      collection: 'events',
      data: {
        title,
        excerpt: 'An evening of music',
        startDate: '2027-02-01T19:00:00Z',
        endDate: '2027-02-01T21:00:00Z',
        timezone: 'Europe/Paris',
        status: 'publish',
      } as never,
      locale: 'en',
    })
    await payload.update({
      collection: 'events',
      id: created.id,
      locale: 'fr',
      data: { title: `${title} (fr)`, excerpt: 'Une soirée de musique' } as never,
    })

    const fr = await payload.findByID({ collection: 'events', id: created.id, locale: 'fr' })
    const es = await payload.findByID({ collection: 'events', id: created.id, locale: 'es' })
    const en = await payload.findByID({ collection: 'events', id: created.id, locale: 'en' })
    expect(fr.title).toBe(`${title} (fr)`)
    expect(fr.excerpt).toBe('Une soirée de musique')
    expect(es.title).toBe(title)
    expect(es.excerpt).toBe('An evening of music')
    expect(en.title).toBe(title)
    // The slug is shared by all languages.
    expect(fr.slug).toBe(en.slug)

    const noFallback = await payload.findByID({
      collection: 'events',
      id: created.id,
      locale: 'es',
      fallbackLocale: false,
    })
    expect(noFallback.title).toBeFalsy()
  })

  it('fills the English text of an item created in French, so no item is nameless', async () => {
    const name = unique('Salle des fêtes')
    const venue = await payload.create({
      collection: 'venues',
      data: { name, status: 'publish' },
      locale: 'fr',
    })
    const en = await payload.findByID({
      collection: 'venues',
      id: venue.id,
      locale: 'en',
      fallbackLocale: false,
    })
    expect(en.name).toBe(name)
    await payload.update({
      collection: 'venues',
      id: venue.id,
      locale: 'fr',
      data: { name: `${name} 2` },
    })
    const after = await payload.findByID({
      collection: 'venues',
      id: venue.id,
      locale: 'en',
      fallbackLocale: false,
    })
    expect(after.name).toBe(name)
  })

  it('translates terms', async () => {
    const category = await payload.create({
      collection: 'event-categories',
      data: { name: unique('Music') },
    })
    await payload.update({
      collection: 'event-categories',
      id: category.id,
      locale: 'es',
      data: { name: 'Música' },
    })
    expect(
      (await payload.findByID({ collection: 'event-categories', id: category.id, locale: 'es' }))
        .name,
    ).toBe('Música')
    expect(
      (await payload.findByID({ collection: 'event-categories', id: category.id, locale: 'fr' }))
        .name,
    ).toBe(category.name)
  })
})
