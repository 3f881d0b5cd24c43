import { describe, expect, it } from 'vitest'

import { answerKeys, changeKeys, keyHeaders, sealKeys } from '../../src/cdn/surrogateKeys'
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

  it('files one item found by id under what it shows, and lists, slugs and errors under their collection too', () => {
    const read = ['tec-events-7', 'tec-venues-3']
    const keys = (args: { body: unknown; path: string; read: string[]; status: number }) =>
      answerKeys({ ...args, secret })
    expect(keys({ body: { id: 7 }, path: '/events/7', read, status: 200 })).toEqual(
      read.map(sealed),
    )
    expect(keys({ body: { events: [] }, path: '/events', read, status: 200 })).toEqual([
      ...read.map(sealed),
      'tec-events',
    ])
    expect(keys({ body: { code: 'x' }, path: '/events/8', read: [], status: 404 })).toEqual([
      'tec-events',
    ])
    expect(keys({ body: { id: 7 }, path: '/events/by-slug/jazz', read: [], status: 200 })).toEqual([
      'tec-events',
    ])
    // Terms show counts of events, which any event change alters.
    expect(keys({ body: { id: 4 }, path: '/categories/4', read: [], status: 200 })).toEqual([
      sealed('tec-event-categories-4'),
      'tec-event-categories',
    ])
    expect(keys({ body: {}, path: '/', read: [], status: 200 })).toEqual([])
  })

  it('purges for a change what can show it: the item, its lists, and what counts or filters by it', () => {
    expect(changeKeys(secret, 'venues', 3)).toEqual([sealed('tec-venues-3'), 'tec-venues'])
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
      'tec-events',
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
