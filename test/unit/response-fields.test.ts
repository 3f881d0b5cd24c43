import { describe, expect, it } from 'vitest'

import { envelope, filterFields, parseFieldList } from '../../endpoints/responseFields'

/* WordPress's `_fields` and `_envelope` (docs/compatibility.md, "`_fields` and `_envelope`"). */

describe('parseFieldList', () => {
  it('splits text on commas and white space', () => {
    expect(parseFieldList('id, title  venue.venue,,')).toEqual(['id', 'title', 'venue.venue'])
    expect(parseFieldList(5)).toEqual(['5'])
  })

  it('takes a list item by item as it is (an item id,title names no key), scalars only', () => {
    expect(parseFieldList(['id,title', ' slug ', 3, true, { a: 1 }, null])).toEqual([
      'id,title',
      'slug',
      '3',
      'true',
    ])
  })

  it('reads nothing from other values', () => {
    expect([parseFieldList(undefined), parseFieldList(null), parseFieldList({ id: 1 })]).toEqual([
      [],
      [],
      [],
    ])
  })
})

describe('filterFields', () => {
  const event = {
    id: 1,
    title: 'Jazz',
    venue: { id: 3, venue: 'Hall', address: 'Main St' },
    json_ld: { '@type': 'Event', name: 'Jazz' },
  }

  it('keeps the named keys, in the body’s order, and a.b names a key inside a key', () => {
    expect(filterFields(event, 'venue.venue,id')).toEqual({ id: 1, venue: { venue: 'Hall' } })
  })

  it('trims a list answer item by item', () => {
    expect(filterFields([event, { ...event, id: 2 }], 'id')).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('ends the list at a nested path after its parent was named whole, as WordPress does', () => {
    expect(filterFields(event, 'venue,venue.address,id')).toEqual({ venue: event.venue })
  })

  it('keeps an opaque key whole whatever path names it', () => {
    expect(filterFields(event, 'json_ld.name')).toEqual({ json_ld: event.json_ld })
  })

  it('writes a key list emptied by the trim as []', () => {
    expect(filterFields(event, 'nothing')).toEqual([])
    expect(filterFields(event, 'venue.nothing')).toEqual({ venue: [] })
  })

  it('keeps the body as it is for an empty field list', () => {
    expect(filterFields(event, '')).toBe(event)
  })
})

describe('envelope', () => {
  it('carries the body, the status and the endpoint’s own headers, counts as numbers', () => {
    expect(
      envelope({ a: 1 }, 201, { 'X-TEC-Total': '12', 'X-TEC-TotalPages': 'x', Allow: 'GET' }),
    ).toEqual({
      body: { a: 1 },
      headers: { Allow: 'GET', 'X-TEC-Total': 12, 'X-TEC-TotalPages': 'x' },
      status: 201,
    })
  })

  it('writes no headers as [], as PHP writes an empty array', () => {
    expect(envelope(null, 404, {}).headers).toEqual([])
  })
})
