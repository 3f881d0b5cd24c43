import { describe, expect, it } from 'vitest'

import { lastAssignments } from '../../endpoints/dispatch/phpAssignments'
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
    for (const [query, expected] of PHP_READS) expect(parseQuery(query), query).toEqual(expected)
  })
})

describe('lastAssignments', () => {
  /** The processor time of the best of three calls, in ms (not the clock's: the machine's load stretches that). */
  const cpuMs = (work: () => unknown) => {
    let best = Infinity
    for (let run = 0; run < 3; run++) {
      const before = process.cpuUsage()
      work()
      const spent = process.cpuUsage(before)
      best = Math.min(best, (spent.user + spent.system) / 1000)
    }
    return best
  }

  it('reads a name of many indexes, assigned twice, in time linear in its length', () => {
    // 100,000 characters of `[bb]` after the name: a path of 25,000 indexes (the reader keeps 64).
    const name = `a${'[bb]'.repeat(25_000)}`
    const body = `${name}=1&${name}=2&b=3`
    expect(lastAssignments(body, 1000)).toBe(`${name}=2&b=3`)
    // Linear work takes a few ms here; paths keyed by their text took seconds.
    expect(cpuMs(() => lastAssignments(body, 1000))).toBeLessThan(100)
  })
})
