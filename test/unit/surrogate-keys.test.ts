import { describe, expect, it } from 'vitest'

import {
  ALL_LISTS_KEYS,
  answerKeys,
  changeKeys,
  factKeys,
  keyHeaders,
  sealKeys,
} from '../../src/cdn/surrogateKeys'
import { sanitizeOptions } from '../../src/sanitizeOptions'

const secret = 'a site secret'
const sealed = (key: string) => sealKeys(secret, [key])[0]

describe('surrogate keys', () => {
  it("seals items' keys with the site's secret, so that no header names an item a visitor cannot see, and keeps collections' keys readable", () => {
    const [venue, events] = sealKeys(secret, ['tec-venues-3', 'tec-events'])
    expect(venue).toMatch(/^tec-[\w-]{22}$/)
    expect(venue).not.toMatch(/venues/)
    expect(events).toBe('tec-events')
    expect(sealKeys('another secret', ['tec-venues-3'])[0]).not.toBe(venue)
    expect(sealKeys(secret, ['tec-venues-3'])[0]).toBe(venue)
  })

  it('files one item found by id under what it shows, slugs and errors under their collection too', () => {
    const read = ['tec-events-7', 'tec-venues-3']
    const keys = (args: { body: unknown; path: string; read: string[]; status: number }) =>
      answerKeys({ ...args, secret })
    const hidden = ['tec-venues-hidden', 'tec-organizers-hidden']
    expect(
      keys({ body: { id: 7, venue: { id: 3 } }, path: '/events/7', read, status: 200 }),
    ).toEqual([...read.map(sealed), ...hidden])
    expect(keys({ body: { code: 'x' }, path: '/events/8', read: [], status: 404 })).toEqual([
      'tec-events',
    ])
    expect(keys({ body: { id: 7 }, path: '/events/by-slug/jazz', read: [], status: 200 })).toEqual([
      'tec-events',
      ...hidden,
    ])
    // A look-up by slug that found nothing readable: also when a hidden item's slug changes.
    expect(
      keys({ body: { code: 'x' }, path: '/venues/by-slug/hall', read: [], status: 403 }),
    ).toEqual(['tec-venues', 'tec-venues-slugs'])
    expect(keys({ body: { venues: [] }, path: '/venues', read, status: 200 })).toEqual([
      ...read.map(sealed),
      'tec-venues',
    ])
    // Terms show counts of events, which any event change alters.
    expect(keys({ body: { id: 4 }, path: '/categories/4', read: [], status: 200 })).toEqual([
      sealed('tec-event-categories-4'),
      'tec-event-categories',
    ])
    expect(keys({ body: {}, path: '/', read: [], status: 200 })).toEqual([])
  })

  it('files the events list as the server keeps it: under what moves which events match, with a search what it compares, and not under every event', () => {
    const read = ['tec-events-7', 'tec-venues-3']
    const shownWith = [
      'tec-venues-any',
      'tec-organizers-any',
      'tec-event-categories-any',
      'tec-event-tags-any',
      'tec-term-counts-any',
    ]
    const list = (searches: boolean | undefined, status = 200) =>
      answerKeys({ body: { events: [] }, path: '/events', read, searches, secret, status })
    // The venue is not named: any venue's change purges the lists (`tec-venues-any`).
    const events = [sealed('tec-events-7')]
    expect(list(false)).toEqual([...events, 'tec-list-members', ...shownWith])
    expect(list(true)).toEqual([...events, 'tec-list-members', 'tec-list-texts', ...shownWith])
    // Not told: taken for a search.
    expect(list(undefined)).toContain('tec-list-texts')
    // An error of the list: any change of the calendar.
    expect(list(false, 400)).toEqual([...events, 'tec-events', ...shownWith])
  })

  it('names the venue and organizers an event shows, and by the same keys whatever hidden items it links to', () => {
    const answer = (read: string[], body: unknown) =>
      answerKeys({ body, path: '/events/7', read, secret, status: 200 })
    const body = { id: 7, organizer: [{ id: 5 }], venue: { id: 3 } }
    const shown = ['tec-events-7', 'tec-venues-3', 'tec-organizers-5']
    const alone = answer(shown, body)
    expect(alone).toEqual([...shown.map(sealed), 'tec-venues-hidden', 'tec-organizers-hidden'])
    // Three draft organizers and a trashed venue linked too: not one key more, nor another.
    const hiddenToo = [...shown, 'tec-organizers-8', 'tec-organizers-9', 'tec-organizers-10']
    expect(answer([...hiddenToo, 'tec-venues-4'], body)).toEqual(alone)
    // Nothing shown: the same hidden keys.
    expect(answer(['tec-events-7', 'tec-venues-4'], { id: 7, organizer: [], venue: [] })).toEqual([
      sealed('tec-events-7'),
      'tec-venues-hidden',
      'tec-organizers-hidden',
    ])
    // Publishing or unpublishing a venue or organizer purges them; another change does not.
    expect(changeKeys(secret, 'organizers', 8, [], true)).toContain('tec-organizers-hidden')
    expect(changeKeys(secret, 'organizers', 8)).not.toContain('tec-organizers-hidden')
    expect(changeKeys(secret, 'event-tags', 2, [], true)).not.toContain('tec-event-tags-hidden')
  })

  it('purges for a change what can show it: the item, its lists, and what counts or filters by it', () => {
    expect(changeKeys(secret, 'venues', 3)).toEqual([
      sealed('tec-venues-3'),
      'tec-venues',
      'tec-venues-any',
    ])
    // Which events lists an event's change purges its transaction tells (`factKeys`).
    expect(changeKeys(secret, 'events', 7)).toEqual([
      sealed('tec-events-7'),
      'tec-events',
      'tec-event-categories',
      'tec-event-tags',
      'tec-organizers',
      'tec-venues',
    ])
    // Other events show the counts of the terms this one had or has.
    expect(changeKeys(secret, 'events', 7, [4, 5, 4]).slice(-2)).toEqual([
      sealed('tec-term-counts-4'),
      sealed('tec-term-counts-5'),
    ])
    expect(changeKeys(secret, 'event-tags', 2)).toEqual([
      sealed('tec-event-tags-2'),
      'tec-event-tags',
      'tec-event-tags-any',
      'tec-events',
    ])
  })

  it("purges the events lists a transaction's facts name: none for a title outside searches, every one for a fact not known", () => {
    expect(factKeys([], false)).toEqual([])
    expect(factKeys(['list-texts'], false)).toEqual(['tec-list-texts'])
    expect(factKeys(['list-members', 'list-texts'], true)).toEqual([
      'tec-list-members',
      'tec-list-texts',
      'tec-term-counts-any',
    ])
    expect(factKeys(['list-something-new'], false)).toEqual(ALL_LISTS_KEYS)
    expect(ALL_LISTS_KEYS).toEqual(['tec-list-members', 'tec-list-texts', 'tec-term-counts-any'])
    // They name no item: they travel as they are.
    expect(sealKeys(secret, [...ALL_LISTS_KEYS, 'tec-venues-any'])).toEqual([
      ...ALL_LISTS_KEYS,
      'tec-venues-any',
    ])
  })

  it('sends the keys for Fastly and Varnish (spaces) and Cloudflare (commas), and nothing without keys', () => {
    expect(keyHeaders(['a', 'b'])).toEqual({ 'Cache-Tag': 'a,b', 'Surrogate-Key': 'a b' })
    expect(keyHeaders([])).toEqual({})
  })
})

describe('the cdn option', () => {
  const sanitized = (cdn: unknown) => sanitizeOptions({ cdn } as never, { localization: false }).cdn

  it('is off unless given, and takes lifetimes in whole seconds and a purge function', () => {
    expect(sanitized(undefined)).toBeNull()
    const purge = () => undefined
    expect(sanitized({ maxAge: 600, purge })).toEqual({
      maxAge: 600,
      purge,
      staleWhileRevalidate: 0,
    })
    for (const bad of [0, -1, 1.5, '600', 31_536_001])
      expect(() => sanitized({ maxAge: bad })).toThrow(/cdn.maxAge/)
    expect(() => sanitized({ maxAge: 60, staleWhileRevalidate: -1 })).toThrow(
      /cdn.staleWhileRevalidate/,
    )
    expect(() => sanitized({ maxAge: 60, purge: 'http://varnish/' })).toThrow(/cdn.purge/)
  })
})
