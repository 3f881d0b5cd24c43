import type { Payload } from 'payload'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FOLDED_TEXTS } from '../../src/db/calendarSchema/searchFolding'
import { poolOf } from '../../src/db/pool'

import { listedEvents, serveAllApis, type TestServer } from '../helpers/http'
import { getTestPayload, unique } from '../helpers/payload'
import { inReadMode } from '../helpers/readModes'

/*
 * The events' searched texts are kept folded (`calendar_event_folded_texts`, searchFolding.ts),
 * which the SQL reads' searches read: the stored folds follow every write of a translation in the
 * writing transaction (a new event, an edited title, a new language, a removed event), equal what
 * `calendar_search_fold` makes of `events_locales`' texts, and the list finds by them.
 */
describe('the folded texts a search reads', () => {
  let payload: Payload
  let api: TestServer
  let marker: string

  const pool = () => poolOf(payload)!
  /** Translations whose stored folds differ from their texts' (or that have none, or none left). */
  const stale = async () =>
    (
      await pool()
        .query(`SELECT count(*)::int AS n FROM events_locales l FULL JOIN ${FOLDED_TEXTS} f ON f.id = l.id
      WHERE l.id IS NULL OR f.id IS NULL OR f.parent_id <> l._parent_id OR f.locale <> l._locale::text
        OR f.title IS DISTINCT FROM calendar_search_fold(l.title) OR f.excerpt IS DISTINCT FROM calendar_search_fold(l.excerpt)
        OR f.description_text IS DISTINCT FROM calendar_search_fold(l.description_text)`)
    ).rows[0].n as number
  const found = (word: string) =>
    inReadMode(payload, true, () => listedEvents(api, `search=${encodeURIComponent(word)}`))

  beforeAll(async () => {
    payload = await getTestPayload()
    api = await serveAllApis(payload)
    marker = unique('folded').replace(/[^a-z0-9]/gi, '')
  })
  afterAll(() => api?.close())

  it('follows an event’s creation, an edit, a translation and its removal', async () => {
    const event = await payload.create({
      collection: 'events',
      data: {
        title: `${marker} Café Jàzz`,
        status: 'publish',
        startDate: '2027-03-01T18:00:00.000Z',
        endDate: '2027-03-01T20:00:00.000Z',
        timezone: 'UTC',
      },
      locale: 'en',
    })
    expect(await stale()).toBe(0)
    expect(await found(`${marker} cafe jazz`)).toEqual({ ids: [event.id], total: 1 })

    await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: `${marker} Ópera` },
      locale: 'en',
    })
    expect(await stale()).toBe(0)
    expect(await found(`${marker} opera`)).toEqual({ ids: [event.id], total: 1 })
    expect(await found(`${marker} jazz`)).toEqual({ ids: [], total: 0 })

    await payload.update({
      collection: 'events',
      id: event.id,
      data: { title: `${marker} Théâtre` },
      locale: 'fr',
    })
    expect(await stale()).toBe(0)
    const { rows: fr } = await pool().query(
      `SELECT title FROM ${FOLDED_TEXTS} WHERE parent_id = $1 AND locale = 'fr'`,
      [event.id],
    )
    expect(fr).toEqual([{ title: `${marker.toLowerCase()} theatre` }])

    await payload.delete({ collection: 'events', id: event.id })
    expect(await stale()).toBe(0)
    const { rows } = await pool().query(`SELECT 1 FROM ${FOLDED_TEXTS} WHERE parent_id = $1`, [
      event.id,
    ])
    expect(rows).toEqual([])
  })

  it('changes in the writing transaction, and not when it rolls back', async () => {
    const event = await payload.create({
      collection: 'events',
      data: {
        title: `${marker} Noël`,
        status: 'publish',
        startDate: '2027-03-02T18:00:00.000Z',
        endDate: '2027-03-02T20:00:00.000Z',
        timezone: 'UTC',
      },
      locale: 'en',
    })
    const folded = `SELECT title FROM ${FOLDED_TEXTS} WHERE parent_id = $1 AND locale = 'en'`
    const client = await pool().connect()
    try {
      await client.query('BEGIN')
      await client.query(
        `UPDATE events_locales SET title = $2 WHERE _parent_id = $1 AND _locale = 'en'`,
        [event.id, `${marker} ÉTÉ`],
      )
      expect((await client.query(folded, [event.id])).rows).toEqual([
        { title: `${marker.toLowerCase()} ete` },
      ])
      // Not yet for anyone else.
      expect((await pool().query(folded, [event.id])).rows).toEqual([
        { title: `${marker.toLowerCase()} noel` },
      ])
      await client.query('ROLLBACK')
    } finally {
      client.release()
    }
    expect((await pool().query(folded, [event.id])).rows).toEqual([
      { title: `${marker.toLowerCase()} noel` },
    ])
    expect(await stale()).toBe(0)
  })
})
