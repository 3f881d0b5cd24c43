import type { Config, Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { en } from '../../src/i18n/en'
import { es } from '../../src/i18n/es'
import { fr } from '../../src/i18n/fr'
import { eventsCalendarPlugin } from '../../src/plugin'
import { serveAllApis } from '../helpers/http'
import { createUser, getTestPayload, type TestUser, unique } from '../helpers/payload'

/*
 * The admin in the editor's language, on the server's side: the languages the plugin adds to a
 * site's config, what Payload's REST API answers in French, and the content language that no
 * longer outlives a sign-in. The browser's side is in `admin.e2e.test.ts`.
 */
const siteConfig = (i18n?: Config['i18n']): Config =>
  ({
    collections: [],
    i18n,
    localization: { defaultLocale: 'en', locales: ['en', 'fr', 'es'] },
    secret: 'test',
  }) as unknown as Config

describe('the plugin’s languages in a site’s config', () => {
  it('adds French and Spanish to Payload’s default English, with the plugin’s words in each', () => {
    const i18n = eventsCalendarPlugin()(siteConfig()).i18n!
    expect(Object.keys(i18n.supportedLanguages!).sort()).toEqual(['en', 'es', 'fr'])
    // Payload's own words come with them (its "Save" in French), and the plugin's under its namespace.
    expect(
      (i18n.supportedLanguages!.fr!.translations as { general: { save: string } }).general.save,
    ).toBe('Sauvegarder')
    const translations = i18n.translations as Record<
      string,
      { eventsCalendar: Record<string, string> }
    >
    expect(translations.fr!.eventsCalendar.events).toBe('Évènements')
    expect(translations.es!.eventsCalendar.moveToTrash).toBe('Mover a la papelera')
  })

  it('keeps the site’s own languages and its own wording of the plugin’s keys', async () => {
    const { de } = await import('@payloadcms/translations/languages/de')
    const { en: payloadEn } = await import('@payloadcms/translations/languages/en')
    const i18n = eventsCalendarPlugin()(
      siteConfig({
        fallbackLanguage: 'de',
        supportedLanguages: { de, en: payloadEn },
        translations: { en: { eventsCalendar: { events: 'Happenings' } } } as never,
      }),
    ).i18n!
    expect(Object.keys(i18n.supportedLanguages!).sort()).toEqual(['de', 'en', 'es', 'fr'])
    expect(i18n.fallbackLanguage).toBe('de')
    const translations = i18n.translations as Record<
      string,
      { eventsCalendar: Record<string, string> }
    >
    expect(translations.en!.eventsCalendar.events).toBe('Happenings')
    expect(translations.en!.eventsCalendar.venues).toBe('Venues')
  })

  it('has every word in every language, none left in English by mistake where the languages differ', () => {
    for (const words of [fr, es]) expect(Object.keys(words).sort()).toEqual(Object.keys(en).sort())
    // A few that must differ: a copy of the English table would pass the key check alone.
    for (const key of [
      'events',
      'moveToTrash',
      'calendarView',
      'upcoming',
      'endBeforeStart',
    ] as const) {
      expect(fr[key]).not.toBe(en[key])
      expect(es[key]).not.toBe(en[key])
    }
  })
})

describe('the admin’s language over HTTP', () => {
  let payload: Payload
  let api: Awaited<ReturnType<typeof serveAllApis>>
  let editor: TestUser

  const login = async (user: TestUser) => {
    const response = await fetch(`${api.url}/api/users/login`, {
      body: JSON.stringify({ email: user.email, password: user.password }),
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { token: string }).token
  }

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    editor = await createUser(payload, 'editor')
  })

  afterAll(async () => {
    await api?.close()
  })

  it('refuses in the editor’s language: an end before the start, and Scheduled without a date', async () => {
    const token = await login(editor)
    const post = (language: string, data: Record<string, unknown>) =>
      fetch(`${api.url}/api/events`, {
        body: JSON.stringify({ title: unique('Langues'), timezone: 'Europe/Paris', ...data }),
        headers: {
          'Accept-Language': language,
          Authorization: `JWT ${token}`,
          'Content-Type': 'application/json',
        },
        method: 'POST',
      })
    const backwards = { endDate: '2027-03-01T18:00:00Z', startDate: '2027-03-01T20:00:00Z' }
    const inFrench = await post('fr-FR,fr;q=0.9', backwards)
    expect(inFrench.status).toBe(400)
    expect(JSON.stringify(await inFrench.json())).toContain(fr.endBeforeStart)
    const inSpanish = await post('es', backwards)
    expect(JSON.stringify(await inSpanish.json())).toContain(es.endBeforeStart)
    const inEnglish = await post('en', backwards)
    expect(JSON.stringify(await inEnglish.json())).toContain(en.endBeforeStart)

    const scheduled = await post('fr', {
      endDate: '2027-03-01T20:00:00Z',
      startDate: '2027-03-01T18:00:00Z',
      status: 'future',
    })
    expect(scheduled.status).toBe(400)
    expect(JSON.stringify(await scheduled.json())).toContain(fr.scheduleNeedsDate)
  })

  it('opens each sign-in on the default content language: the language picked last time is forgotten', async () => {
    const token = await login(editor)
    const headers = { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' }
    // What the admin's locale switch stores when French is picked.
    const saved = await fetch(`${api.url}/api/payload-preferences/locale`, {
      body: JSON.stringify({ value: 'fr' }),
      headers,
      method: 'POST',
    })
    expect(saved.status).toBe(200)
    const before = await fetch(`${api.url}/api/payload-preferences/locale`, { headers })
    expect(((await before.json()) as { value?: string }).value).toBe('fr')

    const again = await login(editor)
    const after = await fetch(`${api.url}/api/payload-preferences/locale`, {
      headers: { Authorization: `JWT ${again}` },
    })
    // Payload answers a preference it does not have with a null value.
    expect(((await after.json()) as { value?: unknown }).value ?? null).toBeNull()
    // Other preferences stay.
    await fetch(`${api.url}/api/payload-preferences/events-list`, {
      body: JSON.stringify({ value: { limit: 25 } }),
      headers: { Authorization: `JWT ${again}`, 'Content-Type': 'application/json' },
      method: 'POST',
    })
    await login(editor)
    const kept = await fetch(`${api.url}/api/payload-preferences/events-list`, {
      headers: { Authorization: `JWT ${again}` },
    })
    expect(((await kept.json()) as { value?: unknown }).value).toEqual({ limit: 25 })
  })
})
