import { describe, expect, it } from 'vitest'

import { parseQuery } from '../../endpoints/dispatch/request'

/**
 * Query strings as PHP 8.2 reads them into `$_GET` (what WordPress's REST server reads): each
 * case's expected value is what `parse_str` gave for the same text.
 */
const PHP_READS: [string, Record<string, unknown>][] = [
  ['a=1&a=2', { a: '2' }],
  ['a=1&a[]=2', { a: ['2'] }],
  ['a[]=1&a=2', { a: '2' }],
  ['a[]=1&a[]=2', { a: ['1', '2'] }],
  ['a[x]=1&a=2', { a: '2' }],
  ['a=1&a[x]=2', { a: { x: '2' } }],
  ['a[x]=1&a[x]=2', { a: { x: '2' } }],
  ['a[b][c]=1&a[b]=2', { a: { b: '2' } }],
  ['a%5B%5D=1&a%5B%5D=2&a=3', { a: '3' }],
  ['per_page=3&page=2&per_page=4', { page: '2', per_page: '4' }],
  ['a[x][]=1&a[x][]=2&a[y]=3', { a: { x: ['1', '2'], y: '3' } }],
  ['a=1&a[x][]=2', { a: { x: ['2'] } }],
  ['a=1&a[x]=2&a[x][y]=3&a=4', { a: '4' }],
  ['a[x]=1&a[x][]=2&a[x][]=3', { a: { x: ['2', '3'] } }],
  ['a[x][]=1&a[x]=2&a[y]=3', { a: { x: '2', y: '3' } }],
]

describe('parseQuery', () => {
  it('keeps what PHP keeps of a repeated parameter: the last assignment', () => {
    for (const [query, expected] of PHP_READS)
      expect(parseQuery(query), query).toEqual(expected)
  })
})
